import { useQuery, useQueryClient, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useListParams } from './list-params';
import type { ListSort, ListState } from '@/lib/list-state';
import type { Rows } from '@/lib/data/resource';
import type { SearchParams } from '@/lib/resource-calls';
import type { ExportJob } from '@/lib/list-export';
import { useSession } from '@/lib/core/session';
import { permits, type Permission } from '@/lib/features';

/**
 * One column of any list, as the list controller and components/list-kit/list-view.tsx take it: how its cell renders, and the
 * text it shows (what the browser sorts by and what export writes). The declared lists (catalogues, read-only lists,
 * FAQ) compile their DeclaredColumns to these; the hand-built lists write them directly. The view turns each into the
 * TableColumn that components/list-kit/data-table.tsx draws.
 */
export type ListColumn<Row> = {
  /** Unique in its list; a browser-sorted list's `sort` in the URL. */
  id: string;
  header: string;
  /** The cell's label on a phone card; the header by default. */
  label?: string;
  cell: (row: Row, index: number) => ReactNode;
  /** The text the cell shows (Active, not true): exported as CSV; absent for columns of controls (Action). */
  text?: (row: Row) => string;
  /** What the cell also shows, exported as columns of their own after it (the users' name cell: its e-mail line). */
  alsoExported?: { header: string; text: (row: Row) => string }[];
  /**
   * `text` gives HTML (an FAQ's answer, shown behind a View button): export writes the text that HTML shows
   * (lib/html-text.ts's htmlText, which loads with the export rather than with the list).
   */
  html?: boolean;
  /** A listAll list sorts by this column in the browser (by `value`, or else `text`). */
  sortable?: boolean;
  /** What a browser sort compares when the text does not order (a date shown as words). */
  value?: (row: Row) => string | number;
  /** A server-paged list sorts by this column through the API (`sort=<sortField>`), when 'list-sort' is announced. */
  sortField?: string;
  width?: number | string;
};

/** An action on the selected rows: the single call of SPEC 7 for each, a few at a time, after one confirmation. */
export type BulkAction<Row> = {
  /** The confirmation's button ('Delete'); the toolbar's reads '<label> selected'. */
  label: string;
  /** The confirmation's question: 'Delete 3 items?'. */
  question: (count: number) => string;
  /** The summary of what succeeded: '3 items deleted'. */
  done: (count: number) => string;
  /** The single call for one row (with `ask`'s answer); its failure's words go in the summary. */
  run: (row: Row, answer?: unknown) => Promise<unknown>;
  /**
   * A question of the action's own in place of the confirmation (a deactivation's optional reason): resolves to the
   * answer handed to each `run`, or to undefined when the admin cancelled.
   */
  ask?: (count: number, about?: string) => Promise<unknown>;
  /** Who or what the rows acted on are, said with the question (the first few users by name and e-mail). */
  about?: (rows: Row[]) => string;
  /** The words for a failure the server gave none for (SPEC 8's fallbacks of the single call). */
  fallback?: (error: unknown) => string | undefined;
  danger?: boolean;
  /**
   * Whether the action changes this row (Activate: an inactive user). It acts on those selected rows only, and is
   * offered only while one of them is selected. Absent: every row.
   */
  appliesTo?: (row: Row) => boolean;
  /** What the admin's role needs for the action ('roles'; contract/roles.ts): without it, it is not offered. */
  permission?: Permission;
};

type ListQuery<Row, Key extends QueryKey> = UseQueryOptions<Rows<Row>, Error, Rows<Row>, Key>;

