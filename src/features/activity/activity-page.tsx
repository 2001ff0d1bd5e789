import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ListView } from '@/components/list-kit/list-view';
import { PageCard } from '@/components/page-kit/page-card';
import { formatDateTime } from '@/lib/format';
import { useListController, type ListColumn } from '@/components/list-kit/list-controller';
import { ActivityFilters, type ActivityFilterValues } from './activity-filters';
import { activityResource, type ActivityEntry } from './api';
import { ACTIVITY_FILTERS, activityRequest } from './calls';
import { recordLink } from './record-links';
import { ACTIVITY_TEXT, actionLabel, actorWithoutAdmin, recordTypeLabel } from './strings';

/** The admin who made the entry, or who else did when no admin did. */
const adminName = ({ admin, action }: ActivityEntry) =>
  admin ? admin.name || admin.email || ACTIVITY_TEXT.unknownAdmin : actorWithoutAdmin(action);

/** The record as the log names it: its type, and its name at the time (the type alone when it had none). */
const recordText = (entry: ActivityEntry) =>
  [recordTypeLabel(entry.recordType), entry.recordName].filter(Boolean).join(': ');

/** The record's type, and its name linked to the record's screen while it still exists. */
function RecordCell({ entry }: { entry: ActivityEntry }) {
  const to = recordLink(entry);
  const name = entry.recordName || recordTypeLabel(entry.recordType);
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {recordTypeLabel(entry.recordType)}
      </Text>
      {to ? (
        <Anchor component={Link} to={to} size="sm">
          {name}
        </Anchor>
      ) : (
        <Text size="sm">{entry.recordName || '-'}</Text>
      )}
    </Stack>
  );
}

const COLUMNS: ListColumn<ActivityEntry>[] = [
  {
    id: 'when',
    header: ACTIVITY_TEXT.when,
    text: (entry) => formatDateTime(entry.createdAt),
    cell: (entry) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(entry.createdAt)}
      </Text>
    ),
  },
  { id: 'admin', header: ACTIVITY_TEXT.admin, text: adminName, cell: adminName },
  {
    id: 'action',
    header: ACTIVITY_TEXT.action,
    text: (entry) => actionLabel(entry.action),
    cell: (entry) => actionLabel(entry.action),
  },
  {
    id: 'record',
    header: ACTIVITY_TEXT.record,
    text: recordText,
    cell: (entry) => <RecordCell entry={entry} />,
  },
  {
    id: 'summary',
    header: ACTIVITY_TEXT.summary,
    text: (entry) => entry.summary || '-',
    cell: (entry) => entry.summary || '-',
  },
  {
    id: 'reason',
    header: ACTIVITY_TEXT.reason,
    text: (entry) => entry.reason ?? '-',
    cell: (entry) => entry.reason ?? '-',
  },
];

/**
 * /activity ('activity-log', DECISIONS "Moderation"): who did what, when and why; server-paged, newest first (no
 * other order), filtered by action, record type, admin and a range of days, all in the URL. Each entry links to its
 * record while it exists and has a screen.
 */
export function ActivityPage() {
  const list = useListController({
    columns: COLUMNS,
    rowKey: (entry) => entry._id,
    filters: ACTIVITY_FILTERS,
    sort: { apiSorts: [] },
    query: (state) => activityResource.queries.page(activityRequest(state)),
    exportAs: { fileName: 'activity' },
  });
  const { filters } = list.state;
  const change = (next: ActivityFilterValues) => {
    for (const name of ACTIVITY_FILTERS)
      if (next[name] !== filters[name]) list.setFilter(name, next[name] || null);
  };

  return (
    <PageCard title={ACTIVITY_TEXT.activityTitle}>
      <ListView
        list={list}
        label={ACTIVITY_TEXT.activityTitle}
        rowName={(entry) => `${actionLabel(entry.action)} ${recordText(entry)}`}
        emptyText={ACTIVITY_TEXT.noActivity}
        loadingLabel={ACTIVITY_TEXT.loadingActivity}
        paged
      >
        <ActivityFilters value={filters} onChange={change} />
      </ListView>
    </PageCard>
  );
}
