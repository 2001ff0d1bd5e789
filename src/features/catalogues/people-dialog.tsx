import { Anchor, Modal, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import type { Column } from '@/components/data-table';
import { DialogListTable, pageFromQuery } from '@/components/dialog-list-table';
import { useModalDialog } from '@/components/modal-dialog';
import { pageOfRows, useDialogList } from '@/lib/dialog-list';
import { useFeature } from '@/lib/session';
import type { PeoplePages } from '@/lib/declared-columns';
import type { Ref } from './define-catalogue';
import { peopleResource, type Person } from './resource';

const TEXT = {
  search: 'Search by name',
  searchPaged: 'Search by name or email',
  name: 'Name',
  email: 'Email',
  nobody: 'No one has joined yet.',
  noneFound: 'No one found',
};

const nameColumn: Column<Ref> = {
  header: TEXT.name,
  cell: (person) => (
    <Anchor component={Link} to={`/users/${person._id}`} size="sm">
      {person.name || 'Unknown'}
    </Anchor>
  ),
};

const PAGED_COLUMNS: Column<Person>[] = [
  nameColumn,
  { header: TEXT.email, cell: (person) => person.email || '-' },
];

type DialogProps = {
  title: string;
  recordId: string;
  /** The inline list: every one of them (SPEC), or the first few when the API counts and pages them. */
  people: Ref[];
  total: number;
  pages?: PeoplePages;
};

/** Every one of them from the API, a page at a time, searched by name or e-mail (the column's `pages`). */
function PagedPeople({ title, recordId, pages }: DialogProps & { pages: PeoplePages }) {
  const list = useDialogList();
  const people = useQuery(
    peopleResource(pages.path).queries.page({
      id: recordId,
      page: list.page,
      size: list.size,
      search: list.search,
    }),
  );
  return (
    <DialogListTable
      label={title}
      searchLabel={TEXT.searchPaged}
      list={list}
      page={pageFromQuery(people)}
      columns={PAGED_COLUMNS}
      rowKey={(person) => person._id}
      emptyText={list.search ? TEXT.noneFound : TEXT.nobody}
    />
  );
}

/** SPEC's API: the inline list (every one of them), a page at a time and searched here. */
function InlinePeople({ title, people }: DialogProps) {
  const list = useDialogList();
  const { page, size, search } = list;
  const data = useMemo(
    () => pageOfRows(people, { page, size, search }, (person) => [person.name]),
    [people, page, size, search],
  );
  return (
    <DialogListTable
      label={title}
      searchLabel={TEXT.search}
      list={list}
      page={{ data, loading: false }}
      columns={[nameColumn]}
      rowKey={(person) => person._id}
      emptyText={TEXT.noneFound}
    />
  );
}

/** The API's pages when it announces them, else the inline list. */
function AnnouncedPeople(props: DialogProps & { pages: PeoplePages }) {
  return useFeature(props.pages.feature) ? <PagedPeople {...props} /> : <InlinePeople {...props} />;
}

/**
 * The dialog of a `people` cell: each user a link to their profile, a page at a time and searchable, from the API
 * when it announces the column's `pages`, else over the answer's inline list. Never all of them at once.
 */
export function PeopleDialog({ onClose, ...props }: DialogProps & { onClose: () => void }) {
  useModalDialog(true);
  return (
    <Modal opened onClose={onClose} title={props.title} size="lg">
      {!props.total ? (
        <Text size="sm">{TEXT.nobody}</Text>
      ) : props.pages ? (
        <AnnouncedPeople {...props} pages={props.pages} />
      ) : (
        <InlinePeople {...props} />
      )}
    </Modal>
  );
}
