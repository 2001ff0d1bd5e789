import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from './list-state';
import type { Rows } from './resource';
import { useSearchBox } from './search-box';

/** A dialog list's request: the page, its size and the applied search. */
export type DialogListRequest = { page: number; size: number; search: string };

/**
 * A list inside a dialog (a mail's recipients, an event's joined users), a page at a time: its page, size and search
 * are the dialog's own state rather than the URL's, and go when it closes. The search box behaves as the lists' do
 * (search-box.ts: from 3 characters or when cleared, once typing pauses); a new search or size goes back to page 1.
 */
export function useDialogList() {
  const [request, setRequest] = useState<DialogListRequest>({ page: 1, size: DEFAULT_PAGE_SIZE, search: '' });
  const [searchText, setSearchText] = useSearchBox(request.search, (search) =>
    setRequest((current) => ({ ...current, search, page: 1 })),
  );
  return {
    ...request,
    searchText,
    setSearchText,
    setPage: (page: number) => setRequest((current) => ({ ...current, page })),
    setSize: (size: number) => setRequest((current) => ({ ...current, size, page: 1 })),
  };
}

/**
 * One page of rows an answer already holds (a SPEC-only API's inline list), searched: `texts` gives what the
 * search looks in (case-insensitive, contains). Only that page is handed on, however many rows there are.
 */
export function pageOfRows<Row>(
  rows: readonly Row[],
  { page, size, search }: DialogListRequest,
  texts: (row: Row) => string[],
): Rows<Row> {
  const needle = search.toLowerCase();
  const found = needle
    ? rows.filter((row) => texts(row).some((value) => value.toLowerCase().includes(needle)))
    : rows;
  const start = (page - 1) * size;
  return { rows: found.slice(start, start + size), total: found.length };
}
