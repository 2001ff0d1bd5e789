import type { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../db/connection';
import { RECORD_TYPES } from '../../contract/activity';
import { ACTIVITY_ACTIONS, CASE_STATUSES, NOTE_MAX } from '../../contract/moderation';
import { activityLog, type ActivityRow } from '../lib/activity';
import { jsonBody, jsonLimit } from '../lib/body';
import type { AppEnv } from '../lib/env';
import { notFound } from '../lib/errors';
import { now, parseId } from '../lib/ids';
import { memberColumns, memberRef } from '../lib/members';
import { pageBody, paging } from '../lib/paging';
import { orderBy, unsorted, type ListSort } from '../lib/sort';
import { date, fields, freeText, text } from '../lib/validate';

export const HISTORY_KINDS = ['status', 'reported', 'reporter', 'blocked', 'blocker'] as const;

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

/** The list's filters that have their own index and day counters (db/migrations.ts step 5). */
const DIMENSIONS = {
  action: { dim: 'action', column: 'action', index: 'activity_action' },
  recordType: { dim: 'type', column: 'record_type', index: 'activity_type' },
  admin: { dim: 'admin', column: 'admin_id', index: 'activity_admin' },
} as const;
const UNFILTERED = { dim: 'all', column: undefined, index: 'activity_created' } as const;
type Dimension = (typeof DIMENSIONS)[keyof typeof DIMENSIONS] | typeof UNFILTERED;

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

type ReportRow = Record<string, unknown> & { id: string; status: string; note: string; message: string };

const person = (id: unknown, name: unknown, email: unknown) =>
  id ? { _id: id, name: name ?? '', email: email ?? '' } : null;

/**
 * Moderation (announced as 'activity-log', 'user-history' and 'report-cases'): the activity log's list and facets,
 * a user's moderation history, and chat reports as cases.
 */
export function registerModerationRoutes(app: Hono<AppEnv>, db: Db) {
  const log = activityLog(db);

  // ----- Activity log: newest first, filtered by any of action, record type, admin and a time range.
  const dayCounts = db.prepare<[string, string, string, string], { day: string; n: number }>(
    'SELECT day, n FROM activity_days WHERE dim = ? AND value = ? AND day >= ? AND day <= ? ORDER BY day DESC',
  );

  /**
   * One filter (or none), and a time range: the count and the page come from the day counters. The days in range are
   * walked newest first to the one the page starts in, and the page is read from the filter's index from there, so
   * neither a count nor a deep page steps through more entries than a day holds. A day the range cuts is counted.
   */
  function pageByDays(
    filter: Dimension,
    value: string,
    range: { from?: string; to?: string },
    offset: number,
    size: number,
  ) {
    const where = filter.column ? `${filter.column} = ? AND ` : '';
    const params = filter.column ? [value] : [];
    const fromDay = range.from?.slice(0, 10);
    const toDay = range.to?.slice(0, 10);
    const countBetween = db.prepare<unknown[], { n: number }>(
      `SELECT count(*) AS n FROM activity INDEXED BY ${filter.index} WHERE ${where}created_at >= ? AND created_at < ?`,
    );
    const segments = dayCounts.all(filter.dim, value, fromDay ?? '', toDay ?? '\uffff').map(({ day, n }) => {
      const low = day === fromDay ? range.from! : day;
      const high = day === toDay ? range.to! : nextDay(day);
      const cut = day === fromDay || day === toDay;
      return { high, n: cut ? countBetween.get(...params, low, high)!.n : n };
    });
    const count = segments.reduce((sum, segment) => sum + segment.n, 0);
    let skipped = 0;
    const start = segments.find((segment) => {
      if (offset < skipped + segment.n) return true;
      skipped += segment.n;
      return false;
    });
    if (!start) return { rows: [], count };
    const rows = db
      .prepare<unknown[], ActivityRow>(
        `SELECT * FROM activity INDEXED BY ${filter.index}
         WHERE ${where}created_at < ?${range.from ? ' AND created_at >= ?' : ''}
         ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`,
      )
      .all(...params, start.high, ...(range.from ? [range.from] : []), size, offset - skipped);
    return { rows, count };
  }

  const totalOf = db.prepare<[string, string], { n: number | null }>(
    'SELECT sum(n) AS n FROM activity_days WHERE dim = ? AND value = ?',
  );
  /**
   * Several filters at once: counted and paged on the index of the one that keeps fewest entries (the day counters
   * say which), which holds the others' columns too, so no entry is read from the table until the page is known.
   */
  function pageByQuery(
    filters: ((typeof DIMENSIONS)[keyof typeof DIMENSIONS] & { value: string })[],
    range: { from?: string; to?: string },
    offset: number,
    size: number,
  ) {
    const [narrowest] = filters
      .map((filter) => ({ filter, n: totalOf.get(filter.dim, filter.value)!.n ?? 0 }))
      .sort((a, b) => a.n - b.n);
    const conditions = filters.map(({ column }) => `${column} = ?`);
    const params: unknown[] = filters.map(({ value }) => value);
    if (range.from) {
      conditions.push('created_at >= ?');
      params.push(range.from);
    }
    if (range.to) {
      conditions.push('created_at < ?');
      params.push(range.to);
    }
    const from = `FROM activity INDEXED BY ${narrowest!.filter.index} WHERE ${conditions.join(' AND ')}`;
    const count = db.prepare<unknown[], { n: number }>(`SELECT count(*) AS n ${from}`).get(...params)!.n;
    // The page's rowids first, from the index alone; then only those entries are read. A page past the middle is
    // read from the oldest end, so no page walks more than half the matching entries.
    const fromOldest = offset * 2 > count;
    const order = fromOldest ? 'created_at ASC, id ASC' : 'created_at DESC, id DESC';
    const [limit, skip] = fromOldest
      ? [Math.max(0, Math.min(size, count - offset)), Math.max(0, count - offset - size)]
      : [size, offset];
    const rows = db
      .prepare<unknown[], ActivityRow>(
        `SELECT * FROM activity WHERE rowid IN (SELECT rowid ${from} ORDER BY ${order} LIMIT ? OFFSET ?)
         ORDER BY created_at DESC, id DESC`,
      )
      .all(...params, limit, skip);
    return { rows, count };
  }

  app.get('/api/activity/list', (c) => {
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    unsorted(query, 'newest first');
    const { from, to, ...chosen } = activityQuery.parse(given(query));
    const filters = (Object.keys(DIMENSIONS) as (keyof typeof DIMENSIONS)[]).flatMap((name) =>
      chosen[name] === undefined ? [] : [{ ...DIMENSIONS[name], value: chosen[name] }],
    );
    const { rows, count } =
      filters.length > 1
        ? pageByQuery(filters, { from, to }, offset, size)
        : pageByDays(filters[0] ?? UNFILTERED, filters[0]?.value ?? '', { from, to }, offset, size);
    return c.json(pageBody(rows.map(log.serialize), count, page, size));
  });

  const admins = db.prepare<[], { _id: string; name: string; email: string }>(
    "SELECT id AS _id, trim(name || ' ' || surname) AS name, email FROM users WHERE role = 'admin'",
  );
  const loggedAdmins = db.prepare<[], { id: string }>(
    "SELECT DISTINCT value AS id FROM activity_days WHERE dim = 'admin' AND value <> ''",
  );
  const lastSeenAs = db.prepare<[string], { name: string; email: string }>(
    `SELECT admin_name AS name, admin_email AS email FROM activity INDEXED BY activity_admin
     WHERE admin_id = ? ORDER BY created_at DESC LIMIT 1`,
  );
  app.get('/api/activity/facets', (c) => {
    const current = admins.all();
    const known = new Set(current.map((admin) => admin._id));
    // An admin who has since been deleted, as their last entry names them.
    const former = loggedAdmins
      .all()
      .filter(({ id }) => !known.has(id))
      .map(({ id }) => ({ _id: id, ...lastSeenAs.get(id)! }));
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
  const personColumns = (alias: string) =>
    `${alias}.id AS other_id, ${memberColumns(alias, 'other')}, ${alias}.email AS other_email`;
  /** One kind's rows, every column named, so that any of them can be asked for alone or all five in one union. */
  const part = (kind: string, from: string, other: string, extra: Record<string, string>) =>
    `SELECT '${kind}' AS kind, t.id AS _id, t.created_at AS at, ${other},
       ${['enabled', 'reason', 'message', 'case_status', 'note'].map((name) => `${extra[name] ?? 'NULL'} AS ${name}`).join(', ')}
     FROM ${from}`;
  const report = { message: 't.message', case_status: 't.status', note: 't.note' };
  const HISTORY: Record<(typeof HISTORY_KINDS)[number], { select: string; count: string }> = {
    status: {
      select: part(
        'status',
        `activity t INDEXED BY activity_record
         WHERE t.record_id = @user AND t.record_type = 'user' AND t.action IN ('activate', 'deactivate')`,
        "t.admin_id AS other_id, t.admin_name AS other_name, '' AS other_surname, t.admin_email AS other_email",
        { enabled: "t.action = 'activate'", reason: 't.reason' },
      ),
      count: `SELECT count(*) FROM activity INDEXED BY activity_record
        WHERE record_id = @user AND record_type = 'user' AND action IN ('activate', 'deactivate')`,
    },
    reported: {
      select: part(
        'reported',
        'chat_reports t LEFT JOIN users u ON u.id = t.reporter_id WHERE t.reported_id = @user',
        personColumns('u'),
        report,
      ),
      count: 'SELECT count(*) FROM chat_reports WHERE reported_id = @user',
    },
    reporter: {
      select: part(
        'reporter',
        'chat_reports t LEFT JOIN users u ON u.id = t.reported_id WHERE t.reporter_id = @user',
        personColumns('u'),
        report,
      ),
      count: 'SELECT count(*) FROM chat_reports WHERE reporter_id = @user',
    },
    blocked: {
      select: part(
        'blocked',
        'chat_blocks t LEFT JOIN users u ON u.id = t.block_by WHERE t.blocked_user = @user',
        personColumns('u'),
        { message: 't.message' },
      ),
      count: 'SELECT count(*) FROM chat_blocks WHERE blocked_user = @user',
    },
    blocker: {
      select: part(
        'blocker',
        'chat_blocks t LEFT JOIN users u ON u.id = t.blocked_user WHERE t.block_by = @user',
        personColumns('u'),
        { message: 't.message' },
      ),
      count: 'SELECT count(*) FROM chat_blocks WHERE block_by = @user',
    },
  };
  type HistoryRow = {
    kind: (typeof HISTORY_KINDS)[number];
    _id: string;
    at: string;
    other_id: string | null;
    other_name: string | null;
    other_surname: string | null;
    other_email: string | null;
    enabled: number | null;
    reason: string | null;
    message: string | null;
    case_status: string | null;
    note: string | null;
  };
  const historyQuery = z.object({
    kind: z.enum(HISTORY_KINDS, { error: `Kind must be one of ${HISTORY_KINDS.join(', ')}` }).optional(),
  });
  const userExists = db.prepare<[string]>("SELECT 1 FROM users WHERE id = ? AND role = 'user'");
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
          enabled: row.enabled === 1,
          reason: row.reason,
        };
      case 'reported':
      case 'reporter':
        return { ...base, other, message: row.message, caseStatus: row.case_status, note: row.note };
      default:
        return { ...base, other, message: row.message };
    }
  };

  app.get('/api/admin/history/:userId', (c) => {
    const user = parseId(c.req.param('userId'));
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    unsorted(query, 'newest first');
    const { kind } = historyQuery.parse(given(query));
    if (!userExists.get(user)) throw notFound('User');
    const parts = kind ? [HISTORY[kind]] : Object.values(HISTORY);
    const rows = db
      .prepare<[{ user: string; size: number; offset: number }], HistoryRow>(
        `${parts.map((part) => part.select).join(' UNION ALL ')} ORDER BY at DESC, _id DESC LIMIT @size OFFSET @offset`,
      )
      .all({ user, size, offset });
    const count = db
      .prepare<[{ user: string }], { n: number }>(
        `SELECT ${parts.map((part) => `(${part.count})`).join(' + ')} AS n`,
      )
      .get({ user })!.n;
    return c.json(pageBody(rows.map(serializeHistory), count, page, size));
  });

  // ----- Chat reports as cases
  const reportSelect = `SELECT t.*, ${memberColumns('a', 'reporter')}, a.email AS reporter_email,
    ${memberColumns('b', 'reported')}, b.email AS reported_email, h.name AS handler_name
    FROM chat_reports t LEFT JOIN users a ON a.id = t.reporter_id LEFT JOIN users b ON b.id = t.reported_id
    LEFT JOIN users h ON h.id = t.handled_by`;
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
  });
  const reportQuery = z.object({
    status: z.enum(CASE_STATUSES, { error: `Status must be one of ${CASE_STATUSES.join(', ')}` }).optional(),
  });
  app.get('/api/chat-report/list', (c) => {
    const query = c.req.query();
    const { page, size, offset } = paging(query);
    const order = orderBy(query, { created: 't.created_at' } satisfies ListSort<'chatReport'>, {
      tieBreak: 't.id',
      otherwise: 't.created_at DESC, t.id DESC',
    });
    const { status } = reportQuery.parse(given(query));
    const where = status ? 'WHERE t.status = ?' : '';
    const params = status ? [status] : [];
    const rows = db
      .prepare<unknown[], ReportRow>(`${reportSelect} ${where} ORDER BY ${order} LIMIT ? OFFSET ?`)
      .all(...params, size, offset);
    const count = db
      .prepare<unknown[], { n: number }>(`SELECT count(*) AS n FROM chat_reports t ${where}`)
      .get(...params)!.n;
    return c.json(pageBody(rows.map(serializeReport), count, page, size));
  });

  const reportById = db.prepare<[string], ReportRow>(`${reportSelect} WHERE t.id = ?`);
  const updateCase = db.prepare(
    'UPDATE chat_reports SET status = ?, note = COALESCE(?, note), handled_by = ?, handled_at = ?, updated_at = ? WHERE id = ?',
  );
  app.patch('/api/chat-report/case/:reportId', jsonLimit, async (c) => {
    const id = parseId(c.req.param('reportId'));
    const { status, note } = caseBody.parse(await jsonBody(c));
    const adminId = c.get('adminId');
    const report = db.transaction(() => {
      const before = reportById.get(id);
      if (!before) throw notFound('Report');
      const stamp = now();
      updateCase.run(status, note ?? null, adminId, stamp, stamp, id);
      const noteChanged = note !== undefined && note !== before.note;
      log.record(adminId, {
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
      return reportById.get(id)!;
    })();
    return c.json({ success: true, message: 'Report updated successfully', result: serializeReport(report) });
  });
}
