import { memberColumns } from './members';
import type { Db, SqlValue } from './postgres/db';

/** The review queue's items (migration 013; routes/review-queue.ts). Items come and go with their sources' triggers. */

export type ReviewItemRow = {
  id: string;
  kind: string;
  ref_id: string;
  subject_id: string | null;
  state: string;
  assignee_id: string | null;
  claimed_at: string | null;
  created_at: string;
  done_at: string | null;
  subject_name: string | null;
  subject_surname: string | null;
  subject_email: string | null;
  assignee_name: string | null;
  /** The item's report: a 'chat-report' item's, or a case's first (its oldest Open one, or oldest). */
  report_id: string | null;
  report_message: string | null;
  report_status: string | null;
  reporter_id: string | null;
  reporter_name: string | null;
  reporter_surname: string | null;
  reporter_email: string | null;
  appeal_reference: string | null;
  /** Who made the restriction an appeal's item appeals (they may not claim it). */
  appeal_restricted_by: string | null;
  /** The subject's restriction in force ('restrictions'). */
  subject_restriction: string | null;
  subject_restriction_ends_at: string | null;
  /** Its priority (migration 019) and target; once done, the handling time, the target met, who decided. */
  level_id: string | null;
  level_name: string | null;
  level_rank: number | null;
  level_target_minutes: number | null;
  target_at: string | null;
  decided_by: string | null;
  decided_by_name: string | null;
  handling_seconds: string | number | null;
  target_met: boolean | null;
  /** A case's reports (Open ones while it is not done) and contact messages. */
  report_count: number;
  contact_count: number;
  /** A case's first contact message (when it holds one and no report). */
  contact_title: string | null;
  contact_description: string | null;
  /** The policy: the first report's Report Element (by its message), or an appeal's restriction's. */
  policy_id: string | null;
  policy_name: string | null;
  appeal_statement: string | null;
};

/** The list's filters: `assignee` is an admin's id, or null for items nobody has. */
export type QueueFilter = { kind?: string; state?: string; assignee?: string | null };

/**
 * An item with its subject (and their restriction in force), assignee and source (a chat report's message, status and
 * reporter; an appeal's restriction reference and who made it), from `items` as `r`.
 */
const itemSelect = (items: string) => `SELECT r.*, ${memberColumns('s', 'subject')}, s.email AS subject_email,
  a.name AS assignee_name, t.id AS report_id, t.message AS report_message, t.status AS report_status, t.reporter_id,
  ${memberColumns('p', 'reporter')}, p.email AS reporter_email, rs.reference AS appeal_reference,
  rs.admin_id AS appeal_restricted_by, sr.reference AS subject_restriction, sr.ends_at AS subject_restriction_ends_at,
  l.name AS level_name, l.target_minutes AS level_target_minutes, d.name AS decided_by_name,
  coalesce(n.reports, 0)::int AS report_count, coalesce(n.contacts, 0)::int AS contact_count,
  ct.title AS contact_title, ct.description AS contact_description,
  coalesce(pe.id, rs.policy_id) AS policy_id, coalesce(pe.message, rs.policy_name) AS policy_name,
  ap.statement AS appeal_statement
  FROM ${items} r LEFT JOIN users s ON s.id = r.subject_id LEFT JOIN users a ON a.id = r.assignee_id
  LEFT JOIN users d ON d.id = r.decided_by LEFT JOIN review_levels l ON l.id = r.level_id
  LEFT JOIN LATERAL (
    (SELECT t.id, t.message, t.status, t.reporter_id FROM chat_reports t WHERE r.kind = 'chat-report' AND t.id = r.ref_id)
    UNION ALL
    (SELECT t.id, t.message, t.status, t.reporter_id FROM chat_reports t WHERE r.kind = 'case' AND t.case_id = r.id
     ORDER BY t.status <> 'Open', t.created_at, t.id LIMIT 1)
    LIMIT 1
  ) t ON true
  LEFT JOIN users p ON p.id = t.reporter_id
  LEFT JOIN LATERAL (
    SELECT e.id, e.message FROM report_elements e WHERE lower(e.message) = lower(t.message) ORDER BY e.id LIMIT 1
  ) pe ON true
  LEFT JOIN LATERAL (
    SELECT (SELECT count(*) FROM chat_reports x WHERE x.case_id = r.id AND (x.status = 'Open' OR r.state = 'done'))
      AS reports, (SELECT count(*) FROM contacts m WHERE m.case_id = r.id) AS contacts
    WHERE r.kind = 'case'
  ) n ON true
  LEFT JOIN LATERAL (
    SELECT m.title, m.description FROM contacts m WHERE r.kind = 'case' AND m.case_id = r.id
    ORDER BY m.created_at, m.id LIMIT 1
  ) ct ON true
  LEFT JOIN appeals ap ON r.kind = 'appeal' AND ap.id = r.ref_id LEFT JOIN restrictions rs ON rs.id = ap.restriction_id
  LEFT JOIN restrictions sr ON sr.user_id = r.subject_id AND sr.ended_at IS NULL`;

