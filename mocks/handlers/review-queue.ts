import { http } from 'msw';
import {
  DEFAULT_QUEUE_AMBER_HOURS,
  DEFAULT_QUEUE_RED_HOURS,
  REVIEW_KINDS,
  REVIEW_STATES,
} from '@contract/review-queue';
import { recordActivity } from '../activity';
import { db } from '../db';
import { apiPath, fail, notFound, ok, refuseWithoutAdmin } from '../http';
import { forbid } from '../roles';
import type { MockChatReport } from '../moderation-fixtures';
import { syncReviewItems, type MockReviewItem } from '../review-queue';
import { id, oneOf, optionalJsonBody, paginate, paging, Refusal, refusing } from '../rules';
import { offers } from '../scenario';
import { inForceOf } from '../restrictions';
import { APPEAL_MESSAGES } from '@contract/appeals';

/** The review queue ('review-queue') as the reference server answers it (server/routes/review-queue.ts). */

const extensionMissing = () => fail(404, 'No such API route');

const reportOf = (item: MockReviewItem) => db.chatReports.find((report) => report._id === item.ref);
const reportedIn = (report: MockChatReport) =>
  report.thread.user_id.find((participant) => participant._id !== report.user) ?? null;
const member = (userId: string | undefined | null) => {
  const user = userId ? db.users.find((candidate) => candidate._id === userId) : undefined;
  return user ? { _id: user._id, name: user.name, surname: user.surname, email: user.email } : null;
};
/** An item's subject, with their restriction in force ('restrictions'). */
const subject = (userId: string | undefined | null) => {
  const found = member(userId);
  if (!found || !offers('restrictions')) return found;
  const inForce = inForceOf(found._id);
  return { ...found, restriction: inForce ? { reference: inForce.reference, endsAt: inForce.endsAt } : null };
};
/** Whether the item is the appeal of a restriction the signed-in admin made: theirs is not to claim. */
const ownRestrictionAppeal = (item: MockReviewItem) => {
  if (item.kind !== 'appeal') return false;
  const appeal = db.appeals.find((candidate) => candidate._id === item.ref);
  const restriction = db.restrictions.find((candidate) => candidate._id === appeal?.restrictionId);
  return restriction?.adminId === db.admin._id;
};

function itemAnswer(item: MockReviewItem) {
  if (item.kind === 'appeal') {
    const appeal = db.appeals.find((candidate) => candidate._id === item.ref);
    const restriction = db.restrictions.find((candidate) => candidate._id === appeal?.restrictionId);
    return {
      ...item,
      subject: subject(appeal?.userId),
      report: null,
      appeal: { _id: item.ref, reference: restriction?.reference ?? '' },
    };
  }
  const report = reportOf(item);
  return {
    ...item,
    subject: subject(report && reportedIn(report)?._id),
    report: report
      ? { _id: report._id, message: report.message, status: report.status, reporter: member(report.user) }
      : null,
    appeal: null,
  };
}

const me = () => ({ _id: db.admin._id, name: `${db.admin.name} ${db.admin.surname}` });
const oldestFirst = (a: MockReviewItem, b: MockReviewItem) =>
  a.createdAt !== b.createdAt ? (a.createdAt < b.createdAt ? -1 : 1) : a._id < b._id ? -1 : 1;

/** The signed-in admin's guard and the feature's, then the items in step with the reports. */
function items(request: Request): Response | MockReviewItem[] {
  const refusal = refuseWithoutAdmin(request);
  if (refusal) return refusal;
  if (!offers('review-queue')) return extensionMissing();
  syncReviewItems(db.reviewItems, db.chatReports);
  return db.reviewItems;
}

function logClaim(item: MockReviewItem, action: 'claim' | 'release', summary: string) {
  if (item.kind === 'appeal') {
    const answer = itemAnswer(item);
    recordActivity({
      action,
      recordType: 'user',
      recordId: answer.subject?._id ?? null,
      recordName: answer.subject ? `${answer.subject.name} ${answer.subject.surname}`.trim() : '',
      summary: `${summary} (the appeal of ${answer.appeal?.reference || 'a restriction'})`,
    });
    return;
  }
  recordActivity({
    action,
    recordType: 'chat-report',
    recordId: item.ref,
    recordName: reportOf(item)?.message ?? '',
    summary,
  });
}

