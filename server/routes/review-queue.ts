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
  REVIEW_KIND_LABELS,
  REVIEW_KINDS,
  REVIEW_STATES,
  type QueueAges,
  type ReviewKind,
} from '../../contract/review-queue';
import { APPEAL_MESSAGES } from '../../contract/appeals';
import { activityLog } from '../lib/activity';
import { jsonBody, jsonLimit, optionalJsonBody, shortJsonLimit } from '../lib/body';
import { can } from '../../contract/roles';
import type { AppEnv } from '../lib/env';
import { HttpError, notFound } from '../lib/errors';
import { now, parseId } from '../lib/ids';
import { memberRef } from '../lib/members';
import { pageBody, paging } from '../lib/paging';
import { unsorted } from '../lib/sort';
import {
  CASE_MESSAGES,
  CASE_REPORTS_MAX,
  DECIDE_ACTIONS,
  EXCERPT_MAX,
  decideBodySchema,
  levelsBodySchema,
} from '../../contract/review-cases';
import { queueStats } from '../db/review-queue';
import type { MailQueue } from '../lib/mail-queue';
import type { RoleGate } from '../lib/roles';
import { caseView, decideCase, levelsAndRules, replaceLevels } from '../services/review-cases';

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

const statsQuery = z.object({
  from: z.iso.datetime({ offset: true, error: 'from must be an ISO date and time' }).optional(),
  to: z.iso.datetime({ offset: true, error: 'to must be an ISO date and time' }).optional(),
});

/** What the case routes need besides the database: the mail queue, the public address, the strike period. */
export type ReviewCaseDeps = { queue: MailQueue; publicUrl: string; strikeDays: number; roles?: RoleGate };

/** A zod/mini parse of the contract's schemas, refused as the API's other bodies are (400 and the first issue). */
function parseBody<T>(
  schema: {
    safeParse(
      value: unknown,
    ):
      | { success: true; data: T }
      | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  value: unknown,
): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  throw new HttpError(400, field ? `${field} is missing or invalid` : 'The body is invalid', { field });
}

