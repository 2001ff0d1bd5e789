import { Group, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { useDialogList } from '@/lib/dialog-list';
import type { Rows } from '@/lib/resource';
import { DataTable, type Column } from './data-table';
import { PaginationBar } from './pagination-bar';

/** Where a dialog list's page comes from: a server page (see pageFromQuery), or rows already at hand. */
export type DialogListPage<Row> = {
  data: Rows<Row> | undefined;
  /** While the first page, or another page or search, is on its way. */
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
};

/** A server page's query as a dialog list's page. */
export function pageFromQuery<Row>(query: UseQueryResult<Rows<Row>>): DialogListPage<Row> {
  return {
    data: query.data,
    loading: query.isPending || (query.isFetching && query.isPlaceholderData),
    error: query.error,
    onRetry: () => void query.refetch(),
  };
}

/**
 * A list in a dialog a page at a time (useDialogList): a labelled search box with the list's other filters beside
 * it, the table with its loading, empty and error states, and the pagination bar. Only one page is ever rendered.
 */
export function DialogListTable<Row>({
  label,
  searchLabel,
  list,
  page,
  columns,
  rowKey,
  emptyText,
  filters,
}: {
  /** The table's accessible name. */
  label: string;
  /** The search box's label; a list its API cannot search has none. */
  searchLabel?: string;
  list: ReturnType<typeof useDialogList>;
  page: DialogListPage<Row>;
  columns: Column<Row>[];
  rowKey: (row: Row) => string;
  emptyText: string;
  filters?: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <Group align="flex-end" gap="sm">
        {searchLabel ? (
          <TextInput
            type="search"
            label={searchLabel}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={list.searchText}
            onChange={(event) => list.setSearchText(event.currentTarget.value)}
            style={{ flex: '1 1 220px' }}
          />
        ) : null}
        {filters}
      </Group>
      <DataTable
        label={label}
        columns={columns}
        rows={page.data?.rows}
        rowKey={rowKey}
        loading={page.loading}
        error={page.error}
        onRetry={page.onRetry}
        emptyText={emptyText}
      />
      {page.data ? (
        <PaginationBar
          page={list.page}
          size={list.size}
          total={page.data.total}
          onPage={list.setPage}
          onSize={list.setSize}
        />
      ) : null}
    </Stack>
  );
}
