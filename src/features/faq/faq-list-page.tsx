import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { declaredColumn } from '@/components/declared-cells';
import { ListView } from '@/components/list-view';
import { PageCard } from '@/components/page-card';
import { RowActions } from '@/components/row-actions';
import { column, type Column } from '@/lib/declared-columns';
import { deleteAction, useListController } from '@/lib/list-controller';
import { notify } from '@/lib/notify';
import { faqQueries, faqResource, type Faq } from './api';
import { FAQ_TEXT } from './strings';

/** The list's columns, each named for the URL's sort (?sort=question). */
const FAQ_COLUMNS: [string, Column][] = [
  ['question', column.text(FAQ_TEXT.question, 'question')],
  ['answer', column.html(FAQ_TEXT.answer, 'answer', 'View answer')],
  ['status', column.status(FAQ_TEXT.status)],
  ['action', column.actions(FAQ_TEXT.action)],
];

/** /faq (SPEC 2.9): every FAQ, no pagination. */
export function FaqListPage() {
  const remove = faqResource.useRemove();

  const actions = (faq: Faq) => (
    <RowActions
      editTo={`/faq/update/${faq._id}`}
      deleting={remove.isPending && remove.variables === faq._id}
      onDelete={() => remove.mutate(faq._id, { onSuccess: () => notify.success(FAQ_TEXT.deleted) })}
    />
  );
  const columns = FAQ_COLUMNS.map(([id, declared]) => declaredColumn<Faq>(declared, id, { actions }));
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
