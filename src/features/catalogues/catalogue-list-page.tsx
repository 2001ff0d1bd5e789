import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ApiError } from '@/lib/core/api-error';
import { DataTable } from '@/components/list-kit/data-table';
import { declaredColumns } from '@/components/declared-cells';
import { HtmlViewer } from '@/components/html-viewer';
import { ListView } from '@/components/list-kit/list-view';
import { PageCard } from '@/components/page-kit/page-card';
import { RowActions } from '@/components/row-actions';
import { sortFieldsOf } from '@/lib/declared-columns';
import { deleteAction, useListController, type ListColumn } from '@/components/list-kit/list-controller';
import { pageRequest } from '@/lib/list-state';
import { notify } from '@/lib/notify';
import { useFeature, usePermission } from '@/lib/core/session';
import { routeWithId, type Catalogue, type CatalogueRecord, type Ref } from './define-catalogue';
import { PeopleCell } from './people-cell';
import { catalogueResource } from './resource';

/** Any catalogue's list, with the columns its declaration names: every record, or one page at a time. */
export { loadCatalogue } from './registry';

export function CatalogueListPage({ catalogue }: { catalogue: Catalogue }) {
  return catalogue.paginated ? (
    <PaginatedList catalogue={catalogue} />
  ) : (
    <CatalogueList catalogue={catalogue} />
  );
}

/**
 * The declaration's columns as the list controller's (components/declared-cells.tsx), with the cells only catalogues
 * draw: who joined (a dialog of users) and the row's edit and delete.
 */
function useColumns(catalogue: Catalogue): ListColumn<CatalogueRecord>[] {
  const remove = catalogueResource(catalogue).useRemove();
  // Who joined an event is members' personal data ('roles': events.joined); without it the count alone shows.
  const readsPeople = usePermission('events.joined');
  return declaredColumns<CatalogueRecord>(catalogue.columns ?? [], {
    defaultIcon: catalogue.defaultIcon,
    people: (column, record, total) =>
      readsPeople ? (
        <PeopleCell
          title={column.header}
          label={`${column.header}: ${String(record.name ?? record.title ?? '')}`}
          recordId={record._id}
          people={(record[column.field] as Ref[] | null) ?? []}
          total={total}
          pages={column.pages}
        />
      ) : (
        <Text size="sm">{total.toLocaleString('en-US')}</Text>
      ),
    actions: (record) => (
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
    ),
  });
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
    sort: { apiSorts: sorting ? sortFieldsOf(catalogue.columns) : [] },
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
