import { Anchor, Text } from '@mantine/core';
import { HtmlViewer } from '@/components/html-viewer';
import { ListView } from '@/components/list-view';
import { PageCard } from '@/components/page-card';
import { TruncatedText } from '@/components/truncated-text';
import { UserLink, userName } from '@/components/user-link';
import { formatDateTime } from '@/lib/format';
import { useListController, type ListColumn } from '@/lib/list-controller';
import { pageRequest } from '@/lib/list-state';
import { useFeature } from '@/lib/session';
import {
  sortFieldsOf,
  valueAt,
  type Column,
  type PagedList,
  type PagedListRecord,
} from './define-paged-list';
import { pagedListResource } from './resource';

/** A field's value as text ('' when missing). */
function textAt(row: PagedListRecord, field: string) {
  const raw = valueAt(row, field);
  return raw === null || raw === undefined ? '' : String(raw);
}

/** A declared column as the list controller's column: its cell, and the text it shows. */
function toListColumn(column: Column, index: number): ListColumn<PagedListRecord> {
  const base = { id: `${index}`, header: column.header, sortField: column.sort };
  if (column.kind === 'user')
    return {
      ...base,
      text: (row) => userName(column.user(row)),
      cell: (row) => <UserLink user={column.user(row)} />,
    };
  const { field } = column;
  switch (column.kind) {
    case 'text':
      return {
        ...base,
        text: (row) => textAt(row, field) || '-',
        cell: (row) => <Text size="sm">{textAt(row, field) || '-'}</Text>,
      };
    case 'email':
      return {
        ...base,
        text: (row) => textAt(row, field) || '-',
        cell: (row) => {
          const value = textAt(row, field);
          return value ? (
            <Anchor href={`mailto:${value}`} size="sm">
              {value}
            </Anchor>
          ) : (
            '-'
          );
        },
      };
    case 'truncated':
      return {
        ...base,
        text: (row) => textAt(row, field) || '-',
        cell: (row) => <TruncatedText text={textAt(row, field)} />,
      };
    case 'html':
      return {
        ...base,
        text: (row) => textAt(row, field),
        cell: (row) => (
          <HtmlViewer title={column.header} html={textAt(row, field)} label={`View ${column.header}`} />
        ),
      };
    case 'dateTime':
      return {
        ...base,
        text: (row) => formatDateTime(textAt(row, field)),
        cell: (row) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {formatDateTime(textAt(row, field))}
          </Text>
        ),
      };
  }
}

/** Any read-only list: one page at a time, the page, its size and its sort in the URL. */
export function PagedListPage({ list }: { list: PagedList }) {
  const sorting = useFeature('list-sort');
  const controller = useListController({
    columns: list.columns.map(toListColumn),
    rowKey: (row) => row._id,
    sort: { apiSorts: sorting ? sortFieldsOf(list) : [] },
    query: (state) => pagedListResource(list).queries.page(pageRequest(state)),
    exportAs: { fileName: list.key },
  });
  return (
    <PageCard title={list.title}>
      <ListView
        list={controller}
        label={list.title}
        rowName={(row) => row._id}
        emptyText={list.emptyText}
        paged
      />
    </PageCard>
  );
}
