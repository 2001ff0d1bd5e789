import type { Hono } from 'hono';
import { z } from 'zod';
import {
  activityDays,
  activityTotal,
  countActivity,
  currentAdmins,
  findReport,
  HISTORY_KINDS,
  isUser,
  lastSeenAs,
  loggedAdminIds,
  pageOfActivity,
  pageOfHistory,
  pageOfReports,
  updateCase,
  type ActivityFilter,
  type HistoryRow,
  type ReportRow,
  type TimeRange,
} from '../db/moderation';
import type { Db } from '../db/postgres/db';
import { RECORD_TYPES } from '../../contract/activity';
import { ACTIVITY_ACTIONS, CASE_STATUSES, NOTE_MAX } from '../../contract/moderation';
import { can } from '../../contract/roles';
import { activityLog } from '../lib/activity';
import { jsonBody, jsonLimit } from '../lib/body';
import type { AppEnv } from '../lib/env';
import type { RoleGate } from '../lib/roles';
import { HttpError, notFound } from '../lib/errors';
import { REFERENCE_PATTERN, RESTRICTION_MESSAGES } from '../../contract/restrictions';
import { now, parseId } from '../lib/ids';
import { actionUnderRestriction } from '../services/restrictions';
import { memberRef } from '../lib/members';
import { pageBody, paging } from '../lib/paging';
import { orderBy, unsorted, type ListSort } from '../lib/sort';
import { date, fields, freeText, text } from '../lib/validate';

export { HISTORY_KINDS };

/** A query's values without the empty ones: a filter sent empty counts as absent, as paging's and sort's do. */
const given = (query: Record<string, string>) =>
  Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));

const activityQuery = z.object({
  action: z
    .enum(ACTIVITY_ACTIONS, { error: `Action must be one of ${ACTIVITY_ACTIONS.join(', ')}` })
    .optional(),
  recordType: z
    .enum(RECORD_TYPES, { error: `Record type must be one of ${RECORD_TYPES.join(', ')}` })
    .optional(),
  admin: z
    .string()
    .regex(/^[0-9a-f]{24}$/, 'Admin must be an admin id')
    .optional(),
  from: date('From').optional(),
  to: date('To').optional(),
});

/** The list's filters that have their own index and day counters (activity_days). */
const DIMENSIONS = {
  action: { dim: 'action', column: 'action' },
  recordType: { dim: 'type', column: 'record_type' },
  admin: { dim: 'admin', column: 'admin_id' },
} as const satisfies Record<string, ActivityFilter>;
type Filter = ActivityFilter & { value: string };

/** 'YYYY-MM-DD' → the next day, as created_at's first ten characters would read it. */
function nextDay(day: string) {
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return next.toISOString().slice(0, 10);
}

const caseBody = fields({
  status: text('Status', { required: true, oneOf: CASE_STATUSES }),
  note: freeText('Note', { max: NOTE_MAX }),
});

/** A case's `underRestriction` ('restrictions'): a reference, with the status Actioned; undefined when not given. */
function underRestriction(value: unknown, status: string): string | undefined {
  if (value === undefined || value === null) return undefined;
  const reference = typeof value === 'string' ? value.trim().toUpperCase() : '';
  if (!REFERENCE_PATTERN.test(reference))
    throw new HttpError(400, RESTRICTION_MESSAGES.replacesInvalid, { field: 'underRestriction' });
  if (status !== 'Actioned')
    throw new HttpError(400, RESTRICTION_MESSAGES.underRestrictionActioned, { field: 'underRestriction' });
  return reference;
}

const person = (id: unknown, name: unknown, email: unknown) =>
  id ? { _id: id, name: name ?? '', email: email ?? '' } : null;

/**
 * Moderation (announced as 'activity-log', 'user-history' and 'report-cases'): the activity log's list and facets,
 * a user's moderation history, and chat reports as cases.
 */
