import type { AdminStatus } from '../../contract/admins';
import type { Db } from './postgres/db';
import type { LiveSince } from './sessions';

/** An admin as the Admins list reads it, with who invited them. */
export type AdminRow = {
  id: string;
  name: string;
  surname: string;
  email: string;
  admin_role: string | null;
  admin_status: AdminStatus;
  last_sign_in_at: string | null;
  invited_at: string | null;
  invited_by: string | null;
  inviter_name: string | null;
  inviter_surname: string | null;
  created_at: string;
  /** Whether two-factor sign-in is on (admin_two_factor.enabled_at). */
  two_factor: boolean;
};

const ADMIN_COLUMNS = `u.id, u.name, u.surname, u.email, u.admin_role, u.admin_status, u.last_sign_in_at,
  u.invited_at, u.invited_by, i.name AS inviter_name, i.surname AS inviter_surname, u.created_at,
  t.enabled_at IS NOT NULL AS two_factor`;
const ADMIN_JOINS = `users u LEFT JOIN users i ON i.id = u.invited_by
  LEFT JOIN admin_two_factor t ON t.admin_id = u.id`;

/** A page of the admins, oldest first, those whose name or e-mail contain `pattern` (an ILIKE pattern) if given. */
export async function pageOfAdmins(
  db: Db,
  pattern: string | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: AdminRow[]; count: number }> {
  const where = `u.role = 'admin'${pattern ? " AND (u.name || ' ' || u.surname ILIKE $1 OR u.email ILIKE $1)" : ''}`;
  const values = pattern ? [pattern] : [];
  const [rows, { n }] = await Promise.all([
    db.many<AdminRow>(
      `SELECT ${ADMIN_COLUMNS} FROM ${ADMIN_JOINS} WHERE ${where}
       ORDER BY u.rowid LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
      [...values, page.limit, page.offset],
    ),
    db.one<{ n: number }>(`SELECT count(*) AS n FROM users u WHERE ${where}`, values),
  ]);
  return { rows, count: n };
}

export async function findAdminRow(db: Db, id: string, { lock = false } = {}): Promise<AdminRow | undefined> {
  return db.maybeOne<AdminRow>(
    `SELECT ${ADMIN_COLUMNS} FROM ${ADMIN_JOINS}
     WHERE u.id = $1 AND u.role = 'admin'${lock ? ' FOR UPDATE OF u' : ''}`,
    [id],
  );
}

/**
 * The active Owners, their rows locked: a role change or a disabling that could leave none takes these locks first,
 * so two Owners demoting each other at once cannot both pass the check.
 */
export async function lockActiveOwners(tx: Db): Promise<string[]> {
  const rows = await tx.many<{ id: string }>(
    `SELECT id FROM users WHERE role = 'admin' AND admin_role = 'owner' AND admin_status = 'active'
     ORDER BY id FOR UPDATE`,
  );
  return rows.map((row) => row.id);
}

export async function insertInvitedAdmin(
  tx: Db,
  admin: { id: string; name: string; email: string; role: string; invitedBy: string; at: string },
): Promise<void> {
  await tx.run(
    `INSERT INTO users (id, role, admin_role, admin_status, name, surname, email, photo, invited_by, invited_at,
       created_at, updated_at)
     VALUES ($1, 'admin', $2, 'invited', $3, '', $4, '', $5, $6, $6, $6)`,
    [admin.id, admin.role, admin.name, admin.email, admin.invitedBy, admin.at],
  );
}

/** A re-invitation: the invited admin's name, role and inviter as the new invitation gives them. */
export async function updateInvitedAdmin(
  tx: Db,
  admin: { id: string; name: string; role: string; invitedBy: string; at: string },
): Promise<void> {
  await tx.run(
    `UPDATE users SET name = $2, surname = '', admin_role = $3, invited_by = $4, invited_at = $5, updated_at = $5
     WHERE id = $1`,
    [admin.id, admin.name, admin.role, admin.invitedBy, admin.at],
  );
}

export async function setAdminRole(tx: Db, id: string, role: string, at: string): Promise<void> {
  await tx.run('UPDATE users SET admin_role = $2, updated_at = $3 WHERE id = $1', [id, role, at]);
}

/** Disabling moves the token version on: nothing signed or given before it (a token, a sign-in challenge) holds after. */
export async function setAdminStatus(tx: Db, id: string, status: AdminStatus, at: string): Promise<void> {
  await tx.run(
    `UPDATE users SET admin_status = $2, updated_at = $3,
       token_version = token_version + CASE WHEN $2 = 'disabled' THEN 1 ELSE 0 END
     WHERE id = $1`,
    [id, status, at],
  );
}

/** Every live session of the admin ended at once; how many. */
export async function endAllSessions(tx: Db, adminId: string, live: LiveSince, at: string): Promise<number> {
  const { n } = await tx.one<{ n: number }>(
    `WITH ended AS (
       UPDATE admin_sessions SET ended_at = $4, ended_reason = 'ended'
       WHERE admin_id = $1 AND ended_at IS NULL AND last_seen_at > $2 AND created_at > $3 RETURNING 1
     ) SELECT count(*) AS n FROM ended`,
    [adminId, live.idleSince, live.startedSince, at],
  );
  return n;
}

// ----- Invitations

export type InvitationRow = {
  token_hash: string;
  admin_id: string;
  created_at: string;
  expires_at: string;
  ended_at: string | null;
  ended_reason: 'used' | 'replaced' | null;
  mail_id: string | null;
};

/**
 * Ends the admin's open invitations as replaced, and deletes their mails (whose body holds the link); the
 * invitations' rows stay, so that an old link says it was replaced.
 */
export async function replaceInvitations(tx: Db, adminId: string, at: string): Promise<void> {
  const ended = await tx.many<{ mail_id: string | null }>(
    `UPDATE admin_invitations SET ended_at = $2, ended_reason = 'replaced'
     WHERE admin_id = $1 AND ended_at IS NULL RETURNING mail_id`,
    [adminId, at],
  );
  await deleteMails(
    tx,
    ended.map((row) => row.mail_id),
  );
}

/**
 * The invitation mails, their deliveries first: the worker locks a delivery, then its mail (SHARED_ROW_ORDER), and a
 * mail deleted first would wait on the delivery the worker holds while the worker waits on the mail.
 */
async function deleteMails(tx: Db, ids: (string | null)[]) {
  const mails = ids.filter((id): id is string => id !== null);
  if (!mails.length) return;
  await tx.run(
    `DELETE FROM mail_deliveries
     WHERE mail_id IN (SELECT id FROM mails WHERE id = ANY($1::text[]) AND kind = 'invitation')`,
    [mails],
  );
  await tx.run("DELETE FROM mails WHERE id = ANY($1::text[]) AND kind = 'invitation'", [mails]);
}

export async function insertInvitation(
  tx: Db,
  invitation: {
    tokenHash: string;
    adminId: string;
    invitedBy: string;
    createdAt: string;
    expiresAt: string;
    mailId: string;
  },
): Promise<void> {
  await tx.run(
    `INSERT INTO admin_invitations (token_hash, admin_id, invited_by, created_at, expires_at, mail_id)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      invitation.tokenHash,
      invitation.adminId,
      invitation.invitedBy,
      invitation.createdAt,
      invitation.expiresAt,
      invitation.mailId,
    ],
  );
}

export async function findInvitation(
  db: Db,
  tokenHash: string,
  { lock = false } = {},
): Promise<InvitationRow | undefined> {
  return db.maybeOne<InvitationRow>(
    `SELECT * FROM admin_invitations WHERE token_hash = $1${lock ? ' FOR UPDATE' : ''}`,
    [tokenHash],
  );
}

/** The invitation used: the admin gets their password and is active; the mail with the link is deleted. */
export async function useInvitation(
  tx: Db,
  invitation: InvitationRow,
  passwordHash: string,
  at: string,
): Promise<void> {
  await tx.run("UPDATE admin_invitations SET ended_at = $2, ended_reason = 'used' WHERE token_hash = $1", [
    invitation.token_hash,
    at,
  ]);
  await tx.run(
    `UPDATE users SET password_hash = $2, admin_status = 'active', token_version = token_version + 1, updated_at = $3
     WHERE id = $1`,
    [invitation.admin_id, passwordHash, at],
  );
  await deleteMails(tx, [invitation.mail_id]);
}

/** A sign-in's time on the admin's row (the Admins list's last sign-in). */
export async function noteSignIn(tx: Db, adminId: string, at: string): Promise<void> {
  await tx.run('UPDATE users SET last_sign_in_at = $2 WHERE id = $1', [adminId, at]);
}