/** The queue's order: priority (the level's rank), then age. */
const ORDER = 'level_rank, created_at, id';

/** The conditions of `filter` over review_items, numbered after `params`. No state means the items not done. */
function where(filter: QueueFilter, params: SqlValue[]) {
  const conditions: string[] = [];
  if (filter.kind) {
    params.push(filter.kind);
    conditions.push(`kind = $${params.length}`);
  }
  if (filter.state) {
    params.push(filter.state);
    conditions.push(`state = $${params.length}`);
  } else conditions.push("state <> 'done'");
  if (filter.assignee === null) conditions.push('assignee_id IS NULL');
  else if (filter.assignee !== undefined) {
    params.push(filter.assignee);
    conditions.push(`assignee_id = $${params.length}`);
  }
  return conditions.join(' AND ');
}

/**
 * A page of the items matching `filter`, oldest first: the page's ids are read from the filter's index, then joined
 * with what they show, so a page costs its offset's index entries and its own rows.
 */
export async function pageOfItems(
  db: Db,
  filter: QueueFilter,
  { limit, offset }: { limit: number; offset: number },
): Promise<ReviewItemRow[]> {
  const params: SqlValue[] = [limit, offset];
  const page = `(SELECT * FROM review_items WHERE ${where(filter, params)}
    ORDER BY ${ORDER} LIMIT $1 OFFSET $2)`;
  return db.many<ReviewItemRow>(`${itemSelect(page)} ORDER BY r.level_rank, r.created_at, r.id`, params);
}

/**
 * How many items match `filter`: by kind and state from the counters, or (an assignee) counted on the assignee's
 * index, where an admin's items are few; items nobody has are the open ones, plus the done ones never claimed.
 */
export async function countItems(db: Db, filter: QueueFilter): Promise<number> {
  if (filter.assignee === undefined || (filter.assignee === null && filter.state === 'open')) {
    const params: SqlValue[] = [];
    const conditions = [];
    if (filter.kind) {
      params.push(filter.kind);
      conditions.push(`kind = $${params.length}`);
    }
    if (filter.state) {
      params.push(filter.state);
      conditions.push(`state = $${params.length}`);
    } else conditions.push("state <> 'done'");
    const { n } = await db.one<{ n: number }>(
      `SELECT coalesce(sum(n), 0)::bigint AS n FROM review_counts WHERE ${conditions.join(' AND ')}`,
      params,
    );
    return Number(n);
  }
  if (filter.assignee === null && !filter.state) return countItems(db, { ...filter, state: 'open' });
  const params: SqlValue[] = [];
  const { n } = await db.one<{ n: number }>(
    `SELECT count(*) AS n FROM review_items WHERE ${where(filter, params)}`,
    params,
  );
  return Number(n);
}

