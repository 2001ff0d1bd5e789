import { memberColumns } from './members';
import type { Db } from './postgres/db';

/** Appeals of restrictions (migration 015; routes/appeals.ts). Their review items follow by the appeals_review trigger. */

/** The restriction an appeal's request names: by the member's address at the time and its reference. */
export function findAppealable(tx: Db, email: string, reference: string) {
  return tx.maybeOne<{
    id: string;
    user_id: string | null;
    appeal_id: string | null;
    appeal_state: string | null;
  }>(
    `SELECT r.id, r.user_id, a.id AS appeal_id, a.state AS appeal_state
     FROM restrictions r LEFT JOIN appeals a ON a.restriction_id = r.id
     WHERE r.reference = $1 AND lower(r.email) = $2
     FOR UPDATE OF r`,
    [reference, email],
  );
}

/**
 * A request: a new unconfirmed appeal of the restriction, or the unconfirmed one renewed with this statement and link
 * (the earlier link stops working).
 */
export async function storeUnconfirmed(
  tx: Db,
  row: {
    id: string;
    restrictionId: string;
    userId: string;
    email: string;
    statement: string;
    tokenHash: string;
    expiresAt: string;
    createdAt: string;
  },
) {
  await tx.run(
    `INSERT INTO appeals (id, restriction_id, user_id, email, statement, token_hash, token_expires_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (restriction_id) DO UPDATE SET statement = excluded.statement, token_hash = excluded.token_hash,
       token_expires_at = excluded.token_expires_at, created_at = excluded.created_at, email = excluded.email
     WHERE appeals.state = 'unconfirmed'`,
    [
      row.id,
      row.restrictionId,
      row.userId,
      row.email,
      row.statement,
      row.tokenHash,
      row.expiresAt,
      row.createdAt,
    ],
  );
}

/**
 * Opens the unconfirmed appeal a link's token names while the link is within its time: its token is spent, and the
 * trigger opens its review item. The appeal, or undefined for a token unknown, spent or expired.
 */
export function confirmAppeal(tx: Db, tokenHash: string, at: string) {
  return tx.maybeOne<{ id: string; user_id: string | null; reference: string }>(
    `UPDATE appeals a SET state = 'open', confirmed_at = $2, token_hash = NULL, token_expires_at = NULL
     FROM restrictions r
     WHERE a.token_hash = $1 AND a.state = 'unconfirmed' AND a.token_expires_at > $2 AND r.id = a.restriction_id
     RETURNING a.id, a.user_id, r.reference`,
    [tokenHash, at],
  );
}

export type AppealRow = {
  id: string;
  state: string;
  user_id: string | null;
  email: string;
  statement: string;
  created_at: string;
  confirmed_at: string | null;
  decided_by: string | null;
  decided_by_name: string | null;
  decided_at: string | null;
  note: string | null;
  member_name: string | null;
  member_surname: string | null;
  member_enabled: boolean | null;
  restriction_id: string;
  reference: string;
  restricted_by: string | null;
  restricted_by_name: string | null;
  policy_name: string;
  policy_explanation: string;
  facts: string;
  restricted_at: string;
  ends_at: string | null;
  ended_at: string | null;
  ended_reason: string | null;
  withheld_reason: string | null;
  restriction_statement: string;
};

/** An appeal with its member and its restriction (and who made it); `lock` takes the appeal's and restriction's rows. */
export function findAppeal(db: Db, id: string, { lock = false } = {}) {
  return db.maybeOne<AppealRow>(
    `SELECT a.id, a.state, a.user_id, a.email, a.statement, a.created_at, a.confirmed_at, a.decided_by,
       a.decided_by_name, a.decided_at, a.note, ${memberColumns('m', 'member')}, m.enabled AS member_enabled,
       r.id AS restriction_id, r.reference, r.admin_id AS restricted_by,
       trim(concat_ws(' ', b.name, b.surname)) AS restricted_by_name, r.policy_name, r.policy_explanation, r.facts,
       r.created_at AS restricted_at, r.ends_at, r.ended_at, r.ended_reason, r.withheld_reason,
       r.statement AS restriction_statement
     FROM appeals a JOIN restrictions r ON r.id = a.restriction_id
     LEFT JOIN users m ON m.id = a.user_id LEFT JOIN users b ON b.id = r.admin_id
     WHERE a.id = $1${lock ? ' FOR UPDATE OF a, r' : ''}`,
    [id],
  );
}

/** Records the decision of an open appeal. */
export async function decideAppeal(
  tx: Db,
  id: string,
  decision: { state: 'upheld' | 'reversed'; adminId: string; adminName: string; note: string; at: string },
) {
  await tx.run(
    `UPDATE appeals SET state = $2, decided_by = $3, decided_by_name = $4, note = $5, decided_at = $6
     WHERE id = $1 AND state = 'open'`,
    [id, decision.state, decision.adminId, decision.adminName, decision.note, decision.at],
  );
}

/** Ends a restriction still in force as reversed; whether it was in force. */
export async function reverseRestriction(tx: Db, id: string, at: string): Promise<boolean> {
  return (
    (await tx.run(
      "UPDATE restrictions SET ended_at = $2, ended_reason = 'reversed' WHERE id = $1 AND ended_at IS NULL",
      [id, at],
    )) === 1
  );
}
