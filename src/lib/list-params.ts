import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, readListParams } from './list-state';

/**
 * A list's page, page size, filters and search, kept in the URL so that reload, back/forward and shared links
 * restore the view. Changing a filter or the search goes back to page 1 (SPEC 5).
 */
export function useListParams<Filter extends string = never>(filterNames: readonly Filter[] = []) {
  const [searchParams, setSearchParams] = useSearchParams();
  const { page, size, search, filters } = readListParams(searchParams, filterNames);

  const update = useCallback(
    (changes: Record<string, string | number | null>, resetPage: boolean, replace = false) =>
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value === null || value === '' || (key === 'page' && value === 1)) next.delete(key);
            else next.set(key, String(value));
          }
          if (resetPage) next.delete('page');
          return next;
        },
        { replace },
      ),
    [setSearchParams],
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
