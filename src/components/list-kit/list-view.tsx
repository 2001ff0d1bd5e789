import { Button, Group, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import type { BulkAction, ListController } from './list-controller';
import { DataTable, type TableColumn } from './data-table';
import { ExportButton } from './export-button';
import { PagedTable } from './paged-table';

type ListViewProps<Row> = {
  list: ListController<Row>;
  /** The table's accessible name (the list's title). */
  label: string;
  /** How a row is named to assistive technology: its checkbox reads 'Select <name>'. */
  rowName: (row: Row) => string;
  emptyText: string;
  /** A server-paged list: the pagination bar and the loader while a page loads. */
  paged?: boolean;
  loadingLabel?: string;
  /** The list's own controls before the toolbar's (search, filters). */
  children?: ReactNode;
};

const ORDER = { asc: 'ascending', desc: 'descending' } as const;

/**
 * Any list as the controller describes it (components/list-kit/list-controller.ts): its filters and export, a line with the
 * selection's count and the bulk actions that change a selected row, and their summary (both said in polite live
 * regions), then the table with a checkbox per row and one for
 * the page where the list has bulk actions, its sortable headers as buttons inside th[aria-sort] (the order's arrow drawn by data-table.css from it), and for a paged
 * list the pagination bar. On a phone the page's checkbox and the sort buttons stay on screen above the cards.
 */
export function ListView<Row>({
  list,
  label,
  rowName,
  emptyText,
  paged = false,
  loadingLabel,
  children,
}: ListViewProps<Row>) {
  const { selection, bulk, sort } = list;
  const selectable = bulk.length > 0;
  const columns: TableColumn<Row>[] = list.columns.map((column) => {
    const field = list.sortOf(column);
    if (!field || !list.sortFields.includes(field)) return { ...column };
    const order = sort?.field === field ? ORDER[sort.order] : 'none';
    return {
      ...column,
      label: column.label ?? column.header,
      sort: order,
      header: (
        <button
          type="button"
          className="sort-button mantine-focus-auto"
          onClick={() => list.toggleSort(field)}
        >
          {column.header}
        </button>
      ),
    };
  });
  if (selectable)
    columns.unshift({
      header: (
        <input
          type="checkbox"
          className="list-checkbox"
          aria-label="Select all on this page"
          title="Select all on this page"
          checked={selection.page === 'all'}
          ref={(input) => {
            if (input) input.indeterminate = selection.page === 'some';
          }}
          onChange={selection.togglePage}
          disabled={!list.rows?.length}
        />
      ),
      control: true,
      width: 40,
      cell: (row) => (
        <input
          type="checkbox"
          className="list-checkbox"
          aria-label={`Select ${rowName(row)}`}
          checked={selection.has(row)}
          onChange={() => selection.toggle(row)}
        />
      ),
    });

  const [failure, setFailure] = useState<unknown>(null);
  // A chunk that fails to load is the route's error boundary's to show, as any other lazy code's.
  if (failure) throw failure;
  // The confirmation and the run load on the first click (components/list-bulk.ts): no first load needs them.
  const confirm = (action: BulkAction<Row>) =>
    import('../list-bulk').then(
      (bulkModule) => bulkModule.confirmBulk(list, action),
      (error: unknown) => setFailure(error ?? new Error('The bulk action could not be loaded')),
    );

  const table = paged ? (
    <PagedTable
      label={label}
      query={list.query}
      paging={{ ...list.state, setPage: list.setPage, setSize: list.setSize }}
      columns={columns}
      rowKey={list.rowKey}
      emptyText={emptyText}
      loadingLabel={loadingLabel}
    />
  ) : (
    <DataTable
      label={label}
      columns={columns}
      rows={list.rows}
      rowKey={list.rowKey}
      loading={list.query.isPending}
      error={list.query.error}
      onRetry={() => void list.query.refetch()}
      emptyText={emptyText}
    />
  );

  return (
    <>
      {children || list.exportJob ? (
        <Group mb="md" align="flex-end" wrap="wrap" gap="sm">
          {children}
          {list.exportJob ? <ExportButton job={list.exportJob} disabled={!list.rows?.length} /> : null}
        </Group>
      ) : null}
      {/* A line of its own, as tall empty as with its buttons: selecting a row moves nothing on the page. */}
      {selectable ? (
        <Group gap="xs" wrap="wrap" mb="xs" mih={30}>
          <Text size="sm" role="status" aria-live="polite" c={selection.count ? undefined : 'dimmed'}>
            {selection.count
              ? `${selection.count.toLocaleString('en-US')} selected`
              : 'Select rows to act on several at once'}
          </Text>
          {/* Only the actions that change a selected row: none until rows are selected. */}
          {bulk
            .filter((action) => selection.count && list.bulkTargets(action).length)
            .map((action) => (
              <Button
                key={action.label}
                size="xs"
                variant="light"
                color={action.danger ? 'red' : undefined}
                disabled={list.running !== null}
                loading={list.running === action}
                onClick={() => confirm(action)}
              >
                {`${action.label} selected`}
              </Button>
            ))}
        </Group>
      ) : null}
      {selectable ? (
        <Text size="sm" role="status" aria-live="polite" className="list-summary">
          {list.summary}
        </Text>
      ) : null}
      {table}
    </>
  );
}
