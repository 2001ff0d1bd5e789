import { Anchor, NativeSelect, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ListView } from '@/components/list-kit/list-view';
import { userName } from '@/lib/declared-columns';
import { useLocalListParams } from '@/lib/dialog-list';
import { useListController, type ListColumn } from '@/components/list-kit/list-controller';
import { formatDateTimeWithZone } from '@/lib/format';
import {
  HISTORY_KINDS,
  historyResource,
  type HistoryItem,
  type HistoryKind,
  type HistoryPerson,
} from './history-api';
import { HISTORY_KIND_LABELS, HISTORY_TEXT } from './history-strings';

/** The other user of a report or a block: a link to their profile, or Unknown when their account is gone. */
function PersonLink({ person }: { person: HistoryPerson }) {
  if (!person) return <>{HISTORY_TEXT.unknownUser}</>;
  return (
    <Anchor component={Link} to={`/users/${person._id}`} size="sm" td="underline">
      {userName(person, person.email || HISTORY_TEXT.unknownUser)}
    </Anchor>
  );
}

/** ': <text>' after what happened, when there is a text. */
const withText = (text: string | null) => (text ? `: ${text}` : '');

/** A case's state after a report: ' · Dismissed: <note>'. */
const caseText = (item: Extract<HistoryItem, { kind: 'reported' | 'reporter' }>) =>
  ` · ${item.caseStatus}${withText(item.note)}`;

/** What happened, in a sentence that names who did it and why. */
function What({ item }: { item: HistoryItem }) {
  switch (item.kind) {
    case 'status':
      if (item.action === 'restrict')
        return (
          <>
            {HISTORY_TEXT.restricted(item.admin?.name || HISTORY_TEXT.unknownAdmin)}
            {withText(item.summary)}
            {withText(item.reason)}
          </>
        );
      if (item.action === 'restriction-end')
        return (
          <>
            {HISTORY_TEXT.restrictionEnded}
            {withText(item.summary)}
          </>
        );
      if (item.action === 'appeal')
        return (
          <>
            {HISTORY_TEXT.appealOpened}
            {withText(item.summary)}
            {withText(item.reason)}
          </>
        );
      if (item.action === 'appeal-uphold' || item.action === 'appeal-reverse')
        return (
          <>
            {(item.action === 'appeal-uphold' ? HISTORY_TEXT.appealUpheld : HISTORY_TEXT.appealReversed)(
              item.admin?.name || HISTORY_TEXT.unknownAdmin,
            )}
            {withText(item.summary)}
            {withText(item.reason)}
          </>
        );
      return (
        <>
          {HISTORY_TEXT.status(item.enabled, item.admin?.name || HISTORY_TEXT.unknownAdmin)}
          {withText(item.reason)}
        </>
      );
    case 'reported':
      return (
        <>
          {HISTORY_TEXT.reportedBy} <PersonLink person={item.other} />
          {withText(item.message)}
          {caseText(item)}
        </>
      );
    case 'reporter':
      return (
        <>
          {HISTORY_TEXT.reported} <PersonLink person={item.other} />
          {withText(item.message)}
          {caseText(item)}
        </>
      );
    case 'blocked':
      return (
        <>
          {HISTORY_TEXT.blockedBy} <PersonLink person={item.other} />
          {withText(item.message)}
        </>
      );
    case 'blocker':
      return (
        <>
          {HISTORY_TEXT.blocked} <PersonLink person={item.other} />
          {withText(item.message)}
        </>
      );
  }
}

const COLUMNS: ListColumn<HistoryItem>[] = [
  { id: 'when', header: HISTORY_TEXT.when, cell: (item) => formatDateTimeWithZone(item.at), width: 200 },
  {
    id: 'what',
    header: HISTORY_TEXT.what,
    cell: (item) => (
      <Text size="sm" component="div">
        <What item={item} />
      </Text>
    ),
  },
];

const KIND_FILTER = ['kind'] as const;

/**
 * The profile's Moderation history ('user-history'): status changes with who and why, reports about the user and by
 * them with their case, blocks both ways; newest first, ten a page, filtered by kind.
 */
export function ModerationHistory({ userId }: { userId: string }) {
  const list = useListController({
    columns: COLUMNS,
    rowKey: (item) => `${item.kind}-${item._id}`,
    filters: KIND_FILTER,
    sort: { apiSorts: [] },
    params: useLocalListParams,
    query: ({ page, size, filters }) =>
      historyResource.queries.page({ userId, page, size, kind: filters.kind as HistoryKind | '' }),
  });
  const { kind } = list.state.filters;
  return (
    <ListView
      list={list}
      label={HISTORY_TEXT.title}
      rowName={(item) => `${item.kind} ${item._id}`}
      emptyText={kind ? HISTORY_TEXT.noneOfKind : HISTORY_TEXT.empty}
      paged
    >
      <NativeSelect
        label={HISTORY_TEXT.kind}
        data={[
          { value: '', label: HISTORY_TEXT.everyKind },
          ...HISTORY_KINDS.map((value) => ({ value, label: HISTORY_KIND_LABELS[value] })),
        ]}
        value={kind}
        onChange={(event) => list.setFilter('kind', event.currentTarget.value || null)}
      />
    </ListView>
  );
}
