import { Box } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useListParams } from '@/lib/list-params';
import type { definePagedList } from '@/lib/resource';
import { BusyOverlay } from './busy-overlay';
import { DataTable, type Column } from './data-table';
import { PageCard } from './page-card';
import { PaginationBar } from './pagination-bar';

type PagedListProps<Row> = {
  title: string;
  list: ReturnType<typeof definePagedList<Row>>;
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  emptyText: string;
  actions?: ReactNode;
};

/**
 * A server-paginated list screen: page and size in the URL, the loader while a page loads, and the table's
 * loading, empty and error states. A read-only list is its columns and this.
 */
export function PagedList<Row>({ title, list, columns, rowKey, emptyText, actions }: PagedListProps<Row>) {
  const { page, size, setPage, setSize } = useListParams();
  const query = useQuery(list.list({ page, size }));
  return (
    <PageCard title={title} actions={actions}>
      <Box pos="relative">
        <BusyOverlay
          visible={query.isFetching && (query.isPending || query.isPlaceholderData)}
          label="Loading"
        />
        <DataTable
          label={title}
          columns={columns}
          rows={query.data?.rows}
          rowKey={rowKey}
          loading={query.isPending}
          error={query.error}
          onRetry={() => void query.refetch()}
          emptyText={emptyText}
        />
      </Box>
      <PaginationBar
        page={page}
        size={size}
        total={query.data?.total ?? 0}
        onPage={setPage}
        onSize={setSize}
      />
    </PageCard>
  );
}
