import type { ActivityRow } from './activity';
import { memberColumns } from './members';
import type { Db, SqlValue } from './postgres/db';
import { countedRows } from './row-counts';

/** The activity log's list and facets, a user's moderation history, and chat reports as cases (routes/moderation.ts). */

// ----- The activity log

/** A filter of the list that has its own index and day counters: its dimension in activity_days, and its column. */
export type ActivityFilter = {
  dim: 'action' | 'type' | 'admin';
  column: 'action' | 'record_type' | 'admin_id';
};
export type TimeRange = { from?: string; to?: string };

/** The entries per day (newest day first) of one filter's value, or of all entries (dim 'all', value ''). */
export function activityDays(
  db: Db,
  dim: ActivityFilter['dim'] | 'all',
  value: string,
  { fromDay, toDay }: { fromDay?: string; toDay?: string },
): Promise<{ day: string; n: number }[]> {
  return db.many<{ day: string; n: number }>(
    `SELECT day, n FROM activity_days
     WHERE dim = $1 AND value = $2 AND ($3::text IS NULL OR day >= $3) AND ($4::text IS NULL OR day <= $4)
     ORDER BY day DESC`,
    [dim, value, fromDay ?? null, toDay ?? null],
  );
}

/** How many entries one filter's value has in all (from the day counters). */
export async function activityTotal(db: Db, dim: ActivityFilter['dim'], value: string): Promise<number> {
  return (
    await db.one<{ n: number }>(
      'SELECT coalesce(sum(n), 0)::bigint AS n FROM activity_days WHERE dim = $1 AND value = $2',
      [dim, value],
    )
  ).n;
}

/** The conditions of `filters` and a time range over activity, numbered from $1. */
function activityWhere(filters: (ActivityFilter & { value: string })[], range: TimeRange) {
  const conditions: string[] = [];
  const params: SqlValue[] = [];
  for (const { column, value } of filters) {
    params.push(value);
    conditions.push(`${column} = $${params.length}`);
  }
  if (range.from) {
    params.push(range.from);
    conditions.push(`created_at >= $${params.length}`);
  }
  if (range.to) {
    params.push(range.to);
    conditions.push(`created_at < $${params.length}`);
  }
  return { where: conditions.length ? conditions.join(' AND ') : 'true', params };
}

/**
 * Entries matching every filter in a time range, counted on a filter's index alone (each holds the other filters'
 * columns). The planner, which cannot tell how the filters correlate, would rather read the whole table (300 ms at a
 * million entries for two filters, against 20 on the index); these settings, local to the count's transaction, leave
 * it the index.
 */
export async function countActivity(
  db: Db,
  filters: (ActivityFilter & { value: string })[],
  range: TimeRange,
): Promise<number> {
  const { where, params } = activityWhere(filters, range);
  return db.transaction(async (tx) => {
    await tx.run('SET LOCAL enable_seqscan = off; SET LOCAL enable_bitmapscan = off');
    return (await tx.one<{ n: number }>(`SELECT count(*) AS n FROM activity WHERE ${where}`, params)).n;
  });
}

/**
 * A page of the entries matching every filter in a time range, newest first. `fromOldest` reads it from the other
 * end (`offset` counted from the oldest): a page past the middle walks fewer entries that way. The page's ids come
 * from the index first, then only those entries are read.
 */
export function pageOfActivity(
  db: Db,
  filters: (ActivityFilter & { value: string })[],
  range: TimeRange,
  { limit, offset, fromOldest = false }: { limit: number; offset: number; fromOldest?: boolean },
): Promise<ActivityRow[]> {
  const { where, params } = activityWhere(filters, range);
  const order = fromOldest ? 'created_at ASC, id ASC' : 'created_at DESC, id DESC';
  const n = params.length;
  return db.many<ActivityRow>(
    `SELECT * FROM activity WHERE id IN (
       SELECT id FROM activity WHERE ${where} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}
     )
     ORDER BY created_at DESC, id DESC`,
    [...params, limit, offset],
  );
}

