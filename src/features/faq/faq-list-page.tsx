import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { HtmlViewer } from '@/components/html-viewer';
import { ListView } from '@/components/list-view';
import { PageCard } from '@/components/page-card';
import { RowActions } from '@/components/row-actions';
import { StatusBadge } from '@/components/status-badge';
import { deleteAction, useListController, type ListColumn } from '@/lib/list-controller';
import { notify } from '@/lib/notify';
import { faqQueries, faqResource, type Faq } from './api';
import { FAQ_TEXT } from './strings';

/**
 * /faq (SPEC 2.9): every FAQ, no pagination. Its columns are the list controller's own rather than declared ones
 * (components/declared-cells.tsx): the compiler carries every kind's cell, and would add 5.5 KiB gzip (dayjs among
 * them) to this list's first load for the three kinds it uses.
 */
export function FaqListPage() {
  const remove = faqResource.useRemove();

  const columns: ListColumn<Faq>[] = [
    {
      id: 'question',
      header: FAQ_TEXT.question,
      text: (faq) => faq.question,
      sortable: true,
      cell: (faq) => <Text size="sm">{faq.question}</Text>,
    },
    {
      id: 'answer',
      header: FAQ_TEXT.answer,
      // The screen shows a button that opens the answer: export writes the text the answer shows, not its HTML.
      text: (faq) => faq.answer,
      html: true,
      cell: (faq) => <HtmlViewer title={FAQ_TEXT.answer} html={faq.answer} label="View answer" />,
    },
    {
      id: 'status',
      header: FAQ_TEXT.status,
      text: (faq) => (faq.enabled ? 'Active' : 'Inactive'),
      sortable: true,
      cell: (faq) => <StatusBadge enabled={faq.enabled} />,
    },
    {
      id: 'action',
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
  const list = useListController({
    columns,
    rowKey: (faq) => faq._id,
    sort: 'browser',
    query: () => faqQueries.list(),
    bulk: [deleteAction((faq: Faq) => faqResource.removeRecord(faq._id))],
    invalidates: faqResource.invalidates,
    exportAs: { fileName: 'faq' },
  });

  return (
    <PageCard
      title={FAQ_TEXT.listTitle}
      actions={
        <Button component={Link} to="/faq/add" leftSection={<IconPlus size={16} />}>
          Add
        </Button>
      }
    >
      <ListView
        list={list}
        label={FAQ_TEXT.listTitle}
        rowName={(faq) => faq.question}
        emptyText="No FAQs yet"
      />
    </PageCard>
  );
}