/** The menu's figures: items nobody has, items claimed, and those claimed by `adminId`. */
export async function queueCounts(db: Db, adminId: string) {
  return db.one<{ open: number; claimed: number; mine: number }>(
    `SELECT
       (SELECT coalesce(sum(n), 0) FROM review_counts WHERE state = 'open')::int AS open,
       (SELECT coalesce(sum(n), 0) FROM review_counts WHERE state = 'claimed')::int AS claimed,
       (SELECT count(*) FROM review_items WHERE assignee_id = $1 AND state = 'claimed')::int AS mine`,
    [adminId],
  );
}

export function findItem(db: Db, id: string, { lock = false } = {}): Promise<ReviewItemRow | undefined> {
  return db.maybeOne<ReviewItemRow>(
    `${itemSelect('review_items')} WHERE r.id = $1${lock ? ' FOR UPDATE OF r' : ''}`,
    [id],
  );
}

/**
 * Gives `adminId` the oldest open item (of `kind`, when given) but the appeals of restrictions they made (another
 * admin decides those), answered as the list shows it: one statement, whose
 * SKIP LOCKED passes over the items other admins are claiming at that moment, so two admins never get the same one
 * and neither waits.
 */
export function claimNext(
  db: Db,
  adminId: string,
  kind: string | undefined,
  stamp: string,
): Promise<ReviewItemRow | undefined> {
  return db.maybeOne<ReviewItemRow>(
    `WITH claimed AS (
       UPDATE review_items SET state = 'claimed', assignee_id = $1, claimed_at = $2
       WHERE id = (
         SELECT id FROM review_items i WHERE state = 'open' AND ($3::text IS NULL OR kind = $3)
           AND (kind <> 'appeal' OR NOT EXISTS (
             SELECT 1 FROM appeals ap JOIN restrictions rs ON rs.id = ap.restriction_id
             WHERE ap.id = i.ref_id AND rs.admin_id = $1
           ))
         ORDER BY ${ORDER} LIMIT 1 FOR UPDATE SKIP LOCKED
       ) AND state = 'open'
       RETURNING *
     )
     ${itemSelect('claimed')}`,
    [adminId, stamp, kind ?? null],
  );
}

/** Claims one item for `adminId` if it is open; whether it was. */
export async function claimItem(db: Db, id: string, adminId: string, stamp: string): Promise<boolean> {
  return (
    (await db.run(
      `UPDATE review_items SET state = 'claimed', assignee_id = $2, claimed_at = $3 WHERE id = $1 AND state = 'open'`,
      [id, adminId, stamp],
    )) === 1
  );
}

export async function releaseItem(db: Db, id: string): Promise<void> {
  await db.run(
    `UPDATE review_items SET state = 'open', assignee_id = NULL, claimed_at = NULL WHERE id = $1 AND state = 'claimed'`,
    [id],
  );
}

// ----- Cases ('review-cases', migration 019)

export type CaseReportRow = {
  id: string;
  message: string;
  status: string;
  created_at: string;
  reporter_id: string | null;
  reporter_name: string | null;
  reporter_surname: string | null;
  reporter_email: string | null;
  policy_id: string | null;
  policy_name: string | null;
};

/** A case's reports, the oldest first (at most `limit`), with their reporters and policies: one statement. */
export function caseReports(db: Db, caseId: string, limit: number): Promise<CaseReportRow[]> {
  return db.many<CaseReportRow>(
    `SELECT t.id, t.message, t.status, t.created_at, t.reporter_id, ${memberColumns('p', 'reporter')},
       p.email AS reporter_email, pe.id AS policy_id, pe.message AS policy_name
     FROM chat_reports t LEFT JOIN users p ON p.id = t.reporter_id
     LEFT JOIN LATERAL (
       SELECT e.id, e.message FROM report_elements e WHERE lower(e.message) = lower(t.message) ORDER BY e.id LIMIT 1
     ) pe ON true
     WHERE t.case_id = $1 ORDER BY t.created_at, t.id LIMIT $2`,
    [caseId, limit],
  );
}

export type CaseContactRow = {
  id: string;
  title: string;
  email: string;
  description: string;
  created_at: string;
};

