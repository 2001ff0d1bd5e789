import type { Hono } from 'hono';
import { z } from 'zod';
import {
  claimItem,
  claimNext,
  countItems,
  findItem,
  pageOfItems,
  queueCounts,
  releaseItem,
  type QueueFilter,
  type ReviewItemRow,
} from '../db/review-queue';
import type { Db } from '../db/postgres/db';
import {
  DEFAULT_QUEUE_AMBER_HOURS,
  DEFAULT_QUEUE_RED_HOURS,
  REVIEW_KINDS,
  REVIEW_STATES,
  type QueueAges,
} from '../../contract/review-queue';
import { APPEAL_MESSAGES } from '../../contract/appeals';
import { activityLog } from '../lib/activity';
import { optionalJsonBody, shortJsonLimit } from '../lib/body';
import type { AppEnv } from '../lib/env';
import { HttpError, notFound } from '../lib/errors';
import { now, parseId } from '../lib/ids';
import { memberRef } from '../lib/members';
import { pageBody, paging } from '../lib/paging';
import { unsorted } from '../lib/sort';

const kind = z.enum(REVIEW_KINDS, { error: `Kind must be one of ${REVIEW_KINDS.join(', ')}` });
const listQuery = z.object({
  kind: kind.optional(),
  state: z.enum(REVIEW_STATES, { error: `State must be one of ${REVIEW_STATES.join(', ')}` }).optional(),
  assignee: z
    .string()
    .regex(/^(me|none|[0-9a-f]{24})$/, 'Assignee must be me, none or an admin id')
    .optional(),
});
const claimNextBody = z.object({ kind: kind.optional() });

/** When an item's age turns amber and red (QUEUE_AMBER_HOURS, QUEUE_RED_HOURS), as the list answers them. */

/**
 * The review queue ('review-queue'): its items oldest first, filtered by kind, state and assignee; the menu's count;
 * claim-next, a claim and a release, each logged. An item is decided through its source (a chat report's case), whose
 * trigger closes it.
 */