export type ListControllerOptions<Row, Filter extends string, Key extends QueryKey> = {
  columns: ListColumn<Row>[];
  rowKey: (row: Row) => string;
  filters?: readonly Filter[];
  /**
   * 'browser': the query holds every record (listAll) and the sortable columns sort it here, with no call;
   * 'api': the query is one page, sorted by the API with the columns' sortFields when `apiSorts` allows them
   * (apiSortFields: none unless 'list-sort' is announced).
   */
  sort: 'browser' | { apiSorts: readonly string[] };
  /** The list's query for its state (the URL's page, size, search, filters and sort). */
  query: (state: ListState<Filter>) => ListQuery<Row, Key>;
  /**
   * Where the state lives: the URL (useListParams, by default), or a dialog's own (lib/dialog-list.ts's
   * useLocalListParams). One list always uses the same: the hook called must not change between renders.
   */
  params?: (
    filterNames: readonly Filter[],
    sortFields: readonly string[],
  ) => ReturnType<typeof useListParams<Filter>>;
  bulk?: BulkAction<Row>[];
  /**
   * What a bulk action changes, invalidated once when it ends: query keys, or resources by key (a resource's
   * `invalidates`, as its single writes name them in meta.invalidates).
   */
  invalidates?: readonly (QueryKey | string)[];
  /** Export as CSV: the file's name, and the server's streaming export of the list when it announces one. */
  exportAs?: {
    fileName: string;
    stream?: (state: ListState<Filter>) => { path: string; searchParams: SearchParams };
    /** What the admin's role needs to export the list ('roles'): without it, there is no Export CSV. */
    permission?: Permission;
  };
};

/** '1 item', '3 items'. */
export const countOf = (count: number, noun: string) =>
  `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`;

/** Delete, on every list that deletes: `remove` is the list's single delete call (SPEC 7), `fallback` its SPEC 8 words. */
export const deleteAction = <Row>(
  remove: (row: Row) => Promise<unknown>,
  fallback?: (error: unknown) => string | undefined,
): BulkAction<Row> => ({
  label: 'Delete',
  question: (count) => `Delete ${countOf(count, 'item')}?`,
  done: (count) => `${countOf(count, 'item')} deleted`,
  run: remove,
  fallback,
  danger: true,
});

const EMPTY = new Map<never, never>();

const byText = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** The rows in a browser sort's order, by the column's value or shown text; ties keep the API's order. */
function sortRows<Row>(rows: Row[], column: ListColumn<Row> | undefined, sort: ListSort | null) {
  if (!column || !sort) return rows;
  const key = column.value ?? column.text ?? (() => '');
  const direction = sort.order === 'desc' ? -1 : 1;
  // Array sort is stable: rows of equal keys stay in the API's order.
  return rows
    .map((row) => ({ row, key: key(row) }))
    .sort(
      (a, b) =>
        (typeof a.key === 'number' && typeof b.key === 'number'
          ? a.key - b.key
          : byText.compare(String(a.key), String(b.key))) * direction,
    )
    .map((entry) => entry.row);
}

/**
 * One list's controller, whatever the list: its state in the URL or a dialog's own (page, size, search, filters,
 * sort), its query, the sorted rows, the selection, the bulk actions and the export job. ListView
 * (components/list-kit/list-view.tsx) renders it. The selection is kept across pages (the count says how many, wherever they are) and is cleared when the
 * search, a filter or the sort changes, since the rows it named are then another list.
 */
