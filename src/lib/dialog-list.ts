import { queryOptions } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { DEFAULT_PAGE_SIZE, type ListSort, type ListState } from './list-state';
import type { Rows } from './data/resource';
import { matchesEveryWord, searchWords } from '@contract/search-words';

/**
 * A dialog list's state (a mail's recipients, an event's joined users, a profile's history), as useListParams gives
 * a page list's: the same page, size, search, filters and sort and the same setters, kept in the component rather
 * than in the URL, so they go when the dialog closes. Handed to useListController as its `params`. As in the URL, a
 * new search, size, filter or sort goes back to page 1.
 */
export function useLocalListParams<Filter extends string = never>(filterNames: readonly Filter[] = []) {
  const [state, setState] = useState<ListState<Filter>>(() => ({
    page: 1,
    size: DEFAULT_PAGE_SIZE,
    search: '',
    filters: Object.fromEntries(filterNames.map((name) => [name, ''])) as Record<Filter, string>,
    sort: null,
  }));
  const update = useCallback(
    (changes: Partial<ListState<Filter>>) => setState((current) => ({ ...current, page: 1, ...changes })),
    [],
  );
  return {
    ...state,
    setPage: useCallback((page: number, _options?: { replace?: boolean }) => update({ page }), [update]),
    setSize: useCallback((size: number) => update({ size }), [update]),
    setSearch: useCallback((search: string) => update({ search }), [update]),
    setFilter: useCallback(
      (name: Filter, value: string | null) =>
        setState((current) => ({
          ...current,
          page: 1,
          filters: { ...current.filters, [name]: value ?? '' },
        })),
      [],
    ),
    setSort: useCallback((sort: ListSort | null) => update({ sort }), [update]),
  };
}

/**
 * One page of rows an answer already holds (a SPEC-only API's inline list), searched as the server searches
 * (lib/search-words.ts): `texts` gives what each word is looked for in. Only that page is handed on, however many rows
 * there are.
 */
export function pageOfRows<Row>(
  rows: readonly Row[],
  { page, size, search }: Pick<ListState, 'page' | 'size' | 'search'>,
  texts: (row: Row) => string[],
): Rows<Row> {
  const words = searchWords(search);
  const found = words.length ? rows.filter((row) => matchesEveryWord(words, texts(row))) : rows;
  const start = (page - 1) * size;
  return { rows: found.slice(start, start + size), total: found.length };
}

/** Each inline list's number in the query keys: a new answer's list is another list. */
const listIds = new WeakMap<readonly unknown[], number>();
let lastListId = 0;

/**
 * An inline list as a list controller's query: each page is pageOfRows of `rows`, there at once (initialData: no
 * loading state, no call), never stale, and dropped from the cache as soon as the dialog no longer shows it.
 */
export function inlineRowsQuery<Row>(rows: readonly Row[], texts: (row: Row) => string[]) {
  let id = listIds.get(rows);
  if (id === undefined) listIds.set(rows, (id = ++lastListId));
  return (state: ListState) => {
    const page = () => pageOfRows(rows, state, texts);
    return queryOptions({
      queryKey: ['inline-rows', id, state.page, state.size, state.search],
      queryFn: page,
      initialData: page,
      staleTime: Infinity,
      gcTime: 0,
    });
  };
}
