// The reading of a list's state from a query string, apart from the hook (list-params.ts): route prefetches use it,
// and they run in the first script (src/boot.ts), which must not wait for React Router.
import { storedFeature } from './features';
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 20, 50, 100] as const;

function positiveInt(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/** A list's order: a field it offers (a column's, or the API's sort field) and the direction. */
export type ListSort = { field: string; order: 'asc' | 'desc' };

/** A list's page, size, search, filters and sort as the URL gives them. */
export type ListState<Filter extends string = never> = {
  page: number;
  size: number;
  search: string;
  filters: Record<Filter, string>;
  /** `sort=<field>&order=asc|desc`; null when the URL names none, or a field the list does not offer now. */
  sort: ListSort | null;
};

/**
 * Reads a list's state from a query string: the one reading of it, shared by the screen (useListParams), the
 * route's prefetch (router.tsx) and its first call (src/boot.ts), so all ask for the same query. `sortFields`: what
 * the list can be sorted by now (for a server-paged list, apiSortFields of its fields).
 */
export function readListParams<Filter extends string = never>(
  searchParams: URLSearchParams,
  filterNames: readonly Filter[] = [],
  sortFields: readonly string[] = [],
): ListState<Filter> {
  const page = positiveInt(searchParams.get('page'), 1);
  // Only the sizes the control offers: a hand-edited ?size=5000 would otherwise ask the API for everything.
  const requestedSize = positiveInt(searchParams.get('size'), DEFAULT_PAGE_SIZE);
  const size = (PAGE_SIZES as readonly number[]).includes(requestedSize) ? requestedSize : DEFAULT_PAGE_SIZE;
  const search = searchParams.get('q') ?? '';
  const filters = Object.fromEntries(
    filterNames.map((name) => [name, searchParams.get(name) ?? '']),
  ) as Record<Filter, string>;
  const field = searchParams.get('sort') ?? '';
  const sort: ListSort | null = sortFields.includes(field)
    ? { field, order: searchParams.get('order') === 'desc' ? 'desc' : 'asc' }
    : null;
  return { page, size, search, filters, sort };
}

/**
 * A server-paged list's sort fields as it may use them now: all of them when the signed-in API announced
 * 'list-sort', none otherwise (DECISIONS: no sort params, no sort controls). Read from the session's stored
 * features (storedFeature) rather than from session.ts, which the first script (src/boot.ts) cannot load; screens
 * read the same storage through useFeature.
 */
export const apiSortFields = <Field extends string>(fields: readonly Field[]): readonly Field[] =>
  storedFeature('list-sort') ? fields : [];

/** A server-paged list's page request: the page, its size, and its sort only when there is one. */
export const pageRequest = ({ page, size, sort }: Pick<ListState, 'page' | 'size' | 'sort'>) =>
  sort ? { page, size, sort } : { page, size };