export const reviewQueueHandlers = [
  http.get(
    apiPath('review-queue/list'),
    refusing(({ request }) => {
      const all = items(request);
      if (all instanceof Response) return all;
      const url = new URL(request.url);
      paging(url);
      if (url.searchParams.get('sort') || url.searchParams.get('order'))
        throw new Refusal(
          400,
          'This list cannot be sorted: it is always oldest first; send no sort or order',
        );
      const kind = oneOf(
        url.searchParams.get('kind') || null,
        REVIEW_KINDS,
        `Kind must be one of ${REVIEW_KINDS.join(', ')}`,
      );
      const state = oneOf(
        url.searchParams.get('state') || null,
        REVIEW_STATES,
        `State must be one of ${REVIEW_STATES.join(', ')}`,
      );
      const assignee = url.searchParams.get('assignee') || null;
      if (assignee !== null && !/^(me|none|[0-9a-f]{24})$/.test(assignee))
        throw new Refusal(400, 'Assignee must be me, none or an admin id');
      const assigneeId = assignee === 'me' ? db.admin._id : assignee;
      const rows = all
        .filter(
          (item) =>
            (!kind || item.kind === kind) &&
            (state ? item.state === state : item.state !== 'done') &&
            (assigneeId === null ||
              (assigneeId === 'none' ? item.assignee === null : item.assignee?._id === assigneeId)),
        )
        .sort(oldestFirst);
      const { result, pagination } = paginate(rows, url);
      return ok({
        result: result.map(itemAnswer),
        pagination,
        ages: { amberHours: DEFAULT_QUEUE_AMBER_HOURS, redHours: DEFAULT_QUEUE_RED_HOURS },
      });
    }),
  ),

  http.get(
    apiPath('review-queue/count'),
    refusing(({ request }) => {
      const all = items(request);
      if (all instanceof Response) return all;
      return ok({
        result: {
          open: all.filter((item) => item.state === 'open').length,
          claimed: all.filter((item) => item.state === 'claimed').length,
          mine: all.filter((item) => item.state === 'claimed' && item.assignee?._id === db.admin._id).length,
        },
      });
    }),
  ),

  http.post(
    apiPath('review-queue/claim-next'),
    refusing(async ({ request }) => {
      const all = items(request);
      if (all instanceof Response) return all;
      const body = await optionalJsonBody(request);
      const kind =
        body.kind === undefined
          ? undefined
          : oneOf(String(body.kind), REVIEW_KINDS, `Kind must be one of ${REVIEW_KINDS.join(', ')}`);
      const next = all
        .filter(
          (item) => item.state === 'open' && (!kind || item.kind === kind) && !ownRestrictionAppeal(item),
        )
        .sort(oldestFirst)[0];
      if (!next) return ok({ message: 'No open item to claim', result: null });
      Object.assign(next, { state: 'claimed', assignee: me(), claimedAt: new Date().toISOString() });
      logClaim(next, 'claim', 'Claimed the next item of the review queue');
      return ok({ message: 'Item claimed', result: itemAnswer(next) });
    }),
  ),

  http.post(
    apiPath('review-queue/:id/claim'),
    refusing(({ request, params }) => {
      const all = items(request);
      if (all instanceof Response) return all;
      const itemId = id(params.id);
      const item = all.find((candidate) => candidate._id === itemId);
      if (!item) return notFound('Item');
      if (item.state === 'claimed' && item.assignee?._id === db.admin._id)
        return ok({ message: 'Item claimed', result: itemAnswer(item) });
      if (item.state === 'claimed')
        return fail(409, `${item.assignee?.name || 'Another admin'} has already claimed this item`);
      if (item.state === 'done') return fail(409, 'This item is already done');
      if (ownRestrictionAppeal(item)) return forbid(request, APPEAL_MESSAGES.ownRestriction);
      Object.assign(item, { state: 'claimed', assignee: me(), claimedAt: new Date().toISOString() });
      logClaim(item, 'claim', 'Claimed from the review queue');
      return ok({ message: 'Item claimed', result: itemAnswer(item) });
    }),
  ),

  http.post(
    apiPath('review-queue/:id/release'),
    refusing(({ request, params }) => {
      const all = items(request);
      if (all instanceof Response) return all;
      const itemId = id(params.id);
      const item = all.find((candidate) => candidate._id === itemId);
      if (!item) return notFound('Item');
      if (item.state !== 'claimed') return fail(409, 'This item is not claimed');
      const own = item.assignee?._id === db.admin._id;
      if (!own && offers('roles') && db.admin.role !== 'owner')
        return forbid(request, 'Only the admin who claimed this item, or an Owner, can release it');
      const holder = item.assignee?.name || 'another admin';
      Object.assign(item, { state: 'open', assignee: null, claimedAt: null });
      logClaim(item, 'release', own ? 'Released to the review queue' : `Released ${holder}'s claim`);
      return ok({ message: 'Item released', result: itemAnswer(item) });
    }),
  ),
];
