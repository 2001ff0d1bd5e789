import { z } from 'zod';

const positive = (fallback: number, max: number) =>
  z.coerce.number().int().min(1).max(max).catch(fallback).default(fallback);

/** page + items (users, posts) or page + limit (everything else); bad values fall back to the defaults. */
export const pagingQuery = z.object({
  page: positive(1, 1_000_000),
  items: positive(10, 100).optional(),
  limit: positive(10, 100).optional(),
});

export function paging(query: Record<string, string | undefined>) {
  const { page, items, limit } = pagingQuery.parse(query);
  const size = items ?? limit ?? 10;
  return { page, size, offset: (page - 1) * size };
}

export function pageBody<T>(result: T[], count: number, page: number, size: number) {
  return { success: true, message: 'Success', result, pagination: { count, page, items: size } };
}