/** The contact messages escalated into a case, the oldest first. */
export function caseContacts(db: Db, caseId: string): Promise<CaseContactRow[]> {
  return db.many<CaseContactRow>(
    `SELECT id, title, email, description, created_at FROM contacts WHERE case_id = $1 ORDER BY created_at, id`,
    [caseId],
  );
}

export type CaseMemberRow = {
  id: string;
  name: string;
  surname: string;
  email: string;
  photo: string | null;
  image1: string | null;
  image2: string | null;
  image3: string | null;
  image4: string | null;
  dob: string | null;
  is_verified: boolean;
  created_at: string;
  strikes: number;
  strikes_reversed: number;
  restriction_id: string | null;
  restriction_reference: string | null;
  restriction_policy: string | null;
  restriction_ends_at: string | null;
  restriction_created_at: string | null;
  earlier_reports: number;
  earlier_restrictions: number;
};

/**
 * The member a case is about, with their strikes since `strikesSince` (reversed ones apart: `reversed` is the SQL of
 * db/restrictions.ts REVERSED over `r`), the restriction in force, and how many reports on them lie outside the case
 * and restrictions they had: one statement along the members' indexes.
 */
export function caseMember(
  db: Db,
  userId: string,
  caseId: string,
  strikesSince: string,
  reversed: string,
): Promise<CaseMemberRow | undefined> {
  return db.maybeOne<CaseMemberRow>(
    `SELECT u.id, u.name, u.surname, u.email, u.photo, u.image1, u.image2, u.image3, u.image4, u.dob, u.is_verified,
       u.created_at, k.strikes, k.strikes_reversed, sr.id AS restriction_id, sr.reference AS restriction_reference,
       sr.policy_name AS restriction_policy, sr.ends_at AS restriction_ends_at, sr.created_at AS restriction_created_at,
       (SELECT count(*) FROM chat_reports t WHERE t.reported_id = u.id AND t.case_id IS DISTINCT FROM $2)::int
         AS earlier_reports,
       (SELECT count(*) FROM restrictions r WHERE r.user_id = u.id)::int AS earlier_restrictions
     FROM users u
     CROSS JOIN LATERAL (
       SELECT (count(*) FILTER (WHERE NOT ${reversed}))::int AS strikes,
         (count(*) FILTER (WHERE ${reversed}))::int AS strikes_reversed
       FROM restrictions r WHERE r.user_id = u.id AND r.created_at > $3
     ) k
     LEFT JOIN restrictions sr ON sr.user_id = u.id AND sr.ended_at IS NULL
     WHERE u.id = $1`,
    [userId, caseId, strikesSince],
  );
}

/** A case's Open reports under their row locks (id order, as restrict() takes a member's). */
export function lockOpenReportsOfCase(tx: Db, caseId: string) {
  return tx.many<{ id: string; message: string }>(
    `SELECT id, message FROM chat_reports WHERE case_id = $1 AND status = 'Open' ORDER BY id FOR UPDATE`,
    [caseId],
  );
}

/** Decides the Open reports `ids` (their case is done by the trigger once none is left Open). */
export async function decideReports(
  tx: Db,
  ids: readonly string[],
  {
    status,
    note,
    adminId,
    stamp,
  }: { status: 'Actioned' | 'Dismissed'; note: string; adminId: string; stamp: string },
): Promise<void> {
  if (!ids.length) return;
  await tx.run(
    `UPDATE chat_reports SET status = $2, note = $3, handled_by = $4, handled_at = $5, updated_at = $5
     WHERE id = ANY($1::text[]) AND status = 'Open'`,
    [ids, status, note, adminId, stamp],
  );
}

/** The item done, decided by `adminId` at `stamp` (whatever a trigger wrote before it). */
export async function finishItem(tx: Db, id: string, adminId: string, stamp: string): Promise<void> {
  await tx.run(`UPDATE review_items SET state = 'done', done_at = $3, decided_by = $2 WHERE id = $1`, [
    id,
    adminId,
    stamp,
  ]);
}

