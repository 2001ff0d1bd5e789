import { http } from 'msw';
import { TEXT_MAX } from '@contract/limits';
import { RECORD_TYPES } from '@contract/activity';
import type { SortedList } from '@contract/sort-fields';
import { ACTIVITY_ACTIONS, CASE_STATUSES, NOTE_MAX, plainText, type CaseStatus } from '@contract/moderation';
import { activityAnswer, recordActivity } from '../activity';
import { db } from '../db';
import { apiPath, fail, notFound, ok, refuseWithoutAdmin } from '../http';
import type { MockChatBlock, MockChatReport, MockFeedback } from '../moderation-fixtures';
import {
  id,
  inField,
  jsonBody,
  oneOf,
  paginate,
  paging,
  Refusal,
  refusing,
  requiredText,
  sortRows,
  text,
  type SortFields,
} from '../rules';
import { mayDo, refuse } from '../roles';
import { memberAnswer, offers } from '../scenario';
import { actionedUnder, closeUnder, inForceOf, reportedIn, sweepRestrictions } from '../restrictions';
import { REFERENCE_PATTERN, RESTRICTION_MESSAGES } from '@contract/restrictions';

const extensionMissing = () => fail(404, 'No such API route');

/**
 * Feedback, chat reports and chat blocks (SPEC 7.9): read-only pages, newest first, as the server answers them, or in
 * the order of one of their sort fields.
 */
const readOnly = <T extends { _id: string }, List extends SortedList>(
  path: string,
  rows: (url: URL) => T[],
  list: List,
  sorts: SortFields<T, List>,
  answer: (row: T) => unknown = (row) => row,
) =>
  http.get(
    apiPath(path),
    refusing(({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      const url = new URL(request.url);
      paging(url);
      const { result, pagination } = paginate(
        sortRows(rows(url), url, list, sorts, (row) => row._id),
        url,
      );
      return ok({ result: result.map(answer), pagination });
    }),
  );

/** A chat report as the list answers it: with its case ('report-cases'), or SPEC's shape without. */
function reportAnswer(report: MockChatReport) {
  const answer = { ...report, thread: { user_id: report.thread.user_id.map((user) => memberAnswer(user)) } };
  if (offers('report-cases') && offers('restrictions')) {
    // The reported member's restriction in force, and the restriction the report was closed under.
    const inForce = inForceOf(reportedIn(report));
    return {
      ...answer,
      reportedRestriction: inForce ? { reference: inForce.reference, endsAt: inForce.endsAt } : null,
      actionedUnder: actionedUnder(report),
    };
  }
  if (offers('report-cases')) return answer;
  const { status: _status, note: _note, handledBy: _handledBy, handledAt: _handledAt, ...spec } = answer;
  return spec;
}

const feedbackAnswer = (feedback: MockFeedback) => ({
  ...feedback,
  user: memberAnswer(feedback.user, ['_id', 'name', 'email', 'countryCode', 'phoneNumber']),
});

const blockAnswer = (block: MockChatBlock) => ({
  ...block,
  blockBy: memberAnswer(block.blockBy),
  blockedUser: memberAnswer(block.blockedUser),
});

/** The chat reports a list asks for: with 'report-cases', `status` filters by case. */
function chatReports(url: URL) {
  if (!offers('report-cases')) return db.chatReports;
  const status = oneOf(
    url.searchParams.get('status') || null,
    CASE_STATUSES,
    `Status must be one of ${CASE_STATUSES.join(', ')}`,
  );
  const matching = status ? db.chatReports.filter((report) => report.status === status) : db.chatReports;
  // One report by its id ('review-queue': an item's Open shows its case).
  const report = offers('review-queue') ? url.searchParams.get('report') || null : null;
  if (report === null) return matching;
  if (!/^[0-9a-f]{24}$/.test(report)) throw new Refusal(400, 'Report must be a report id');
  return matching.filter((candidate) => candidate._id === report);
}

const person = (userId: string | undefined) => {
  const user = userId ? db.users.find((candidate) => candidate._id === userId) : undefined;
  return user ? { _id: user._id, name: user.name, surname: user.surname, email: user.email } : null;
};

/** An ISO 8601 instant of the activity list's query, or the server's refusal. */
function instant(url: URL, name: string, label: string) {
  const value = url.searchParams.get(name) || null;
  if (value === null) return undefined;
  if (Number.isNaN(Date.parse(value))) throw new Refusal(400, `${label} must be a date`);
  return new Date(value).getTime();
}

/** The activity list's filters ('activity-log'), in the server's order of checks. */
function selectActivity(url: URL) {
  const action = oneOf(
    url.searchParams.get('action') || null,
    ACTIVITY_ACTIONS,
    `Action must be one of ${ACTIVITY_ACTIONS.join(', ')}`,
  );
  const recordType = oneOf(
    url.searchParams.get('recordType') || null,
    RECORD_TYPES,
    `Record type must be one of ${RECORD_TYPES.join(', ')}`,
  );
  const admin = url.searchParams.get('admin') || null;
  if (admin !== null && !/^[0-9a-f]{24}$/.test(admin)) throw new Refusal(400, 'Admin must be an admin id');
  const from = instant(url, 'from', 'From');
  const to = instant(url, 'to', 'To');
  return db.activity
    .filter((entry) => {
      const at = Date.parse(entry.createdAt);
      return (
        (!action || entry.action === action) &&
        (!recordType || entry.recordType === recordType) &&
        (!admin || entry.admin?._id === admin) &&
        (from === undefined || at >= from) &&
        (to === undefined || at < to)
      );
    })
    .sort((a, b) =>
      a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? 1 : -1) : a._id < b._id ? 1 : -1,
    );
}