const cut = (text: string) => (text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX - 1)}…` : text);

/**
 * The review queue ('review-queue'): its items by priority then age, filtered by kind, state and assignee; the menu's
 * count; claim-next, a claim and a release, each logged. A case ('review-cases') reads in one request and is decided
 * by POST /api/review-queue/{id}/decide; an appeal through its own route; the levels and rules ('review-priorities'),
 * and the met, missed and overdue counts and handling times.
 */
export function registerReviewQueueRoutes(
  app: Hono<AppEnv>,
  db: Db,
  ages: QueueAges = { amberHours: DEFAULT_QUEUE_AMBER_HOURS, redHours: DEFAULT_QUEUE_RED_HOURS },
  deps?: ReviewCaseDeps,
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
    report: row.report_id
      ? {
          _id: row.report_id,
          message: row.report_message ?? '',
          status: row.report_status,
          reporter: memberRef(row.reporter_id, row.reporter_name, row.reporter_surname, {
            email: row.reporter_email ?? '',
          }),
        }
      : null,
    /** An appeal's item ('appeals'): the appeal, and the reference of the restriction it appeals. */
    appeal: row.kind === 'appeal' ? { _id: row.ref_id, reference: row.appeal_reference ?? '' } : null,
    // 'review-cases' and 'review-priorities' (contract/review-cases.ts queueRowSchema).
    policy: row.policy_id ? { _id: row.policy_id, name: row.policy_name ?? '' } : null,
    reason:
      row.policy_name ||
      row.report_message ||
      row.contact_title ||
      REVIEW_KIND_LABELS[row.kind as ReviewKind] ||
      row.kind,
    excerpt: cut(row.report_message ?? row.appeal_statement ?? row.contact_description ?? ''),
    reporter:
      row.kind === 'appeal'
        ? null
        : memberRef(row.reporter_id, row.reporter_name, row.reporter_surname, {
            email: row.reporter_email ?? '',
          }),
    reportCount: row.kind === 'case' ? row.report_count + row.contact_count : 1,
    level:
      row.level_id && row.level_name !== null
        ? {
            _id: row.level_id,
            name: row.level_name,
            rank: row.level_rank ?? 0,
            targetMinutes: row.level_target_minutes ?? 0,
          }
        : null,
    targetAt: row.target_at,
    handlingMinutes: row.handling_seconds === null ? null : Math.round(Number(row.handling_seconds) / 60),
    targetMet: row.target_met,
    decidedBy: row.decided_by ? { _id: row.decided_by, name: row.decided_by_name ?? '' } : null,
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
      : row.kind === 'case'
        ? {
            action,
            recordType: 'user' as const,
            recordId: row.subject_id,
            recordName: `${row.subject_name ?? ''} ${row.subject_surname ?? ''}`.trim(),
            summary,
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
    unsorted(query, 'by priority, then oldest first');
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

  if (!deps) return;
  const { queue, publicUrl, strikeDays, roles } = deps;

  app.get('/api/review-queue/levels', async (c) =>
    c.json({ success: true, message: 'Success', result: await levelsAndRules(db) }),
  );

  app.put('/api/review-queue/levels', async (c) => {
    const body = parseBody(levelsBodySchema, await jsonBody(c));
    const result = await replaceLevels(db, c.get('adminId'), body);
    return c.json({ success: true, message: 'Priorities saved', result });
  });

  app.get('/api/review-queue/stats', async (c) => {
    const query = statsQuery.parse(c.req.query());
    const at = now();
    const to = query.to ? new Date(query.to).toISOString() : at;
    const from = query.from
      ? new Date(query.from).toISOString()
      : new Date(Date.parse(to) - 30 * 86_400_000).toISOString();
    if (from >= to) throw new HttpError(400, 'from must be before to', { field: 'from' });
    const [{ perLevel, perAdmin }, { levels }] = await Promise.all([
      queueStats(db, { from, to, at }),
      levelsAndRules(db),
    ]);
    return c.json({
      success: true,
      message: 'Success',
      result: {
        from,
        to,
        levels: levels.map((level) => {
          const counts = perLevel.find((row) => row.level_id === level._id);
          return { level, met: counts?.met ?? 0, missed: counts?.missed ?? 0, overdue: counts?.overdue ?? 0 };
        }),
        admins: perAdmin.map((row) => ({
          admin: { _id: row.admin_id, name: row.admin_name ?? '' },
          decided: row.decided,
          medianMinutes: Math.round(row.median_seconds / 60),
          meanMinutes: Math.round(row.mean_seconds / 60),
        })),
      },
    });
  });

  app.get('/api/review-queue/:id/case', async (c) => {
    const id = parseId(c.req.param('id'));
    const { item, reports, contacts, member, lastActiveAt } = await caseView(db, id, {
      strikeDays,
      limit: CASE_REPORTS_MAX,
    });
    const photos = member
      ? [member.photo, member.image1, member.image2, member.image3, member.image4].filter(
          (photo): photo is string => !!photo,
        )
      : [];
    return c.json({
      success: true,
      message: 'Success',
      result: {
        item: serialize(item),
        reports: reports.map((report) => ({
          _id: report.id,
          message: report.message,
          reporter: memberRef(report.reporter_id, report.reporter_name, report.reporter_surname, {
            email: report.reporter_email ?? '',
          }),
          createdAt: report.created_at,
          status: report.status,
          policy: report.policy_id ? { _id: report.policy_id, name: report.policy_name ?? '' } : null,
        })),
        contacts: contacts.map((contact) => ({
          _id: contact.id,
          title: contact.title,
          email: contact.email,
          description: contact.description,
          createdAt: contact.created_at,
        })),
        member: member
          ? {
              _id: member.id,
              name: member.name,
              surname: member.surname,
              email: member.email,
              photos,
              age: ageOf(member.dob),
              joinedAt: member.created_at,
              // As the profile's header gives it ('member-summary'): the newest record the member made.
              lastActiveAt: lastActiveAt ?? member.created_at,
              verified: member.is_verified,
              strikes: { active: member.strikes, reversed: member.strikes_reversed },
              restriction: member.restriction_id
                ? {
                    _id: member.restriction_id,
                    reference: member.restriction_reference ?? '',
                    policy: { name: member.restriction_policy ?? '' },
                    endsAt: member.restriction_ends_at,
                    createdAt: member.restriction_created_at ?? '',
                  }
                : null,
              earlierReports: member.earlier_reports,
              earlierRestrictions: member.earlier_restrictions,
            }
          : null,
      },
    });
  });

  app.post('/api/review-queue/:id/decide', jsonLimit, async (c) => {
    const id = parseId(c.req.param('id'));
    const raw = await jsonBody(c);
    if (!(DECIDE_ACTIONS as readonly unknown[]).includes(raw.action))
      throw new HttpError(400, CASE_MESSAGES.actionUnknown, { field: 'action' });
    const body = parseBody(decideBodySchema, raw);
    const role = c.get('adminRole') ?? '';
    if (body.action === 'restrict' && !can(role, 'members.status')) {
      if (roles) roles.refuse(c, 'members.status');
      throw new HttpError(403, 'Your role cannot restrict members.');
    }
    const adminId = c.get('adminId');
    const item = await decideCase({ db, queue, publicUrl }, { id, adminId, role, body });
    // "Decide and next": the item claim-next would give now, not claimed, for the console to prefetch.
    const next = (await pageOfItems(db, { state: 'open' }, { limit: 2, offset: 0 })).find(
      (row) => row.id !== id,
    );
    const messages = {
      dismiss: 'Case dismissed',
      warn: 'Member warned',
      restrict: 'Member restricted',
      escalate: 'Case escalated',
      release: 'Item released',
    };
    return c.json({
      success: true,
      message: messages[body.action],
      result: { item: serialize(item), next: next ? serialize(next) : null },
    });
  });
}

/** Whole years since a birth date (an ISO date), or null when there is none or it does not read as one. */
function ageOf(dob: string | null): number | null {
  if (!dob) return null;
  const born = new Date(dob);
  if (Number.isNaN(born.getTime())) return null;
  const today = new Date(now());
  let years = today.getUTCFullYear() - born.getUTCFullYear();
  if (
    today.getUTCMonth() < born.getUTCMonth() ||
    (today.getUTCMonth() === born.getUTCMonth() && today.getUTCDate() < born.getUTCDate())
  )
    years -= 1;
  return years >= 0 && years < 150 ? years : null;
}
