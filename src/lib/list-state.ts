// The reading of a list's state from a query string, apart from the hook (list-params.ts): route prefetches use it,
// and they run in the first script (src/boot.ts), which must not wait for React Router.
export const DEFAULT_PAGE_SIZE = 10;
export const PAGE_SIZES = [10, 20, 50, 100] as const;

function positiveInt(value: string | null, fallback: number): number {
  const number = Number(value);
  return Number.isInteger(number) && number > 0 ? number : fallback;
}

/** A list's page, size, search and filters as the URL gives them. */
export type ListState<Filter extends string = never> = {
  page: number;
  size: number;
  search: string;
  filters: Record<Filter, string>;
};

/**
 * Reads a list's state from a query string: the one reading of it, shared by the screen (useListParams) and the
 * route's prefetch (router.tsx), so both ask for the same query.
 */
export function readListParams<Filter extends string = never>(
  searchParams: URLSearchParams,
  filterNames: readonly Filter[] = [],
): ListState<Filter> {
  const page = positiveInt(searchParams.get('page'), 1);
  // Only the sizes the control offers: a hand-edited ?size=5000 would otherwise ask the API for everything.
  const requestedSize = positiveInt(searchParams.get('size'), DEFAULT_PAGE_SIZE);
  const size = (PAGE_SIZES as readonly number[]).includes(requestedSize) ? requestedSize : DEFAULT_PAGE_SIZE;
  const search = searchParams.get('q') ?? '';
  const filters = Object.fromEntries(
    filterNames.map((name) => [name, searchParams.get(name) ?? '']),
  ) as Record<Filter, string>;
  return { page, size, search, filters };
}
