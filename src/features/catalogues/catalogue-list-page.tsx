import { Button, Image, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { DataTable, type Column as TableColumn } from '@/components/data-table';
import { HtmlViewer } from '@/components/html-viewer';
import { PageCard } from '@/components/page-card';
import { RowActions } from '@/components/row-actions';
import { StatusBadge } from '@/components/status-badge';
import { mediaUrl } from '@/lib/media';
import { notify } from '@/lib/notify';
import { routeWithId, type Catalogue, type CatalogueRecord, type Column } from './define-catalogue';
import { catalogueResource } from './resource';

/** Any catalogue's list: every record, no pagination, with the columns its declaration names. */
export function CatalogueListPage({ catalogue }: { catalogue: Catalogue }) {
  const resource = catalogueResource(catalogue);
  const list = useQuery(resource.queries.list());
  const remove = resource.useRemove();
  const rows = list.data?.rows;

  const cell = (column: Column) => (record: CatalogueRecord, index: number) => {
    switch (column.kind) {
      case 'index':
        return index + 1;
      case 'text':
        return (
          <Stack gap={0}>
            <Text size="sm">{String(record[column.field] ?? '')}</Text>
            {column.below ? (
              <Text size="xs" c="dimmed">
                {String(record[column.below] ?? '')}
              </Text>
            ) : null}
          </Stack>
        );
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
    }
  };

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
      columns={(catalogue.columns ?? []).map((column): TableColumn<CatalogueRecord> => ({
        header: column.header,
        cell: cell(column),
      }))}
      rows={rows}
      rowKey={(row) => row._id}
      loading={list.isPending}
      error={list.error}
      onRetry={() => void list.refetch()}
      emptyText={catalogue.emptyText}
    />
  );

  // A single-record catalogue offers Add only while it has no record.
  const canAdd = !single || (rows !== undefined && rows.length === 0);
  return (
    <PageCard
      title={catalogue.title}
      actions={
        canAdd ? (
          <Button component={Link} to={catalogue.routes.add} leftSection={<IconPlus size={16} />}>
            Add
          </Button>
        ) : null
      }
    >
      {table}
    </PageCard>
  );
}
