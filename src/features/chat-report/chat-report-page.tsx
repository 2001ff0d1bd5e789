import { Anchor, NativeSelect, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ListView } from '@/components/list-kit/list-view';
import { PageCard } from '@/components/page-kit/page-card';
import { TruncatedText } from '@/components/truncated-text';
import { UserLink } from '@/components/user-link';
import { userName, type UserRef } from '@/lib/declared-columns';
import { formatDateTime } from '@/lib/format';
import { useListController, type ListColumn } from '@/components/list-kit/list-controller';
import { useFeature } from '@/lib/core/session';
import { chatReportResource, type ChatReport } from './api';
import { CASE_FILTER, CHAT_REPORT_SORTS, chatReportRequest } from './calls';
import { CaseActions, CaseStatusBadge } from './case-actions';
import { MODERATION_TEXT } from './strings';

/** The reporter: `user` (an id), named by the thread when they are in it. */
const reporterOf = (report: ChatReport): UserRef =>
  report.thread.user_id.find((person) => person._id === report.user) ??
  (report.user ? { _id: report.user, name: '' } : null);

/** The reported party: the thread's other participant; Unknown when the thread has none (SPEC 8). */
const reportedOf = (report: ChatReport): UserRef =>
  report.thread.user_id.find((person) => person._id !== report.user) ?? null;

/** SPEC 2.20's four columns. */
const SPEC_COLUMNS: ListColumn<ChatReport>[] = [
  {
    id: 'reportedBy',
    header: MODERATION_TEXT.reportedBy,
    text: (report) => userName(reporterOf(report)),
    cell: (report) => <UserLink user={reporterOf(report)} />,
  },
  {
    id: 'reportedTo',
    header: MODERATION_TEXT.reportedTo,
    text: (report) => userName(reportedOf(report)),
    cell: (report) => <UserLink user={reportedOf(report)} />,
  },
  {
    id: 'message',
    header: MODERATION_TEXT.reportMessage,
    text: (report) => report.message || '-',
    cell: (report) => <TruncatedText text={report.message} />,
  },
  {
    id: 'reportedAt',
    header: MODERATION_TEXT.reportedAt,
    text: (report) => formatDateTime(report.created),
    sortField: 'created',
    cell: (report) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(report.created)}
      </Text>
    ),
  },
];

/** With 'report-cases': the case (its status, and its note under it) and what can be done with it. */
const CASE_COLUMNS: ListColumn<ChatReport>[] = [
  {
    id: 'status',
    header: MODERATION_TEXT.status,
    text: (report) => (report.note ? `${report.status}: ${report.note}` : report.status),
    cell: (report) => (
      <Stack gap={4} align="flex-start">
        <CaseStatusBadge status={report.status} />
        {report.note ? (
          <Text size="xs" c="dimmed">
            {report.note}
          </Text>
        ) : null}
      </Stack>
    ),
  },
  {
    id: 'caseActions',
    header: MODERATION_TEXT.caseActions,
    cell: (report) => {
      const reported = reportedOf(report);
      return (
        <CaseActions
          report={{
            _id: report._id,
            status: report.status,
            reported: reported ?? null,
            reportedRestriction: report.reportedRestriction,
          }}
        />
      );
    },
  },
];

/**
 * /chat-report (SPEC 2.20, 7.9, 8): read-only and server-paged, the page, its size and its sort in the URL. When the
 * API announces 'report-cases' (DECISIONS "Moderation") each report is a case: its status and note, a filter by
 * status (?status=, in the URL and the call), and Dismiss / "Deactivate reported user" on its row. Without it,
 * SPEC's list exactly: its four columns and its one call.
 */
export function ChatReportPage() {
  const sorting = useFeature('list-sort');
  const cases = useFeature('report-cases');
  const queue = useFeature('review-queue');
  const list = useListController({
    columns: cases ? [...SPEC_COLUMNS, ...CASE_COLUMNS] : SPEC_COLUMNS,
    rowKey: (report) => report._id,
    filters: ['status', 'report'],
    sort: { apiSorts: sorting ? CHAT_REPORT_SORTS : [] },
    query: (state) => chatReportResource.queries.page(chatReportRequest(state, cases, queue)),
    exportAs: { fileName: 'chat-report' },
  });
  const oneReport = chatReportRequest(list.state, cases, queue).report;

  return (
    <PageCard title={MODERATION_TEXT.chatReportTitle}>
      {oneReport ? (
        <Anchor component={Link} to="/queue" size="sm" mb="sm" display="inline-block">
          {MODERATION_TEXT.backToQueue}
        </Anchor>
      ) : null}
      <ListView
        list={list}
        label={MODERATION_TEXT.chatReportTitle}
        rowName={(report) => report._id}
        emptyText={MODERATION_TEXT.noChatReports}
        paged
      >
        {cases ? (
          <NativeSelect
            label={MODERATION_TEXT.status}
            value={chatReportRequest(list.state, cases).status ?? ''}
            onChange={(event) => list.setFilter('status', event.currentTarget.value || null)}
            data={[{ value: '', label: MODERATION_TEXT.everyStatus }, ...CASE_FILTER]}
            w={160}
          />
        ) : null}
      </ListView>
    </PageCard>
  );
}