/** The item at `levelId`, claimed by `assigneeId` at `stamp`, or open for anyone (null). */
export async function escalateItem(
  tx: Db,
  id: string,
  { levelId, assigneeId, stamp }: { levelId: string; assigneeId: string | null; stamp: string },
): Promise<void> {
  await tx.run(
    `UPDATE review_items SET level_id = $2, state = CASE WHEN $3::text IS NULL THEN 'open' ELSE 'claimed' END,
       assignee_id = $3, claimed_at = CASE WHEN $3::text IS NULL THEN NULL ELSE $4::timestamptz END
     WHERE id = $1 AND state <> 'done'`,
    [id, levelId, assigneeId, stamp],
  );
}

/** A member's open case, under its row lock. */
export async function openCaseOf(tx: Db, memberId: string): Promise<string | undefined> {
  const row = await tx.maybeOne<{ id: string }>(
    `SELECT id FROM review_items WHERE kind = 'case' AND subject_id = $1 AND state <> 'done' FOR UPDATE`,
    [memberId],
  );
  return row?.id;
}

/**
 * A new case for the contact message `contactId` (its age the message's), about `memberId` or no one, at `levelId`;
 * undefined when the message does not exist or the member has an open case already (another writer's, just made).
 */
export async function insertContactCase(
  tx: Db,
  { contactId, memberId, levelId }: { contactId: string; memberId: string | null; levelId: string | null },
): Promise<string | undefined> {
  const row = await tx.maybeOne<{ id: string }>(
    `INSERT INTO review_items (id, kind, ref_id, subject_id, created_at, level_id)
     SELECT x.id, 'case', x.id, $2, m.created_at, $3 FROM (SELECT review_item_id() AS id) x, contacts m WHERE m.id = $1
     ON CONFLICT (subject_id) WHERE kind = 'case' AND state <> 'done' AND subject_id IS NOT NULL DO NOTHING
     RETURNING id`,
    [contactId, memberId, levelId],
  );
  return row?.id;
}

/** The contact message `contactId` in the case `caseId`; the case's level raised to `levelId` when that ranks higher. */
export async function contactJoinsCase(
  tx: Db,
  { contactId, caseId, levelId }: { contactId: string; caseId: string; levelId: string | null },
): Promise<void> {
  await tx.run('UPDATE contacts SET case_id = $2 WHERE id = $1', [contactId, caseId]);
  if (levelId)
    await tx.run(
      `UPDATE review_items c SET level_id = l.id FROM review_levels l
       WHERE c.id = $1 AND l.id = $2 AND (c.level_rank IS NULL OR l.rank < c.level_rank)`,
      [caseId, levelId],
    );
  // Its age (the oldest report's or message's) and level by the rules, as a report's joining gives them.
  await tx.run('SELECT review_refresh_cases(ARRAY[$1]::text[])', [caseId]);
}

// ----- Levels and rules ('review-priorities')

export type LevelRow = { id: string; name: string; rank: number; target_minutes: number };
export type RuleRow = {
  id: string;
  kind: string;
  policy_id: string | null;
  policy_name: string | null;
  level_id: string;
};

export function levels(db: Db): Promise<LevelRow[]> {
  return db.many<LevelRow>('SELECT id, name, rank, target_minutes FROM review_levels ORDER BY rank');
}

export function rules(db: Db): Promise<RuleRow[]> {
  return db.many<RuleRow>(
    `SELECT u.id, u.kind, u.policy_id, e.message AS policy_name, u.level_id
     FROM review_rules u LEFT JOIN report_elements e ON e.id = u.policy_id
     ORDER BY u.kind, u.policy_id NULLS FIRST, u.id`,
  );
}

export function findLevel(db: Db, id: string): Promise<LevelRow | undefined> {
  return db.maybeOne<LevelRow>('SELECT id, name, rank, target_minutes FROM review_levels WHERE id = $1', [
    id,
  ]);
}

/** The levels' table locked, for an Owner's change to replace it whole. */
export async function lockLevels(tx: Db): Promise<void> {
  await tx.run('LOCK TABLE review_levels, review_rules IN SHARE ROW EXCLUSIVE MODE');
}