export function registerModerationRoutes(app: Hono<AppEnv>, db: Db, roles: RoleGate) {
  const log = activityLog(db);

  // ----- Activity log: newest first, filtered by any of action, record type, admin and a time range.

  /**
   * One filter (or none), and a time range: the count and the page come from the day counters. The days in range are
   * walked newest first to the one the page starts in, and the page is read from the filter's index from there, so
   * neither a count nor a deep page steps through more entries than a day holds. A day the range cuts is counted.
   */
  async function pageByDays(filter: Filter | undefined, range: TimeRange, offset: number, size: number) {
    const fromDay = range.from?.slice(0, 10);
    const toDay = range.to?.slice(0, 10);
    const filters = filter ? [filter] : [];
    const days = await activityDays(db, filter?.dim ?? 'all', filter?.value ?? '', { fromDay, toDay });
    const segments = await Promise.all(
      days.map(async ({ day, n }) => {
        const low = day === fromDay ? range.from! : day;
        const high = day === toDay ? range.to! : nextDay(day);
        const cut = day === fromDay || day === toDay;
        return { high, n: cut ? await countActivity(db, filters, { from: low, to: high }) : n };
      }),
    );
    const count = segments.reduce((sum, segment) => sum + segment.n, 0);
    let skipped = 0;
    const start = segments.find((segment) => {
      if (offset < skipped + segment.n) return true;
      skipped += segment.n;
      return false;
    });
    if (!start) return { rows: [], count };
    const rows = await pageOfActivity(
      db,
      filters,
      { from: range.from, to: start.high },
      { limit: size, offset: offset - skipped },
    );
    return { rows, count };
  }

  /**
   * Several filters at once: counted and paged on the index of the one that keeps fewest entries (the day counters
   * say which, and each filter's index holds the others' columns), so no entry is read from the table until the
   * page is known. A page past the middle is read from the oldest end, so no page walks more than half the matches.
   */
  async function pageByQuery(filters: Filter[], range: TimeRange, offset: number, size: number) {
    const totals = await Promise.all(filters.map((filter) => activityTotal(db, filter.dim, filter.value)));
    const narrowestFirst = filters
      .map((filter, index) => ({ filter, n: totals[index]! }))
      .sort((a, b) => a.n - b.n)
      .map(({ filter }) => filter);
    const count = await countActivity(db, narrowestFirst, range);
    const fromOldest = offset * 2 > count;
    const rows = await pageOfActivity(
      db,
      narrowestFirst,
      range,
      fromOldest
        ? {
            limit: Math.max(0, Math.min(size, count - offset)),
            offset: Math.max(0, count - offset - size),
            fromOldest,
          }
        : { limit: size, offset },
    );
    return { rows, count };
  }

  app.get('/api/activity/list', async (c) => {
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    unsorted(query, 'newest first');
    const { from, to, ...chosen } = activityQuery.parse(given(query));
    const filters = (Object.keys(DIMENSIONS) as (keyof typeof DIMENSIONS)[]).flatMap((name) =>
      chosen[name] === undefined ? [] : [{ ...DIMENSIONS[name], value: chosen[name] }],
    );
    const { rows, count } =
      filters.length > 1
        ? await pageByQuery(filters, { from, to }, offset, size)
        : await pageByDays(filters[0], { from, to }, offset, size);
    return c.json(pageBody(await log.serialize(rows), count, page, size));
  });

  app.get('/api/activity/facets', async (c) => {
    const current = await currentAdmins(db);
    const known = new Set(current.map((admin) => admin._id));
    // An admin who has since been deleted, as their last entry names them.
    const former = await Promise.all(
      (await loggedAdminIds(db))
        .filter((id) => !known.has(id))
        .map(async (id) => ({ _id: id, ...(await lastSeenAs(db, id)) })),
    );
    return c.json({
      success: true,
      message: 'Success',
      result: {
        actions: ACTIVITY_ACTIONS,
        recordTypes: RECORD_TYPES,
        admins: [...current, ...former].sort(
          (a, b) => a.name.localeCompare(b.name) || a._id.localeCompare(b._id),
        ),
      },
    });
  });

  // ----- A user's moderation history: status changes, reports about and by them, blocks of and by them.
  const historyQuery = z.object({
    kind: z.enum(HISTORY_KINDS, { error: `Kind must be one of ${HISTORY_KINDS.join(', ')}` }).optional(),
  });
  const serializeHistory = (row: HistoryRow) => {
    const base = { kind: row.kind, _id: row._id, at: row.at };
    const other = memberRef(row.other_id, row.other_name, row.other_surname, {
      email: row.other_email ?? '',
    });
    switch (row.kind) {
      case 'status':
        return {
          ...base,
          admin: person(row.other_id, row.other_name, row.other_email),
          enabled: row.enabled === true,
          reason: row.reason,
          // A restriction, a suspension's end ('restrictions') and an appeal ('appeals') say what they were.
          ...(row.action && row.action !== 'activate' && row.action !== 'deactivate'
            ? { action: row.action, summary: row.summary }
            : {}),
        };
      case 'reported':
      case 'reporter':
        return { ...base, other, message: row.message, caseStatus: row.case_status, note: row.note };
      default:
        return { ...base, other, message: row.message };
    }
  };

  app.get('/api/admin/history/:userId', async (c) => {
    const user = parseId(c.req.param('userId'));
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    unsorted(query, 'newest first');
    const { kind } = historyQuery.parse(given(query));
    if (!(await isUser(db, user))) throw notFound('User');
    const { rows, count } = await pageOfHistory(db, user, kind, { limit: size, offset });
    return c.json(pageBody(rows.map(serializeHistory), count, page, size));
  });

  // ----- Chat reports as cases
  const ref = (id: unknown, name: unknown) => (id ? { _id: id, name: name ?? '' } : null);
  const serializeReport = (row: ReportRow) => ({
    _id: row.id,
    message: row.message,
    user: row.reporter_id,
    created: row.created_at,
    createdAt: row.created_at,
    thread: {
      user_id: [
        memberRef(row.reporter_id, row.reporter_name, row.reporter_surname, {
          email: row.reporter_email ?? '',
        }),
        memberRef(row.reported_id, row.reported_name, row.reported_surname, {
          email: row.reported_email ?? '',
        }),
      ].filter(Boolean),
    },
    status: row.status,
    note: row.note,
    handledBy: ref(row.handled_by, row.handler_name),
    handledAt: row.handled_at ?? null,
    /** The reported member's restriction in force, and the restriction the report was Actioned under. */
    reportedRestriction: row.reported_restriction
      ? { reference: row.reported_restriction, endsAt: row.reported_restriction_ends_at }
      : null,
    actionedUnder: row.actioned_under,
  });
  const reportQuery = z.object({
    status: z.enum(CASE_STATUSES, { error: `Status must be one of ${CASE_STATUSES.join(', ')}` }).optional(),
    /** One report by its id ('review-queue': an item's Open shows its case). */
    report: z
      .string()
      .regex(/^[0-9a-f]{24}$/, 'Report must be a report id')
      .optional(),
  });
  app.get('/api/chat-report/list', async (c) => {
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    const order = orderBy(query, { created: 't.created_at' } satisfies ListSort<'chatReport'>, {
      tieBreak: 't.id',
      otherwise: 't.created_at DESC, t.id DESC',
    });
    const { status, report } = reportQuery.parse(given(query));
    const { rows, count } = await pageOfReports(db, { status, report }, order, { limit: size, offset });
    return c.json(pageBody(rows.map(serializeReport), count, page, size));
  });

  app.patch('/api/chat-report/case/:reportId', jsonLimit, async (c) => {
    const id = parseId(c.req.param('reportId'));
    const body = await jsonBody(c);
    const { status, note } = caseBody.parse(body);
    const adminId = c.get('adminId');
    const under = underRestriction(body.underRestriction, status);
    if (under !== undefined) {
      const report = await actionUnderRestriction(
        { db },
        {
          reportId: id,
          reference: under,
          note,
          adminId,
          mayDecide: can(c.get('adminRole'), 'reports.decide'),
        },
      );
      if (!report) return roles.refuse(c, 'reports.decide');
      return c.json({
        success: true,
        message: 'Report updated successfully',
        result: serializeReport(report),
      });
    }
    // Under the report's lock: the summary says what this write changed, whoever else handles the case at once.
    // A note alone is 'reports.note' (the route's rule); a new status needs 'reports.decide' too, refused below.
    const report = await db.transaction(async (tx) => {
      const before = await findReport(tx, id, { lock: true });
      if (!before) throw notFound('Report');
      if (before.status !== status && !can(c.get('adminRole'), 'reports.decide')) return undefined;
      await updateCase(tx, id, { status, note, adminId, stamp: now() });
      const noteChanged = note !== undefined && note !== before.note;
      await log.record(tx, adminId, {
        action: 'case',
        recordType: 'chat-report',
        recordId: id,
        recordName: before.message,
        summary:
          before.status !== status
            ? `${before.status} → ${status}`
            : `${status}${noteChanged ? ', note changed' : ' (no change)'}`,
        reason: note,
      });
      return (await findReport(tx, id))!;
    });
    if (!report) return roles.refuse(c, 'reports.decide');
    return c.json({ success: true, message: 'Report updated successfully', result: serializeReport(report) });
  });
}
