import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { declaredColumns } from '@/components/declared-cells';
import { ListView } from '@/components/list-kit/list-view';
import { PageCard } from '@/components/page-kit/page-card';
import { RowActions } from '@/components/row-actions';
import { column } from '@/lib/declared-columns';
import { deleteAction, useListController } from '@/components/list-kit/list-controller';
import { notify } from '@/lib/notify';
import { faqQueries, faqResource, type Faq } from './api';
import { FAQ_TEXT } from './strings';

/** SPEC 2.9's columns: the answer opens in a dialog, as rich HTML. */
export const FAQ_COLUMNS = [
  column.text(FAQ_TEXT.question, 'question'),
  column.html(FAQ_TEXT.answer, 'answer', FAQ_TEXT.viewAnswer),
  column.status(FAQ_TEXT.status),
  column.actions(FAQ_TEXT.action),
];

/** /faq (SPEC 2.9): every FAQ, no pagination, sorted in the browser. */
export function FaqListPage() {
  const remove = faqResource.useRemove();
  const list = useListController({
    columns: declaredColumns<Faq>(FAQ_COLUMNS, {
      actions: (faq) => (
        <RowActions
          editTo={`/faq/update/${faq._id}`}
          deleting={remove.isPending && remove.variables === faq._id}
          onDelete={() => remove.mutate(faq._id, { onSuccess: () => notify.success(FAQ_TEXT.deleted) })}
        />
      ),
    }),
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