const HISTORY_KINDS = ['status', 'reported', 'reporter', 'blocked', 'blocker'] as const;
/** A member's status changes: by an admin, a restriction and a suspension's end ('restrictions'), an appeal ('appeals'). */
const STATUS_ACTIONS: readonly string[] = [
  'activate',
  'deactivate',
  'restrict',
  'restriction-end',
  'appeal',
  'appeal-uphold',
  'appeal-reverse',
];

/** A user's moderation history ('user-history'): one timeline, newest first. */
function historyOf(userId: string) {
  const reportedIn = (report: MockChatReport) =>
    report.thread.user_id.find((participant) => participant._id !== report.user)?._id;
  const caseOf = (report: MockChatReport) => ({
    message: report.message,
    caseStatus: report.status,
    note: report.note,
  });
  const items = [
    ...db.activity
      .filter((entry) => entry.recordType === 'user' && entry.recordId === userId)
      .filter((entry) => STATUS_ACTIONS.includes(entry.action))
      .map((entry) => ({
        kind: 'status' as const,
        _id: entry._id,
        at: entry.createdAt,
        admin: entry.admin,
        // A reversal made the member active only when its entry says so, as on the server.
        enabled:
          ['activate', 'restriction-end'].includes(entry.action) ||
          (entry.action === 'appeal-reverse' && /Inactive → Active|already Active/.test(entry.summary)),
        reason: entry.reason,
        ...(entry.action !== 'activate' && entry.action !== 'deactivate'
          ? { action: entry.action, summary: entry.summary }
          : {}),
      })),
    ...db.chatReports
      .filter((report) => reportedIn(report) === userId)
      .map((report) => ({
        kind: 'reported' as const,
        _id: report._id,
        at: report.created,
        other: person(report.user),
        ...caseOf(report),
      })),
    ...db.chatReports
      .filter((report) => report.user === userId)
      .map((report) => ({
        kind: 'reporter' as const,
        _id: report._id,
        at: report.created,
        other: person(reportedIn(report)),
        ...caseOf(report),
      })),
    ...db.chatBlocks
      .filter((block) => block.blockedUser?._id === userId)
      .map((block) => ({
        kind: 'blocked' as const,
        _id: block._id,
        at: block.created,
        other: person(block.blockBy?._id),
        message: block.message,
      })),
    ...db.chatBlocks
      .filter((block) => block.blockBy?._id === userId)
      .map((block) => ({
        kind: 'blocker' as const,
        _id: block._id,
        at: block.created,
        other: person(block.blockedUser?._id),
        message: block.message,
      })),
  ];
  return items.sort((a, b) => (a.at !== b.at ? (a.at < b.at ? 1 : -1) : a._id < b._id ? 1 : -1));
}