export function useListController<Row, Filter extends string = never, Key extends QueryKey = QueryKey>(
  options: ListControllerOptions<Row, Filter, Key>,
) {
  const { columns, rowKey } = options;
  const signedIn = useSession();
  const allowed = (permission: Permission | undefined) =>
    !permission || permits(signedIn?.features ?? [], signedIn?.role ?? null, permission);
  const bulk = (options.bulk ?? []).filter((action) => allowed(action.permission));
  const browser = options.sort === 'browser';
  // What the URL's sort may name: the same list the route's prefetch and first call read it with, so that all ask
  // the same query (a server field without a column, e.g. ?sort=email on /users, is still honoured).
  const sortFields = browser
    ? columns.filter((column) => column.sortable).map((column) => column.id)
    : (options.sort as { apiSorts: readonly string[] }).apiSorts;
  const { setPage, setSize, setSearch, setFilter, setSort, ...state } = (options.params ?? useListParams)(
    options.filters ?? [],
    sortFields,
  );
  const queryClient = useQueryClient();
  const query = useQuery(options.query(state));
  const sortColumn = (column: ListColumn<Row>) => (browser ? column.id : column.sortField);
  const rows = browser
    ? query.data &&
      sortRows(
        query.data.rows,
        columns.find((column) => column.id === state.sort?.field),
        state.sort,
      )
    : query.data?.rows;

  const scope = JSON.stringify([state.search, state.filters, state.sort]);
  const [selection, setSelection] = useState<{ scope: string; rows: Map<string, Row> }>({
    scope,
    rows: new Map(),
  });
  const selected: Map<string, Row> = selection.scope === scope ? selection.rows : EMPTY;
  const select = (next: Map<string, Row>) => setSelection({ scope, rows: next });
  const pageRows = rows ?? [];
  const onPage = pageRows.filter((row) => selected.has(rowKey(row))).length;
  // A selected row on the page is read as the page shows it now (its status changed since it was selected).
  const current = new Map(pageRows.map((row) => [rowKey(row), row]));
  const targetsOf = (action: BulkAction<Row>) =>
    [...selected.keys()]
      .map((key) => current.get(key) ?? selected.get(key)!)
      .filter((row) => !action.appliesTo || action.appliesTo(row));
  const [running, setRunning] = useState<BulkAction<Row> | null>(null);
  const [summary, setSummary] = useState('');

  return {
    state,
    setPage,
    setSize,
    setSearch,
    setFilter,
    query,
    /** The rows shown: the page, or every record in the chosen order. */
    rows,
    columns,
    rowKey,
    /** How the list sorts by `column` now: its field, or undefined when it does not. */
    sortOf: sortColumn,
    sortFields,
    sort: state.sort,
    setSort,
    /** The first click sorts ascending, the next descending, and so on. */
    toggleSort(field: string) {
      const order = state.sort?.field === field && state.sort.order === 'asc' ? 'desc' : 'asc';
      setSort({ field, order });
    },
    bulk,
    /** The selected rows `action` changes; the toolbar offers the actions with any. */
    bulkTargets: targetsOf,
    selection: {
      count: selected.size,
      has: (row: Row) => selected.has(rowKey(row)),
      toggle(row: Row) {
        const next = new Map(selected);
        if (!next.delete(rowKey(row))) next.set(rowKey(row), row);
        select(next);
      },
      /** The page's checkbox: 'all', 'some' or 'none' of the page's rows are selected. */
      page: onPage === 0 ? 'none' : onPage === pageRows.length ? 'all' : 'some',
      togglePage() {
        const next = new Map(selected);
        if (onPage === pageRows.length) for (const row of pageRows) next.delete(rowKey(row));
        else for (const row of pageRows) next.set(rowKey(row), row);
        select(next);
      },
    },
    /** The action under way, if any. */
    running,
    /** The last bulk action's summary, for the live region. */
    summary,
    /** How components/list-bulk.ts runs a bulk action on this list: the selection, what it reports, what it refetches. */
    bulkRun: {
      targets: targetsOf,
      queryClient,
      invalidates: options.invalidates ?? [],
      start(action: BulkAction<Row>) {
        setRunning(action);
        setSummary('');
      },
      /** Failed rows stay selected for another try; the others are done with. */
      summed(failed: Row[], said: string) {
        select(new Map(failed.map((row) => [rowKey(row), row])));
        setSummary(said);
      },
      end: () => setRunning(null),
    },
    /** The job the Export CSV button runs: the visible columns' text, every row of the list as it is filtered. */
    exportJob:
      options.exportAs &&
      allowed(options.exportAs.permission) &&
      ((): ExportJob<Row> => {
        const { fileName: listKey, stream } = options.exportAs!;
        return {
          listKey,
          columns,
          source: stream
            ? { kind: 'stream', ...stream(state) }
            : browser
              ? { kind: 'rows', rows: rows ?? [] }
              : {
                  kind: 'pages',
                  // Without the query cache, which must not hold the whole list (lib/export-page.ts).
                  fetchPage: (page, size, signal) =>
                    import('@/lib/export-page').then((module) =>
                      module.fetchExportPage(queryClient, options.query({ ...state, page, size }), signal),
                    ),
                },
        };
      }),
  };
}

/** Any list's controller, as ListView reads it. */
export type ListController<Row> = ReturnType<typeof useListController<Row, never, QueryKey>>;
