import { Anchor, Modal, Text } from '@mantine/core';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ListSearch } from '@/components/list-search';
import { ListView } from '@/components/list-kit/list-view';
import { useModalDialog } from '@/components/modal-dialog';
import { inlineRowsQuery, useLocalListParams } from '@/lib/dialog-list';
import { useListController, type ListColumn } from '@/components/list-kit/list-controller';
import { useFeature } from '@/lib/core/session';
import { userName, type PeoplePages } from '@/lib/declared-columns';
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

const personName = (person: Ref) => userName(person);

const nameColumn: ListColumn<Ref> = {
  id: 'name',
  header: TEXT.name,
  cell: (person) => (
    <Anchor component={Link} to={`/users/${person._id}`} size="sm">
      {personName(person)}
    </Anchor>
  ),
};

const PAGED_COLUMNS: ListColumn<Person>[] = [
  nameColumn,
  { id: 'email', header: TEXT.email, cell: (person) => person.email || '-' },
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
  const list = useListController({
    columns: PAGED_COLUMNS,
    rowKey: (person) => person._id,
    sort: { apiSorts: [] },
    params: useLocalListParams,
    query: ({ page, size, search }) =>
      peopleResource(pages.path).queries.page({ id: recordId, page, size, search }),
  });
  return (
    <ListView
      list={list}
      label={title}
      rowName={personName}
      emptyText={list.state.search ? TEXT.noneFound : TEXT.nobody}
      paged
    >
      <ListSearch label={TEXT.searchPaged} list={list} />
    </ListView>
  );
}

/** SPEC's API: the inline list (every one of them), a page at a time and searched here. */
function InlinePeople({ title, people }: DialogProps) {
  const list = useListController({
    columns: [nameColumn],
    rowKey: (person) => person._id,
    sort: { apiSorts: [] },
    params: useLocalListParams,
    query: useMemo(() => inlineRowsQuery(people, (person) => [userName(person, '')]), [people]),
  });
  return (
    <ListView list={list} label={title} rowName={personName} emptyText={TEXT.noneFound} paged>
      <ListSearch label={TEXT.search} list={list} />
    </ListView>
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