export function registerReviewQueueRoutes(
  app: Hono<AppEnv>,
  db: Db,
  ages: QueueAges = { amberHours: DEFAULT_QUEUE_AMBER_HOURS, redHours: DEFAULT_QUEUE_RED_HOURS },
) {
  const log = activityLog(db);

  const serialize = (row: ReviewItemRow) => ({
    _id: row.id,
    kind: row.kind,
    state: row.state,
    ref: row.ref_id,
    subject: memberRef(row.subject_id, row.subject_name, row.subject_surname, {
      email: row.subject_email ?? '',
      /** Their restriction in force ('restrictions'). */
      restriction: row.subject_restriction
        ? { reference: row.subject_restriction, endsAt: row.subject_restriction_ends_at }
        : null,
    }),
    assignee: row.assignee_id ? { _id: row.assignee_id, name: row.assignee_name ?? '' } : null,
    claimedAt: row.claimed_at,
    createdAt: row.created_at,
    doneAt: row.done_at,
    report:
      row.kind === 'chat-report'
        ? {
            _id: row.ref_id,
            message: row.report_message ?? '',
            status: row.report_status,
            reporter: memberRef(row.reporter_id, row.reporter_name, row.reporter_surname, {
              email: row.reporter_email ?? '',
            }),
          }
        : null,
    /** An appeal's item ('appeals'): the appeal, and the reference of the restriction it appeals. */
    appeal: row.kind === 'appeal' ? { _id: row.ref_id, reference: row.appeal_reference ?? '' } : null,
  });

  /**
   * The entry a claim or release leaves: on the item's source, so the log links to the chat report; an appeal's, on
   * its member.
   */
  const entry = (row: ReviewItemRow, action: 'claim' | 'release', summary: string) =>
    row.kind === 'appeal'
      ? {
          action,
          recordType: 'user' as const,
          recordId: row.subject_id,
          recordName: `${row.subject_name ?? ''} ${row.subject_surname ?? ''}`.trim(),
          summary: `${summary} (the appeal of ${row.appeal_reference ?? 'a restriction'})`,
        }
      : {
          action,
          recordType: 'chat-report' as const,
          recordId: row.ref_id,
          recordName: row.report_message ?? '',
          summary,
        };

  app.get('/api/review-queue/list', async (c) => {
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    unsorted(query, 'oldest first');
    const chosen = listQuery.parse(
      Object.fromEntries(Object.entries(query).filter(([name, value]) => name in listQuery.shape && value)),
    );
    const filter: QueueFilter = { kind: chosen.kind, state: chosen.state };
    if (chosen.assignee === 'none') {
      filter.assignee = null;
      // Nobody's items not done are the open ones, on the open items' index.
      filter.state ??= 'open';
    } else if (chosen.assignee)
      filter.assignee = chosen.assignee === 'me' ? c.get('adminId') : chosen.assignee;
    const [rows, count] = await Promise.all([
      pageOfItems(db, filter, { limit: size, offset }),
      countItems(db, filter),
    ]);
    return c.json({ ...pageBody(rows.map(serialize), count, page, size), ages });
  });

  app.get('/api/review-queue/count', async (c) => {
    const counts = await queueCounts(db, c.get('adminId'));
    return c.json({ success: true, message: 'Success', result: counts });
  });

  app.post('/api/review-queue/claim-next', shortJsonLimit, async (c) => {
    const { kind: chosenKind } = claimNextBody.parse(await optionalJsonBody(c));
    const adminId = c.get('adminId');
    const claimed = await db.transaction(async (tx) => {
      const row = await claimNext(tx, adminId, chosenKind, now());
      if (!row) return undefined;
      await log.record(tx, adminId, entry(row, 'claim', 'Claimed the next item of the review queue'));
      return row;
    });
    if (!claimed) return c.json({ success: true, message: 'No open item to claim', result: null });
    return c.json({ success: true, message: 'Item claimed', result: serialize(claimed) });
  });

  app.post('/api/review-queue/:id/claim', shortJsonLimit, async (c) => {
    const id = parseId(c.req.param('id'));
    const adminId = c.get('adminId');
    const claimed = await db.transaction(async (tx) => {
      const before = await findItem(tx, id, { lock: true });
      if (!before) throw notFound('Item');
      if (before.state === 'claimed' && before.assignee_id === adminId) return before;
      if (before.state === 'claimed')
        throw new HttpError(409, `${before.assignee_name || 'Another admin'} has already claimed this item`);
      if (before.state === 'done') throw new HttpError(409, 'This item is already done');
      // Separation of duties at the claim: the admin who restricted does not take the appeal against it.
      if (before.kind === 'appeal' && before.appeal_restricted_by === adminId)
        throw new HttpError(403, APPEAL_MESSAGES.ownRestriction);
      await claimItem(tx, id, adminId, now());
      const row = (await findItem(tx, id))!;
      await log.record(tx, adminId, entry(row, 'claim', 'Claimed from the review queue'));
      return row;
    });
    return c.json({ success: true, message: 'Item claimed', result: serialize(claimed) });
  });

  app.post('/api/review-queue/:id/release', shortJsonLimit, async (c) => {
    const id = parseId(c.req.param('id'));
    const adminId = c.get('adminId');
    const released = await db.transaction(async (tx) => {
      const before = await findItem(tx, id, { lock: true });
      if (!before) throw notFound('Item');
      if (before.state !== 'claimed') throw new HttpError(409, 'This item is not claimed');
      const own = before.assignee_id === adminId;
      // Anyone's claim is an Owner's to release (an admin away with items claimed); the others release their own.
      if (!own && c.get('adminRole') !== 'owner')
        throw new HttpError(403, 'Only the admin who claimed this item, or an Owner, can release it');
      await releaseItem(tx, id);
      await log.record(
        tx,
        adminId,
        entry(
          before,
          'release',
          own
            ? 'Released to the review queue'
            : `Released ${before.assignee_name || 'another admin'}'s claim`,
        ),
      );
      return (await findItem(tx, id))!;
    });
    return c.json({ success: true, message: 'Item released', result: serialize(released) });
  });
}
