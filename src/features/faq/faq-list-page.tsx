import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { DataTable, type Column } from '@/components/data-table';
import { HtmlViewer } from '@/components/html-viewer';
import { PageCard } from '@/components/page-card';
import { RowActions } from '@/components/row-actions';
import { StatusBadge } from '@/components/status-badge';
import { notify } from '@/lib/notify';
import { faqQueries, faqResource, type Faq } from './api';
import { FAQ_TEXT } from './strings';

/** /faq (SPEC 2.9): every FAQ, no pagination. */
export function FaqListPage() {
  const list = useQuery(faqQueries.list());
  const remove = faqResource.useRemove();

  const columns: Column<Faq>[] = [
    { header: FAQ_TEXT.question, cell: (faq) => <Text size="sm">{faq.question}</Text> },
    {
      header: FAQ_TEXT.answer,
      cell: (faq) => <HtmlViewer title={FAQ_TEXT.answer} html={faq.answer} label="View answer" />,
    },
    { header: FAQ_TEXT.status, cell: (faq) => <StatusBadge enabled={faq.enabled} /> },
    {
      header: FAQ_TEXT.action,
      cell: (faq) => (
        <RowActions
          editTo={`/faq/update/${faq._id}`}
          deleting={remove.isPending && remove.variables === faq._id}
          onDelete={() => remove.mutate(faq._id, { onSuccess: () => notify.success(FAQ_TEXT.deleted) })}
        />
      ),
    },
  ];

  return (
    <PageCard
      title={FAQ_TEXT.listTitle}
      actions={
        <Button component={Link} to="/faq/add" leftSection={<IconPlus size={16} />}>
          Add
        </Button>
      }
    >
      <DataTable
        label={FAQ_TEXT.listTitle}
        columns={columns}
        rows={list.data?.rows}
        rowKey={(faq) => faq._id}
        loading={list.isPending}
        error={list.error}
        onRetry={() => void list.refetch()}
        emptyText="No FAQs yet"
      />
    </PageCard>
  );
}
