import { Badge, Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '@/lib/api-error';
import { DataTable } from '@/components/data-table';
import { HtmlViewer } from '@/components/html-viewer';
import { ListView } from '@/components/list-view';
import { PageCard } from '@/components/page-card';
import { RowActions } from '@/components/row-actions';
import { StatusBadge } from '@/components/status-badge';
import { UserLink, userName } from '@/components/user-link';
import { formatLocaleDate } from '@/lib/format';
import { deleteAction, useListController, type ListColumn } from '@/lib/list-controller';
import { pageRequest } from '@/lib/list-state';
import { mediaUrl } from '@/lib/media';
import { notify } from '@/lib/notify';
import { useFeature } from '@/lib/session';
import {
  routeWithId,
  sortFieldsOf,
  valueAt,
  type Catalogue,
  type CatalogueRecord,
  type Column,
  type Ref,
} from './define-catalogue';
import { PeopleCell } from './people-cell';
import { catalogueResource } from './resource';

/** Any catalogue's list, with the columns its declaration names: every record, or one page at a time. */
export { catalogueByKey } from './registry';

export function CatalogueListPage({ catalogue }: { catalogue: Catalogue }) {
  return catalogue.paginated ? (
    <PaginatedList catalogue={catalogue} />
  ) : (
    <CatalogueList catalogue={catalogue} />
  );
}

/** A field's value as text ('' when missing). */
const textAt = (record: CatalogueRecord, path: string) => String(valueAt(record, path) ?? '');

/** What a declared column shows as text: what the browser sorts by and what export writes (none for controls). */
function textOf(column: Column): ((record: CatalogueRecord) => string) | undefined {
  switch (column.kind) {
    case 'text':
      return (record) => textAt(record, column.field) || '-';
    case 'range':
      return (record) => `${textAt(record, column.from) || '-'} - ${textAt(record, column.to) || '-'}`;
    case 'user':
      return (record) => userName(record[column.field] as Ref | null);
    case 'status':
      return (record) => (record.enabled ? 'Active' : 'Inactive');
    case 'date':
      return (record) => formatLocaleDate(record[column.field] as string | null);
    case 'html':
    case 'image':
      return (record) => textAt(record, column.field);
    case 'people':
      return (record) =>
        ((record[column.field] as Ref[] | null) ?? []).map((person) => person.name).join(', ');
    default:
      return undefined;
  }
}

/** The kinds a list of every record sorts by in the browser. */
const BROWSER_SORTED = new Set<Column['kind']>(['text', 'range', 'user', 'status', 'date']);

/**
 * The declaration's columns as the list controller's: each one's cell, its text, and how it sorts (in the browser
 * for a list of every record, through the API for a paginated one). `first` is the number of the page's first row.
 */
function useColumns(catalogue: Catalogue, first = 1): ListColumn<CatalogueRecord>[] {
  const remove = catalogueResource(catalogue).useRemove();
  return (catalogue.columns ?? []).map((column, index): ListColumn<CatalogueRecord> => ({
    id: `${index}`,
    header: column.header,
    cell: cellOf(column),
    text: textOf(column),
    sortable: !catalogue.paginated && BROWSER_SORTED.has(column.kind),
    value:
      column.kind === 'date'
        ? (record) => new Date(String(record[column.field] ?? 0)).getTime() || 0
        : undefined,
    sortField: column.sort,
  }));

  function cellOf(column: Column) {
    return (record: CatalogueRecord, index: number) => {
      switch (column.kind) {
        case 'index':
          return first + index;
        case 'text':
          return (
            <Stack gap={0}>
              <Text size="sm">{String(valueAt(record, column.field) ?? '') || '-'}</Text>
              {column.below ? (
                <Text size="xs" c="dimmed">
                  {String(valueAt(record, column.below) ?? '')}
                </Text>
              ) : null}
            </Stack>
          );
        case 'range': {
          const [from, to] = [record[column.from], record[column.to]].map(
            (value) => String(value ?? '') || '-',
          );
          return <span style={{ whiteSpace: 'nowrap' }}>{`${from} - ${to}`}</span>;
        }
        case 'user':
          return <UserLink user={record[column.field] as Ref | null} />;
        case 'people': {
          const count = column.count ? record[column.count] : null;
          return (
            <PeopleCell
              title={column.header}
              label={`${column.header}: ${String(record.name ?? record.title ?? '')}`}
              recordId={record._id}
              people={(record[column.field] as Ref[] | null) ?? []}
              count={typeof count === 'number' ? count : null}
              pages={column.pages}
            />
          );
        }
        case 'status':
          return <StatusBadge enabled={record.enabled} />;
        case 'icon':
          return (
            <Image
              src={mediaUrl(record.icon as string | null) ?? catalogue.defaultIcon}
              fallbackSrc={catalogue.defaultIcon}
              alt={`${String(record.name ?? '')} icon`}
              w={50}
              h={50}
              radius="xl"
              fit="cover"
            />
          );
        case 'actions':
          return (
            <RowActions
              editTo={routeWithId(catalogue.routes.update, record._id)}
              deleting={remove.isPending && remove.variables === record._id}
              onDelete={
                catalogue.api.remove
                  ? () =>
                      remove.mutate(record._id, {
                        onSuccess: () => notify.success(catalogue.messages.deleted ?? ''),
                      })
                  : undefined
              }
            />
          );
        case 'html':
          return (
            <HtmlViewer
              title={column.header}
              html={String(record[column.field] ?? '')}
              label={`View ${column.header}`}
            />
          );
        case 'date': {
          const value = record[column.field] as string | null;
          const past = column.pastLabel && value && new Date(value).getTime() < Date.now();
          return (
            <Group gap={6} wrap="nowrap">
              <span style={{ whiteSpace: 'nowrap' }}>{formatLocaleDate(value)}</span>
              {past ? (
                <Badge color="red" variant="light" size="sm">
                  {column.pastLabel}
                </Badge>
              ) : null}
            </Group>
          );
        }
        case 'image': {
          const src = mediaUrl(record[column.field] as string | null);
          return src ? <Image src={src} alt={column.header} w={50} h={50} radius="md" fit="cover" /> : '-';
        }
      }
    };
  }
}

/** Delete on every selected record, when the catalogue deletes: the single delete with SPEC 8's words. */
function bulkOf(catalogue: Catalogue) {
  const { api, failures } = catalogue;
  if (!api.remove) return [];
  const resource = catalogueResource(catalogue);
  return [
    deleteAction(
      (record: CatalogueRecord) => resource.removeRecord(record._id),
      (error) =>
        error instanceof ApiError && error.kind === 'http' && (error.status ?? 0) < 300
          ? (failures?.remove?.refused ?? failures?.remove?.failed)
          : failures?.remove?.failed,
    ),
  ];
}

/** Every record at once (listAll), sorted in the browser; or the single record's fields as rows (Setting). */
function CatalogueList({ catalogue }: { catalogue: Catalogue }) {
  const resource = catalogueResource(catalogue);
  const controller = useListController({
    columns: useColumns(catalogue),
    rowKey: (record) => record._id,
    sort: 'browser',
    query: () => resource.queries.list(),
    bulk: bulkOf(catalogue),
    invalidates: resource.invalidates,
    exportAs: { fileName: catalogue.key },
  });
  const list = controller.query;
  const rows = list.data?.rows;

  const single = catalogue.singleRecord;
  const record = rows?.[0];
  const table = single ? (
    <DataTable
      label={catalogue.title}
      columns={[
        { header: single.header[0], cell: (row) => <Text size="sm">{row.label}</Text> },
        {
          header: single.header[1],
          cell: (row) => (
            <HtmlViewer
              title={row.dialogTitle}
              html={String(record?.[row.field] ?? '')}
              label={`View ${row.label}`}
            />
          ),
        },
        {
          header: single.header[2],
          cell: () =>
            record ? <RowActions editTo={routeWithId(catalogue.routes.update, record._id)} /> : null,
        },
      ]}
      rows={rows ? (record ? single.rows : []) : undefined}
      rowKey={(row) => row.field}
      loading={list.isPending}
      error={list.error}
      onRetry={() => void list.refetch()}
      emptyText={catalogue.emptyText}
    />
  ) : (
    <ListView
      list={controller}
      label={catalogue.title}
      rowName={recordName}
      emptyText={catalogue.emptyText}
    />
  );

  // A single-record catalogue offers Add only while it has no record.
  return (
    <CataloguePage catalogue={catalogue} canAdd={!single || (rows !== undefined && rows.length === 0)}>
      {table}
    </CataloguePage>
  );
}

/** How a record is named to assistive technology (its checkbox: 'Select <name>'). */
const recordName = (record: CatalogueRecord) =>
  String(record.name || record.title || record.question || record._id);

/** One page at a time, the page, its size and its sort (when the API announces it) in the URL. */
function PaginatedList({ catalogue }: { catalogue: Catalogue }) {
  const resource = catalogueResource(catalogue);
  const sorting = useFeature('list-sort');
  const controller = useListController({
    columns: useColumns(catalogue),
    rowKey: (record) => record._id,
    sort: { apiSorts: sorting ? sortFieldsOf(catalogue) : [] },
    query: (state) => resource.queries.page(pageRequest(state)),
    bulk: bulkOf(catalogue),
    invalidates: resource.invalidates,
    exportAs: { fileName: catalogue.key },
  });
  return (
    <CataloguePage catalogue={catalogue} canAdd>
      <ListView
        list={controller}
        label={catalogue.title}
        rowName={recordName}
        emptyText={catalogue.emptyText}
        paged
      />
    </CataloguePage>
  );
}

/** The list's card: its title, and Add unless the catalogue has none (Plan) or it is not offered now. */
function CataloguePage({
  catalogue,
  canAdd,
  children,
}: {
  catalogue: Catalogue;
  canAdd: boolean;
  children: ReactNode;
}) {
  return (
    <PageCard
      title={catalogue.title}
      actions={
        canAdd && catalogue.addButton !== false ? (
          <Button component={Link} to={catalogue.routes.add} leftSection={<IconPlus size={16} />}>
            Add
          </Button>
        ) : null
      }
    >
      {children}
    </PageCard>
  );
}
