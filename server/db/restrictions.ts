import type { Db } from './postgres/db';

/** Restrictions and their statements of reasons (lib/restrictions.ts), and a member's strikes. */

export type RestrictionRow = {
  id: string;
  reference: string;
  user_id: string | null;
  email: string;
  admin_id: string | null;
  policy_id: string | null;
  policy_name: string;
  policy_explanation: string;
  facts: string;
  created_at: string;
  ends_at: string | null;
  withheld_reason: string | null;
  statement: string;
};

/** A policy a restriction cites: a Report Element's message and explanation. */
export function findPolicy(db: Db, id: string) {
  return db.maybeOne<{ message: string; explanation: string }>(
    'SELECT message, explanation FROM report_elements WHERE id = $1',
    [id],
  );
}

/** Stores a restriction; false when its reference is taken already (the caller draws another). */
export async function insertRestriction(tx: Db, row: RestrictionRow): Promise<boolean> {
  const inserted = await tx.run(
    `INSERT INTO restrictions (id, reference, user_id, email, admin_id, policy_id, policy_name, policy_explanation,
       facts, created_at, ends_at, withheld_reason, statement)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (reference) DO NOTHING`,
    [
      row.id,
      row.reference,
      row.user_id,
      row.email,
      row.admin_id,
      row.policy_id,
      row.policy_name,
      row.policy_explanation,
      row.facts,
      row.created_at,
      row.ends_at,
      row.withheld_reason,
      row.statement,
    ],
  );
  return inserted === 1;
}

/** The mail that carried a restriction's statement. */
export async function setRestrictionMail(tx: Db, id: string, mailId: string) {
  await tx.run('UPDATE restrictions SET mail_id = $2 WHERE id = $1', [id, mailId]);
}

/** Ends a member's open restrictions (an admin activated them, or a newer one replaces them); how many it ended. */
export function endOpenRestrictions(
  tx: Db,
  userId: string,
  reason: 'reactivated' | 'replaced',
  at: string,
): Promise<number> {
  return tx.run(
    `UPDATE restrictions SET ended_at = $3, ended_reason = $2
     WHERE user_id = $1 AND ended_at IS NULL`,
    [userId, reason, at],
  );
}

/**
 * Up to `limit` suspensions due at `at`, ended as expired, in the caller's transaction: rows another process is
 * ending at the same moment are skipped, and the UPDATE's own condition keeps a row from being ended twice.
 */
export function dueRestrictions(tx: Db, at: string, limit: number) {
  return tx.many<{ id: string; reference: string; user_id: string | null; ends_at: string }>(
    `WITH due AS (
       SELECT id FROM restrictions WHERE ended_at IS NULL AND ends_at IS NOT NULL AND ends_at <= $1
       ORDER BY ends_at LIMIT $2 FOR UPDATE SKIP LOCKED
     )
     UPDATE restrictions r SET ended_at = $1, ended_reason = 'expired'
     FROM due WHERE r.id = due.id AND r.ended_at IS NULL
     RETURNING r.id, r.reference, r.user_id, r.ends_at`,
    [at, limit],
  );
}

/** Makes a member active again at the end of a suspension; their name and whether they were active already. */
export function reactivateMember(tx: Db, userId: string, at: string) {
  return tx.maybeOne<{ name: string; surname: string; was_enabled: boolean }>(
    `WITH before AS (SELECT id, enabled FROM users WHERE id = $1 AND role = 'user' FOR NO KEY UPDATE)
     UPDATE users u SET enabled = true, updated_at = CASE WHEN before.enabled THEN u.updated_at ELSE $2 END
     FROM before WHERE u.id = before.id
     RETURNING u.name, u.surname, before.enabled AS was_enabled`,
    [userId, at],
  );
}

/**
 * Whether the restriction `r` was reversed on appeal: its own appeal reversed it (even once it had ended otherwise), or
 * a reversal lifted it as the restriction in force.
 */
export const REVERSED = `(r.ended_reason IS NOT DISTINCT FROM 'reversed' OR EXISTS (
  SELECT 1 FROM appeals a WHERE a.restriction_id = r.id AND a.state = 'reversed'))`;

/**
 * Each member's strikes: their restrictions since `since` but those reversed on appeal, and how many were reversed,
 * read along restrictions_user for each id.
 */
export async function strikesOf(db: Db, userIds: readonly string[], since: string) {
  const counts = new Map<string, { strikes: number; strikesReversed: number }>();
  if (!userIds.length) return counts;
  const rows = await db.many<{ user_id: string; strikes: number; reversed: number }>(
    `SELECT user_id, (count(*) FILTER (WHERE NOT ${REVERSED}))::int AS strikes,
       (count(*) FILTER (WHERE ${REVERSED}))::int AS reversed
     FROM restrictions r WHERE user_id = ANY($1::text[]) AND created_at > $2 GROUP BY user_id`,
    [userIds, since],
  );
  for (const row of rows) counts.set(row.user_id, { strikes: row.strikes, strikesReversed: row.reversed });
  return counts;
}

/** A restriction in force, as the API answers it (RestrictionInForce). */
export type InForceRow = {
  id: string;
  reference: string;
  policy_name: string;
  ends_at: string | null;
  created_at: string;
};

/** The member's restriction in force (at most one: restrictions_in_force); `lock` takes its row lock. */
export function restrictionInForce(db: Db, userId: string, { lock = false } = {}) {
  return db.maybeOne<InForceRow>(
    `SELECT id, reference, policy_name, ends_at, created_at FROM restrictions
     WHERE user_id = $1 AND ended_at IS NULL${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
}

export const inForceAnswer = (row: InForceRow | undefined) =>
  row
    ? {
        _id: row.id,
        reference: row.reference,
        policy: { name: row.policy_name },
        endsAt: row.ends_at,
        createdAt: row.created_at,
      }
    : null;

/** Ends one restriction in force as `reason`; whether it was in force. */
export async function endRestriction(tx: Db, id: string, reason: 'reversed', at: string): Promise<boolean> {
  return (
    (await tx.run(
      'UPDATE restrictions SET ended_at = $2, ended_reason = $3 WHERE id = $1 AND ended_at IS NULL',
      [id, at, reason],
    )) === 1
  );
}
