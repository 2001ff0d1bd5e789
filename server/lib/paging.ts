import { z } from 'zod';

/** The largest page size a list answers; a larger `items` / `limit` is served as this many. */
export const MAX_PAGE_SIZE = 100;

const wholeFromOne = (name: string) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: `${name} must be a whole number of 1 or more` })
      .int(`${name} must be a whole number of 1 or more`)
      .min(1, `${name} must be a whole number of 1 or more`)
      .optional(),
  );

/** page + items (users, posts) or page + limit (everything else); a bad value is refused, never guessed. */
const pagingQuery = z.object({
  page: wholeFromOne('page'),
  items: wholeFromOne('items'),
  limit: wholeFromOne('limit'),
});

export function paging(query: Record<string, string | undefined>) {
  const { page = 1, items, limit } = pagingQuery.parse(query);
  const size = Math.min(items ?? limit ?? 10, MAX_PAGE_SIZE);
  return { page, size, offset: (page - 1) * size };
}

export function pageBody<T>(result: T[], count: number, page: number, size: number) {
  return { success: true, message: 'Success', result, pagination: { count, page, items: size } };
}