/** The admins as they are now, and the ids of every admin the log names (deleted ones too). */
export function currentAdmins(db: Db) {
  return db.many<{ _id: string; name: string; email: string }>(
    "SELECT id AS _id, trim(name || ' ' || surname) AS name, email FROM users WHERE role = 'admin'",
  );
}

export async function loggedAdminIds(db: Db): Promise<string[]> {
  return (
    await db.many<{ id: string }>(
      "SELECT DISTINCT value AS id FROM activity_days WHERE dim = 'admin' AND value <> ''",
    )
  ).map((row) => row.id);
}

/** An admin as their latest entry names them. */
export function lastSeenAs(db: Db, adminId: string) {
  return db.one<{ name: string; email: string }>(
    `SELECT admin_name AS name, admin_email AS email FROM activity WHERE admin_id = $1
     ORDER BY created_at DESC, id DESC LIMIT 1`,
    [adminId],
  );
}

// ----- A user's moderation history

export const HISTORY_KINDS = ['status', 'reported', 'reporter', 'blocked', 'blocker'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

export type HistoryRow = {
  kind: HistoryKind;
  _id: string;
  at: string;
  other_id: string | null;
  other_name: string | null;
  other_surname: string | null;
  other_email: string | null;
  enabled: boolean | null;
  reason: string | null;
  message: string | null;
  case_status: string | null;
  note: string | null;
  action: string | null;
  summary: string | null;
};

const personColumns = (alias: string) =>
  `${alias}.id AS other_id, ${memberColumns(alias, 'other')}, ${alias}.email AS other_email`;
/** One kind's rows, every column named, so that any of them can be asked for alone or all five in one union. */
const part = (kind: HistoryKind, from: string, other: string, extra: Record<string, string>) =>
  `SELECT '${kind}'::text AS kind, t.id AS _id, t.created_at AS at, ${other},
     ${extra.enabled ?? 'NULL::boolean'} AS enabled,
     ${['reason', 'message', 'case_status', 'note', 'action', 'summary'].map((name) => `${extra[name] ?? 'NULL::text'} AS ${name}`).join(', ')}
   FROM ${from}`;
const report = { message: 't.message', case_status: 't.status', note: 't.note' };
/**
 * A member's status changes: by an admin, a restriction ('restrictions'), a suspension's end by time, and an appeal
 * opened and decided ('appeals').
 */
const STATUS_ACTIONS =
  "'activate', 'deactivate', 'restrict', 'restriction-end', 'appeal', 'appeal-uphold', 'appeal-reverse'";
/** The status entries that carry their summary: every one but an admin's plain activation or deactivation. */
const SUMMARISED = "'restrict', 'restriction-end', 'appeal', 'appeal-uphold', 'appeal-reverse'";
/** An appeal-reverse entry that left the member active (routes/appeals.ts's summary). */
const ACTIVE_AFTER = "t.summary LIKE '%Inactive → Active%' OR t.summary LIKE '%already Active%'";
/** Each kind's rows and count for the user $1. */
const HISTORY: Record<HistoryKind, { select: string; count: string }> = {
  status: {
    select: part(
      'status',
      `activity t WHERE t.record_id = $1 AND t.record_type = 'user' AND t.action IN (${STATUS_ACTIONS})`,
      "t.admin_id AS other_id, t.admin_name AS other_name, ''::text AS other_surname, t.admin_email AS other_email",
      {
        // A reversal made the member active only when its entry says so: another restriction may still be in force.
        enabled: `t.action IN ('activate', 'restriction-end') OR (t.action = 'appeal-reverse' AND (${ACTIVE_AFTER}))`,
        reason: 't.reason',
        action: 't.action',
        summary: `CASE WHEN t.action IN (${SUMMARISED}) THEN t.summary END`,
      },
    ),
    count: `SELECT count(*) FROM activity
      WHERE record_id = $1 AND record_type = 'user' AND action IN (${STATUS_ACTIONS})`,
  },
  reported: {
    select: part(
      'reported',
      'chat_reports t LEFT JOIN users u ON u.id = t.reporter_id WHERE t.reported_id = $1',
      personColumns('u'),
      report,
    ),
    count: 'SELECT count(*) FROM chat_reports WHERE reported_id = $1',
  },
  reporter: {
    select: part(
      'reporter',
      'chat_reports t LEFT JOIN users u ON u.id = t.reported_id WHERE t.reporter_id = $1',
      personColumns('u'),
      report,
    ),
    count: 'SELECT count(*) FROM chat_reports WHERE reporter_id = $1',
  },
  blocked: {
    select: part(
      'blocked',
      'chat_blocks t LEFT JOIN users u ON u.id = t.block_by WHERE t.blocked_user = $1',
      personColumns('u'),
      { message: 't.message' },
    ),
    count: 'SELECT count(*) FROM chat_blocks WHERE blocked_user = $1',
  },
  blocker: {
    select: part(
      'blocker',
      'chat_blocks t LEFT JOIN users u ON u.id = t.blocked_user WHERE t.block_by = $1',
      personColumns('u'),
      { message: 't.message' },
    ),
    count: 'SELECT count(*) FROM chat_blocks WHERE block_by = $1',
  },
};

/** A page of a user's history (one kind, or all five), newest first, and how many entries it has. */
export async function pageOfHistory(
  db: Db,
  userId: string,
  kind: HistoryKind | undefined,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: HistoryRow[]; count: number }> {
  const parts = kind ? [HISTORY[kind]] : Object.values(HISTORY);
  const rows = await db.many<HistoryRow>(
    `${parts.map((one) => one.select).join(' UNION ALL ')} ORDER BY at DESC, _id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  const { n } = await db.one<{ n: number }>(
    `SELECT ${parts.map((one) => `(${one.count})`).join(' + ')} AS n`,
    [userId],
  );
  return { rows, count: n };
}

export async function isUser(db: Db, id: string): Promise<boolean> {
  return (await db.maybeOne("SELECT 1 FROM users WHERE id = $1 AND role = 'user'", [id])) !== undefined;
}

// ----- Chat reports as cases

export type ReportRow = {
  id: string;
  message: string;
  reporter_id: string | null;
  reported_id: string | null;
  created_at: string;
  updated_at: string;
  status: string;
  note: string;
  handled_by: string | null;
  handled_at: string | null;
  reporter_name: string | null;
  reporter_surname: string | null;
  reporter_email: string | null;
  reported_name: string | null;
  reported_surname: string | null;
  reported_email: string | null;
  handler_name: string | null;
  restriction_id: string | null;
  /** The reference of the restriction the report was Actioned under ('restrictions'). */
  actioned_under: string | null;
  /** The reported member's restriction in force. */
  reported_restriction: string | null;
  reported_restriction_ends_at: string | null;
};

const reportSelect = `SELECT t.*, ${memberColumns('a', 'reporter')}, a.email AS reporter_email,
  ${memberColumns('b', 'reported')}, b.email AS reported_email, h.name AS handler_name,
  ar.reference AS actioned_under, ir.reference AS reported_restriction, ir.ends_at AS reported_restriction_ends_at
  FROM chat_reports t LEFT JOIN users a ON a.id = t.reporter_id LEFT JOIN users b ON b.id = t.reported_id
  LEFT JOIN users h ON h.id = t.handled_by LEFT JOIN restrictions ar ON ar.id = t.restriction_id
  LEFT JOIN restrictions ir ON ir.user_id = t.reported_id AND ir.ended_at IS NULL`;

/**
 * A page of reports in `order` (over `t`), of one status or all, and how many there are (kept by trigger); or the one
 * report `report` names (with that status, when given).
 */
export async function pageOfReports(
  db: Db,
  { status, report }: { status?: string; report?: string },
  order: string,
  { limit, offset }: { limit: number; offset: number },
) {
  if (report) {
    const found = await findReport(db, report);
    const matches = found && (!status || found.status === status) ? [found] : [];
    return { rows: matches.slice(offset, offset + limit), count: matches.length };
  }
  const rows = await db.many<ReportRow>(
    `${reportSelect} ${status ? 'WHERE t.status = $3' : ''} ORDER BY ${order} LIMIT $1 OFFSET $2`,
    status ? [limit, offset, status] : [limit, offset],
  );
  return { rows, count: await countedRows(db, 'chat_reports', status ?? '') };
}

/** A report with its people's names; `lock` takes the report's row lock. */
export function findReport(db: Db, id: string, { lock = false } = {}): Promise<ReportRow | undefined> {
  return db.maybeOne<ReportRow>(`${reportSelect} WHERE t.id = $1${lock ? ' FOR UPDATE OF t' : ''}`, [id]);
}

/** Sets a case's status (and note, when one is given), handled by `adminId` now. */
export async function updateCase(
  db: Db,
  id: string,
  {
    status,
    note,
    adminId,
    stamp,
  }: { status: string; note: string | undefined; adminId: string; stamp: string },
): Promise<void> {
  // A new status unlinks the restriction the report was Actioned under.
  await db.run(
    `UPDATE chat_reports SET status = $2, note = COALESCE($3, note), handled_by = $4, handled_at = $5,
       updated_at = $5, restriction_id = CASE WHEN status = $2 THEN restriction_id END
     WHERE id = $1`,
    [id, status, note ?? null, adminId, stamp],
  );
}

/** The member's Open reports, under their row locks (in id order), for a restriction to close them. */
export function lockOpenReportsOf(tx: Db, userId: string) {
  return tx.many<{ id: string; message: string }>(
    `SELECT id, message FROM chat_reports WHERE reported_id = $1 AND status = 'Open' ORDER BY id FOR UPDATE`,
    [userId],
  );
}

/**
 * Closes Open reports as Actioned under a restriction, in one statement (their review items are done by the
 * trigger); the ids it closed.
 */
export async function actionUnder(
  tx: Db,
  ids: readonly string[],
  {
    restrictionId,
    note,
    adminId,
    stamp,
  }: { restrictionId: string; note: string; adminId: string; stamp: string },
): Promise<void> {
  if (!ids.length) return;
  await tx.run(
    `UPDATE chat_reports SET status = 'Actioned', note = $2, restriction_id = $3, handled_by = $4, handled_at = $5,
       updated_at = $5
     WHERE id = ANY($1::text[]) AND status = 'Open'`,
    [ids, note, restrictionId, adminId, stamp],
  );
}

/**
 * The member's Open reports, newest first (at most `limit`), with their reporters and review items (the member's case,
 * migration 019), and how many.
 */
export async function openReportsOf(db: Db, userId: string, limit: number) {
  const items = await db.many<{
    id: string;
    message: string;
    created_at: string;
    reporter_id: string | null;
    reporter_name: string | null;
    reporter_surname: string | null;
    item_id: string | null;
    item_state: string | null;
    assignee_id: string | null;
    assignee_name: string | null;
  }>(
    `SELECT t.id, t.message, t.created_at, t.reporter_id, ${memberColumns('a', 'reporter')},
       r.id AS item_id, r.state AS item_state, r.assignee_id, h.name AS assignee_name
     FROM chat_reports t LEFT JOIN users a ON a.id = t.reporter_id
     LEFT JOIN review_items r ON r.id = t.case_id
     LEFT JOIN users h ON h.id = r.assignee_id
     WHERE t.reported_id = $1 AND t.status = 'Open' ORDER BY t.created_at DESC, t.id DESC LIMIT $2`,
    [userId, limit],
  );
  const { n } = await db.one<{ n: number }>(
    "SELECT count(*)::int AS n FROM chat_reports WHERE reported_id = $1 AND status = 'Open'",
    [userId],
  );
  return { items, count: n };
}
