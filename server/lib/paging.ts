import { z } from 'zod';
import { checkPageNumber, pageSize, Refusal } from '../../contract/rules';

const wholeFromOne = (name: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      const result = checkPageNumber(name, value);
      if (!(result instanceof Refusal)) return result;
      ctx.addIssue({ code: 'custom', message: result.message });
      return z.NEVER;
    });

/** page + items (users, posts) or page + limit (everything else); a bad value is refused, never guessed. */
const pagingQuery = z.object({
  page: wholeFromOne('Page'),
  items: wholeFromOne('Items'),
  limit: wholeFromOne('Limit'),
});

export function paging(query: Record<string, string | undefined>) {
  const { page = 1, items, limit } = pagingQuery.parse(query);
  const size = pageSize(items, limit);
  return { page, size, offset: (page - 1) * size };
}

export function pageBody<T>(result: T[], count: number, page: number, size: number) {
  return { success: true, message: 'Success', result, pagination: { count, page, items: size } };
}
