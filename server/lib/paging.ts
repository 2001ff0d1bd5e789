import { z } from 'zod';

/** The largest page size a list answers; a larger `items` / `limit` is served as this many. */
export const MAX_PAGE_SIZE = 100;

/** Decimal digits only (no sign, blank, hex, exponent or fraction), from 1 to a bound that keeps offsets exact. */
const wholeFromOne = (name: string) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      const parsed = /^\d{1,9}$/.test(value) ? Number(value) : 0;
      if (parsed < 1) {
        ctx.addIssue({ code: 'custom', message: `${name} must be a whole number of 1 or more` });
        return z.NEVER;
      }
      return parsed;
    });

/** page + items (users, posts) or page + limit (everything else); a bad value is refused, never guessed. */
const pagingQuery = z.object({
  page: wholeFromOne('Page'),
  items: wholeFromOne('Items'),
  limit: wholeFromOne('Limit'),
});

export function paging(query: Record<string, string | undefined>) {
  const { page = 1, items, limit } = pagingQuery.parse(query);
  const size = Math.min(items ?? limit ?? 10, MAX_PAGE_SIZE);
  return { page, size, offset: (page - 1) * size };
}

export function pageBody<T>(result: T[], count: number, page: number, size: number) {
  return { success: true, message: 'Success', result, pagination: { count, page, items: size } };
}
