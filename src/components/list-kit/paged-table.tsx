import { Box } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Rows } from '@/lib/data/resource';
import { BusyOverlay } from './busy-overlay';
import { DataTable, type TableColumn } from './data-table';
import { PaginationBar } from './pagination-bar';

type PagedTableProps<Row> = {
  label: string;
  /** The list's query, asked for `paging`'s page and size. */
  query: UseQueryResult<Rows<Row>>;
  /** From useListParams: the page and size in the URL, and how to change them. */
  paging: {
    page: number;
    size: number;
    setPage: (page: number, options?: { replace?: boolean }) => void;
    setSize: (size: number) => void;
  };
  columns: TableColumn<Row>[];
  rowKey: (row: Row) => string;
  emptyText: string;
  loadingLabel?: string;
};

/**
 * A server-paginated table: the full-screen loader while a page loads (the previous page stays underneath), the
 * table's loading, empty and error states, and the pagination bar with its page-size control.
 */
export function PagedTable<Row>({
  label,
  query,
  paging,
  columns,
  rowKey,
  emptyText,
  loadingLabel = 'Loading',
}: PagedTableProps<Row>) {
  // A page past the end (its last row deleted, or an old link) goes back to the last page that has rows.
  const total = query.isPlaceholderData ? undefined : query.data?.total;
  const lastPage = Math.max(1, Math.ceil((total ?? 0) / paging.size));
  const { page, setPage } = paging;
  useEffect(() => {
    if (total !== undefined && page > lastPage) setPage(lastPage, { replace: true });
  }, [total, page, lastPage, setPage]);

  return (
    <>
      <Box pos="relative">
        <BusyOverlay
          visible={query.isFetching && (query.isPending || query.isPlaceholderData)}
          label={loadingLabel}
        />
        <DataTable
          label={label}
          columns={columns}
          rows={query.data?.rows}
          rowKey={rowKey}
          loading={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          emptyText={emptyText}
        />
      </Box>
      {/* Only once the count is known: appearing below the table moves nothing, while a bar that changed under
          the arriving rows shifted the layout (CLS). */}
      {query.data ? (
        <PaginationBar
          page={paging.page}
          size={paging.size}
          total={query.data.total}
          onPage={paging.setPage}
          onSize={paging.setSize}
        />
      ) : null}
    </>
  );
}
