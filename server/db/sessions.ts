import type { SessionEndReason } from '../../contract/sessions';
import type { Db } from './postgres/db';

/** An admin_sessions row (db/postgres/migrations/005_admin_sessions.sql). */
export type SessionRow = {
  id: string;
  admin_id: string;
  created_at: string;
  last_seen_at: string;
  ended_at: string | null;
  ended_reason: SessionEndReason | null;
  ip: string;
  user_agent: string;
  /** When the admin last proved who they are in this session: its sign-in, or a step-up since. */
  verified_at: string;
};

/**
 * The session a token names, with its admin's token version and role: one read by two primary keys, on every admin
 * call, so a role changed in the database applies at the admin's next call. A disabled admin's session is none.
 */
export type TokenSession = Pick<
  SessionRow,
  'admin_id' | 'created_at' | 'last_seen_at' | 'ended_at' | 'verified_at'
> & {
  token_version: number;
  admin_role: string | null;
};

/** When a session counts as live: used since `idleSince` and started after `startedSince`. */
export type LiveSince = { idleSince: string; startedSince: string };

export async function insertSession(
  tx: Db,
  session: Pick<SessionRow, 'id' | 'admin_id' | 'created_at' | 'ip' | 'user_agent'>,
): Promise<void> {
  await tx.run(
    `INSERT INTO admin_sessions (id, admin_id, created_at, last_seen_at, verified_at, ip, user_agent)
     VALUES ($1, $2, $3, $3, $3, $4, $5)`,
    [session.id, session.admin_id, session.created_at, session.ip, session.user_agent],
  );
}

export async function findTokenSession(db: Db, id: string): Promise<TokenSession | undefined> {
  return db.maybeOne(
    `SELECT s.admin_id, s.created_at, s.last_seen_at, s.ended_at, s.verified_at, u.token_version, u.admin_role
     FROM admin_sessions s JOIN users u ON u.id = s.admin_id AND u.role = 'admin' AND u.admin_status = 'active'
     WHERE s.id = $1`,
    [id],
    'token-session',
  );
}

/** The admin proved who they are again in the live session `id`, at `at`. */
export async function markVerified(db: Db, id: string, at: string): Promise<void> {
  await db.run('UPDATE admin_sessions SET verified_at = $2 WHERE id = $1 AND ended_at IS NULL', [id, at]);
}

/** Moves last_seen_at to `at` unless another request did so within the last `everyMs` milliseconds. */
export async function touchSession(db: Db, id: string, at: string, everyMs: number): Promise<void> {
  await db.run(
    `UPDATE admin_sessions SET last_seen_at = $2
     WHERE id = $1 AND ended_at IS NULL AND last_seen_at <= $2::timestamptz - make_interval(secs => $3)`,
    [id, at, everyMs / 1000],
  );
}

const LIVE = `admin_id = $1 AND ended_at IS NULL AND last_seen_at > $2 AND created_at > $3`;

/** A page of an admin's live sessions, newest first, and how many there are. */
export async function pageOfLiveSessions(
  db: Db,
  adminId: string,
  live: LiveSince,
  page: { offset: number; limit: number },
): Promise<{ rows: SessionRow[]; count: number }> {
  const values = [adminId, live.idleSince, live.startedSince];
  const [rows, { n }] = await Promise.all([
    db.many<SessionRow>(
      `SELECT * FROM admin_sessions WHERE ${LIVE} ORDER BY created_at DESC, id DESC LIMIT $4 OFFSET $5`,
      [...values, page.limit, page.offset],
    ),
    db.one<{ n: number }>(`SELECT count(*) AS n FROM admin_sessions WHERE ${LIVE}`, values),
  ]);
  return { rows, count: n };
}

/** Ends one of the admin's live sessions; the row as it was, or undefined when there is no such live session. */
export async function endSession(
  tx: Db,
  adminId: string,
  id: string,
  live: LiveSince,
  reason: SessionEndReason,
  at: string,
): Promise<SessionRow | undefined> {
  return tx.maybeOne(
    `UPDATE admin_sessions SET ended_at = $5, ended_reason = $6 WHERE ${LIVE} AND id = $4 RETURNING *`,
    [adminId, live.idleSince, live.startedSince, id, at, reason],
  );
}

/** Ends every live session of the admin but `exceptId`; how many it ended. */
export async function endOtherSessions(
  tx: Db,
  adminId: string,
  exceptId: string,
  live: LiveSince,
  reason: SessionEndReason,
  at: string,
): Promise<number> {
  const { n } = await tx.one<{ n: number }>(
    `WITH ended AS (
       UPDATE admin_sessions SET ended_at = $5, ended_reason = $6 WHERE ${LIVE} AND id <> $4 RETURNING 1
     ) SELECT count(*) AS n FROM ended`,
    [adminId, live.idleSince, live.startedSince, exceptId, at, reason],
  );
  return n;
}

/** Marks the admin's sessions that are idle or too old as ended, so that the open sessions' index keeps only live ones. */
export async function endExpiredSessions(
  tx: Db,
  adminId: string,
  live: LiveSince,
  at: string,
): Promise<void> {
  await tx.run(
    `UPDATE admin_sessions SET ended_at = $4, ended_reason = 'expired'
     WHERE admin_id = $1 AND ended_at IS NULL AND (last_seen_at <= $2 OR created_at <= $3)`,
    [adminId, live.idleSince, live.startedSince, at],
  );
}
