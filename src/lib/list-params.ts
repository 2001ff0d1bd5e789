import { useCallback, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, readListParams } from './list-state';

/**
 * A list's page, page size, filters and search, kept in the URL so that reload, back/forward and shared links
 * restore the view. Changing a filter or the search goes back to page 1 (SPEC 5).
 */
export function useListParams<Filter extends string = never>(filterNames: readonly Filter[] = []) {
  const [searchParams, setSearchParams] = useSearchParams();
  // A change shows at once, before the router's navigation (a transition) has rendered: a select stays on what was
  // chosen rather than snapping back for a moment, and a second change made meanwhile (two filters in quick
  // succession from the keyboard) builds on the first instead of on the old URL. Once the location moves on, the URL
  // is the truth again.
  const { key } = useLocation();
  const [sent, setSent] = useState<{ from: string; params: URLSearchParams } | null>(null);
  if (sent && sent.from !== key) setSent(null);
  const current = sent?.from === key ? sent.params : searchParams;
  const { page, size, search, filters } = readListParams(current, filterNames);

  const update = useCallback(
    (changes: Record<string, string | number | null>, resetPage: boolean, replace = false) => {
      const next = new URLSearchParams(current);
      for (const [name, value] of Object.entries(changes)) {
        if (value === null || value === '' || (name === 'page' && value === 1)) next.delete(name);
        else next.set(name, String(value));
      }
      if (resetPage) next.delete('page');
      setSent({ from: key, params: next });
      setSearchParams(next, { replace });
    },
    [current, key, setSearchParams],
  );

  return {
    page,
    size,
    search,
    filters,
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
  };
}