/** Which of `ids` a rule or an item not done uses. */
export async function levelsInUse(tx: Db, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await tx.many<{ id: string }>(
    `SELECT l AS id FROM unnest($1::text[]) AS l
     WHERE EXISTS (SELECT 1 FROM review_items WHERE level_id = l AND state <> 'done')`,
    [ids],
  );
  return rows.map((row) => row.id);
}

export async function upsertLevel(tx: Db, level: LevelRow): Promise<void> {
  await tx.run(
    `INSERT INTO review_levels (id, name, rank, target_minutes) VALUES ($1, $2, $3, $4)
     ON CONFLICT (id) DO UPDATE SET name = excluded.name, rank = excluded.rank, target_minutes = excluded.target_minutes
     WHERE (review_levels.name, review_levels.rank, review_levels.target_minutes)
       IS DISTINCT FROM (excluded.name, excluded.rank, excluded.target_minutes)`,
    [level.id, level.name, level.rank, level.target_minutes],
  );
}

/** The rules replaced by `next`, and the levels not in `keep` removed. */
export async function replaceRules(
  tx: Db,
  next: readonly { id: string; kind: string; policy_id: string | null; level_id: string }[],
  keep: readonly string[],
): Promise<void> {
  await tx.run('DELETE FROM review_rules');
  for (const rule of next)
    await tx.run('INSERT INTO review_rules (id, kind, policy_id, level_id) VALUES ($1, $2, $3, $4)', [
      rule.id,
      rule.kind,
      rule.policy_id,
      rule.level_id,
    ]);
  await tx.run('DELETE FROM review_levels WHERE NOT (id = ANY($1::text[]))', [keep]);
}

/** Which of the Report Element ids `ids` exist. */
export async function knownPolicies(db: Db, ids: readonly string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.many<{ id: string }>('SELECT id FROM report_elements WHERE id = ANY($1::text[])', [
    ids,
  ]);
  return rows.map((row) => row.id);
}

// ----- Stats

export type LevelStatsRow = { level_id: string; met: number; missed: number; overdue: number };
export type AdminStatsRow = {
  admin_id: string;
  admin_name: string | null;
  decided: number;
  median_seconds: number;
  mean_seconds: number;
};

/**
 * Per level: the items done in [from, to) by their target and after it, and the items not done past their target at
 * `at`; per admin who decided items done in [from, to): how many, and the median and mean handling time.
 */
export async function queueStats(db: Db, { from, to, at }: { from: string; to: string; at: string }) {
  const [perLevel, perAdmin] = await Promise.all([
    db.many<LevelStatsRow>(
      `SELECT l.id AS level_id,
         (SELECT count(*) FROM review_items i WHERE i.level_id = l.id AND i.state = 'done' AND i.done_at >= $1
            AND i.done_at < $2 AND i.target_met)::int AS met,
         (SELECT count(*) FROM review_items i WHERE i.level_id = l.id AND i.state = 'done' AND i.done_at >= $1
            AND i.done_at < $2 AND NOT i.target_met)::int AS missed,
         (SELECT count(*) FROM review_items i WHERE i.level_id = l.id AND i.state <> 'done' AND i.target_at < $3)::int
           AS overdue
       FROM review_levels l ORDER BY l.rank`,
      [from, to, at],
    ),
    db.many<AdminStatsRow>(
      `SELECT i.decided_by AS admin_id, a.name AS admin_name, count(*)::int AS decided,
         (percentile_cont(0.5) WITHIN GROUP (ORDER BY i.handling_seconds))::float8 AS median_seconds,
         avg(i.handling_seconds)::float8 AS mean_seconds
       FROM review_items i LEFT JOIN users a ON a.id = i.decided_by
       WHERE i.state = 'done' AND i.done_at >= $1 AND i.done_at < $2 AND i.decided_by IS NOT NULL
       GROUP BY i.decided_by, a.name ORDER BY count(*) DESC, i.decided_by`,
      [from, to],
    ),
  ]);
  return { perLevel, perAdmin };
}
