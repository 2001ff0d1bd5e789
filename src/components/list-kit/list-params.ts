import { startTransition, useCallback, useOptimistic } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, readListParams, type ListSort } from '@/lib/list-state';

/**
 * A list's page, page size, filters, search and sort, kept in the URL so that reload, back/forward and shared links
 * restore the view. Changing a filter, the search or the sort goes back to page 1 (SPEC 5). `sortFields`: what the
 * list can be sorted by now (readListParams).
 */
export function useListParams<Filter extends string = never>(
  filterNames: readonly Filter[] = [],
  sortFields: readonly string[] = [],
) {
  const [searchParams, setSearchParams] = useSearchParams();
  // The router renders a navigation as a transition, so the URL it renders lags the history by that transition. A
  // change shows at once as an optimistic state (a select stays on what was chosen instead of snapping back for a
  // moment, and a second change made meanwhile builds on the first instead of on the old URL), and that state lives
  // exactly as long as the transition that carries the change: once the router renders the navigations pending with
  // it, the URL is the truth again. That includes a Back or Forward landing meanwhile (the router renders it together
  // with ours), even one that returns to the very entry the change was made from.
  const [current, show] = useOptimistic(searchParams);
  const { page, size, search, filters, sort } = readListParams(current, filterNames, sortFields);

  const update = useCallback(
    (changes: Record<string, string | number | null>, resetPage: boolean, replace = false) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === '' || (name === 'page' && value === 1)) next.delete(name);
        else next.set(name, String(value));
      }
      if (resetPage) next.delete('page');
      startTransition(() => {
        show(next);
        setSearchParams(next, { replace });
      });
    },
    [current, show, setSearchParams],
  );

  return {
    page,
    size,
    search,
    filters,
    sort,
    /** `replace` corrects the URL without a history entry (a page past the end: Back must not return to it). */
    setPage: useCallback(
      (value: number, options?: { replace?: boolean }) => update({ page: value }, false, options?.replace),
      [update],
    ),
    setSize: useCallback(
      (value: number) => update({ size: value === DEFAULT_PAGE_SIZE ? null : value }, true),
      [update],
    ),
    setSearch: useCallback((value: string) => update({ q: value }, true), [update]),
    setFilter: useCallback((name: Filter, value: string | null) => update({ [name]: value }, true), [update]),
    /** null: the list's own order. */
    setSort: useCallback(
      (value: ListSort | null) => update({ sort: value?.field ?? null, order: value?.order ?? null }, true),
      [update],
    ),
  };
}
