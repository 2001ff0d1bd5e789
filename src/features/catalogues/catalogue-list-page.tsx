import { Anchor, Badge, Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { DataTable, type Column as TableColumn } from '@/components/data-table';
import { HtmlViewer } from '@/components/html-viewer';
import { PageCard } from '@/components/page-card';
import { PagedTable } from '@/components/paged-table';
import { RowActions } from '@/components/row-actions';
import { StatusBadge } from '@/components/status-badge';
import { formatLocaleDate } from '@/lib/format';
import { useListParams } from '@/lib/list-params';
import { mediaUrl } from '@/lib/media';
import { notify } from '@/lib/notify';
import {
  routeWithId,
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

/** The cells of a declaration's columns; `first` is the number of the page's first row. */
function useCells(catalogue: Catalogue, first = 1) {
  const remove = catalogueResource(catalogue).useRemove();
  return (catalogue.columns ?? []).map((column): TableColumn<CatalogueRecord> => ({
    header: column.header,
    cell: cellOf(column),
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
        case 'user': {
          const user = record[column.field] as Ref | null;
          return user ? (
            <Anchor component={Link} to={`/users/${user._id}`} size="sm">
              {user.name || 'Unknown'}
            </Anchor>
          ) : (
            '-'
          );
        }
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

/** Every record at once (listAll), or the single record's fields as rows (Setting). */
function CatalogueList({ catalogue }: { catalogue: Catalogue }) {
  const list = useQuery(catalogueResource(catalogue).queries.list());
  const columns = useCells(catalogue);
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
    <DataTable
      label={catalogue.title}
      columns={columns}
      rows={rows}
      rowKey={(row) => row._id}
      loading={list.isPending}
      error={list.error}
      onRetry={() => void list.refetch()}
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

/** One page at a time, the page and its size in the URL. */
function PaginatedList({ catalogue }: { catalogue: Catalogue }) {
  const paging = useListParams();
  const query = useQuery(catalogueResource(catalogue).queries.page({ page: paging.page, size: paging.size }));
  const columns = useCells(catalogue, (paging.page - 1) * paging.size + 1);
  return (
    <CataloguePage catalogue={catalogue} canAdd>
      <PagedTable
        label={catalogue.title}
        query={query}
        paging={paging}
        columns={columns}
        rowKey={(row) => row._id}
        emptyText={catalogue.emptyText}
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
