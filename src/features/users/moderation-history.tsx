import { Anchor, NativeSelect, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { Column } from '@/components/data-table';
import { DialogListTable, pageFromQuery } from '@/components/dialog-list-table';
import { useDialogList } from '@/lib/dialog-list';
import { formatDateTime } from '@/lib/format';
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
      {person.name || person.email || HISTORY_TEXT.unknownUser}
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

const COLUMNS: Column<HistoryItem>[] = [
  { header: HISTORY_TEXT.when, cell: (item) => formatDateTime(item.at), width: 200 },
  {
    header: HISTORY_TEXT.what,
    cell: (item) => (
      <Text size="sm" component="div">
        <What item={item} />
      </Text>
    ),
  },
];

/**
 * The profile's Moderation history ('user-history'): status changes with who and why, reports about the user and by
 * them with their case, blocks both ways; newest first, ten a page, filtered by kind.
 */
export function ModerationHistory({ userId }: { userId: string }) {
  const list = useDialogList();
  const [kind, setKind] = useState<HistoryKind | ''>('');
  const history = useQuery(historyResource.queries.page({ userId, page: list.page, size: list.size, kind }));
  return (
    <DialogListTable
      label={HISTORY_TEXT.title}
      list={list}
      page={pageFromQuery(history)}
      columns={COLUMNS}
      rowKey={(item) => `${item.kind}-${item._id}`}
      emptyText={kind ? HISTORY_TEXT.noneOfKind : HISTORY_TEXT.empty}
      filters={
        <NativeSelect
          label={HISTORY_TEXT.kind}
          data={[
            { value: '', label: HISTORY_TEXT.everyKind },
            ...HISTORY_KINDS.map((value) => ({ value, label: HISTORY_KIND_LABELS[value] })),
          ]}
          value={kind}
          onChange={(event) => {
            setKind(event.currentTarget.value as HistoryKind | '');
            list.setPage(1);
          }}
        />
      }
    />
  );
}
