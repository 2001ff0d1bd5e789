import { Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import type { Column as TableColumn } from '@/components/data-table';
import { HtmlViewer } from '@/components/html-viewer';
import { PageCard } from '@/components/page-card';
import { PagedTable } from '@/components/paged-table';
import { TruncatedText } from '@/components/truncated-text';
import { formatDateTime } from '@/lib/format';
import { useListParams } from '@/lib/list-params';
import { valueAt, type Column, type PagedList, type PagedListRecord } from './define-paged-list';
import { pagedListResource } from './resource';

function cell(column: Column) {
  return (row: PagedListRecord) => {
    if (column.kind === 'user') {
      const user = column.user(row);
      return user ? (
        <Anchor component={Link} to={`/users/${user._id}`} size="sm">
          {user.name || 'Unknown'}
        </Anchor>
      ) : (
        <Text size="sm">Unknown</Text>
      );
    }
    const raw = valueAt(row, column.field);
    const value = raw === null || raw === undefined ? '' : String(raw);
    switch (column.kind) {
      case 'text':
        return <Text size="sm">{value || '-'}</Text>;
      case 'email':
        return value ? (
          <Anchor href={`mailto:${value}`} size="sm">
            {value}
          </Anchor>
        ) : (
          '-'
        );
      case 'truncated':
        return <TruncatedText text={value} />;
      case 'html':
        return <HtmlViewer title={column.header} html={value} label={`View ${column.header}`} />;
      case 'dateTime':
        return (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(value)}
          </Text>
        );
    }
  };
}

/** Any read-only list: one page at a time, the page and its size in the URL. */
export function PagedListPage({ list }: { list: PagedList }) {
  const paging = useListParams();
  const query = useQuery(pagedListResource(list).queries.page({ page: paging.page, size: paging.size }));
  return (
    <PageCard title={list.title}>
      <PagedTable
        label={list.title}
        query={query}
        paging={paging}
        columns={list.columns.map((column): TableColumn<PagedListRecord> => ({
          header: column.header,
          cell: cell(column),
        }))}
        rowKey={(row) => row._id}
        emptyText={list.emptyText}
      />
    </PageCard>
  );
}