export const moderationHandlers = [
  readOnly(
    'feedback/list',
    () => db.feedbacks,
    'feedbacks',
    { rating: (feedback) => [feedback.rating], created: (feedback) => [feedback.createdAt] },
    feedbackAnswer,
  ),
  readOnly(
    'chat-report/list',
    chatReports,
    'chatReport',
    { created: (report) => [report.created] },
    reportAnswer,
  ),
  readOnly(
    'chat-block/list',
    () => db.chatBlocks,
    'chatBlock',
    { created: (block) => [block.created] },
    blockAnswer,
  ),

  http.patch(
    apiPath('chat-report/case/:reportId'),
    refusing(async ({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('report-cases')) return extensionMissing();
      const reportId = id(params.reportId);
      const body = await jsonBody(request);
      const status = inField('status', () =>
        requiredText('Status', body.status, { max: TEXT_MAX.case.status }),
      );
      if (!(CASE_STATUSES as readonly string[]).includes(status))
        throw new Refusal(400, `Status must be one of ${CASE_STATUSES.join(', ')}`, 'status');
      // A note left out keeps the one the case has.
      const note = inField('note', () =>
        text('Note', typeof body.note === 'string' ? plainText(body.note) : body.note, { max: NOTE_MAX }),
      );
      // 'restrictions': Actioned under the reported member's restriction in force, with no new restriction.
      let under: string | undefined;
      if (offers('restrictions') && body.underRestriction !== undefined && body.underRestriction !== null) {
        under = typeof body.underRestriction === 'string' ? body.underRestriction.trim().toUpperCase() : '';
        if (!REFERENCE_PATTERN.test(under))
          throw new Refusal(400, RESTRICTION_MESSAGES.replacesInvalid, 'underRestriction');
        if (status !== 'Actioned')
          throw new Refusal(400, RESTRICTION_MESSAGES.underRestrictionActioned, 'underRestriction');
      }
      const report = db.chatReports.find((candidate) => candidate._id === reportId);
      if (!report) return notFound('Report');
      const was = report.status;
      if (under !== undefined) {
        if (!mayDo('reports.decide')) return refuse(request, 'reports.decide');
        const inForce = inForceOf(reportedIn(report));
        if (!inForce || inForce.reference !== under) return fail(409, RESTRICTION_MESSAGES.notInForce(under));
        if (was !== 'Open') return fail(409, RESTRICTION_MESSAGES.caseNotOpen);
        closeUnder(report, inForce, note);
        return ok({ message: 'Report updated successfully', result: reportAnswer(report) });
      }
      // A note alone is the route's 'reports.note'; a new status needs 'reports.decide' too, as on the server.
      if (was !== status && !mayDo('reports.decide')) return refuse(request, 'reports.decide');
      const noteChanged = note !== undefined && note !== report.note;
      // A new status unlinks the restriction the report was Actioned under, as on the server.
      if (was !== status)
        for (const restriction of db.restrictions)
          restriction.closedReports = restriction.closedReports?.filter((closed) => closed !== report._id);
      // As the server: whoever changed the case last handled it, whatever its status now.
      Object.assign(report, {
        status: status as CaseStatus,
        note: note ?? report.note,
        handledBy: { _id: db.admin._id, name: `${db.admin.name} ${db.admin.surname}` },
        handledAt: new Date().toISOString(),
      });
      recordActivity({
        action: 'case',
        recordType: 'chat-report',
        recordId: report._id,
        recordName: report.message,
        summary:
          was !== status
            ? `${was} → ${status}`
            : `${status}${noteChanged ? ', note changed' : ' (no change)'}`,
        reason: note || null,
      });
      return ok({ message: 'Report updated successfully', result: reportAnswer(report) });
    }),
  ),

  http.get(
    apiPath('activity/list'),
    refusing(({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('activity-log')) return extensionMissing();
      const url = new URL(request.url);
      paging(url);
      const { result, pagination } = paginate(selectActivity(url), url);
      return ok({ result: result.map(activityAnswer), pagination });
    }),
  ),

  http.get(
    apiPath('activity/facets'),
    refusing(({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('activity-log')) return extensionMissing();
      const { _id, name, surname, email } = db.admin;
      const admins = new Map([[_id, { _id, name: `${name} ${surname}`, email }]]);
      for (const entry of db.activity)
        if (entry.admin && !admins.has(entry.admin._id)) admins.set(entry.admin._id, entry.admin);
      return ok({
        result: {
          actions: [...ACTIVITY_ACTIONS],
          recordTypes: [...RECORD_TYPES],
          admins: [...admins.values()],
        },
      });
    }),
  ),

  http.get(
    apiPath('admin/history/:userId'),
    refusing(({ request, params }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('user-history')) return extensionMissing();
      const userId = id(params.userId);
      const url = new URL(request.url);
      paging(url);
      const kind = oneOf(
        url.searchParams.get('kind') || null,
        HISTORY_KINDS,
        `Kind must be one of ${HISTORY_KINDS.join(', ')}`,
      );
      if (!db.users.some((user) => user._id === userId)) return notFound('User');
      if (offers('restrictions')) sweepRestrictions();
      const items = historyOf(userId);
      return ok(paginate(kind ? items.filter((item) => item.kind === kind) : items, url));
    }),
  ),
];
