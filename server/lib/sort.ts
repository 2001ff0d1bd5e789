import { z } from 'zod';
import type { SortedList, SortField } from '../../contract/sort-fields';
import { HttpError } from './errors';

/**
 * A server-paged list's sort (announced as 'list-sort'): `sort=<field>&order=asc|desc`. Each list names its fields
 * after the columns the console shows, each as the SQL it orders by (several expressions for one field when the
 * column shows several values, as a user's name and surname). `order` defaults to asc; an empty value counts as
 * absent, as paging's do; without `sort` a list keeps its own order.
 */
export type SortFields = Record<string, string | readonly string[]>;

/** A list's sort fields (contract/sort-fields.ts), each as the SQL it orders by. */
export type ListSort<List extends SortedList> = Record<SortField<List>, string | readonly string[]>;

export type Sort<F extends string = string> = { field: F; descending: boolean };

const orderSchema = z.enum(['asc', 'desc'], { error: 'Order must be asc or desc' }).optional();

export function parseSort<F extends string>(
  query: Record<string, string | undefined>,
  fields: readonly F[],
): Sort<F> | undefined {
  const sort = query.sort || undefined;
  if (sort !== undefined && !(fields as readonly string[]).includes(sort))
    throw new HttpError(400, `Sort must be one of ${fields.join(', ')}`);
  const order = orderSchema.parse(query.order || undefined);
  return sort === undefined ? undefined : { field: sort as F, descending: order === 'desc' };
}

/**
 * The ORDER BY of a list: the chosen field's expressions then `tieBreak` (a unique column, so equal values keep one
 * order and desc is exactly asc reversed), all in the chosen direction; `otherwise` when the query names no sort.
 */
export function orderBy(
  query: Record<string, string | undefined>,
  fields: SortFields,
  { tieBreak, otherwise }: { tieBreak: string; otherwise: string },
) {
  const sort = parseSort(query, Object.keys(fields));
  if (!sort) return otherwise;
  const direction = sort.descending ? 'DESC' : 'ASC';
  return [fields[sort.field]!, tieBreak]
    .flat()
    .map((expression) => `${expression} ${direction}`)
    .join(', ');
}

/**
 * A list with one fixed order (newest first, or by name) refuses `sort` and `order`, so that a client asking for
 * another order learns it will not get one; empty values count as absent.
 */
export function unsorted(query: Record<string, string | undefined>, says: string) {
  if (query.sort || query.order)
    throw new HttpError(400, `This list cannot be sorted: it is always ${says}; send no sort or order`);
}
