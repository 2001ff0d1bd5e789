import { REVERSED } from './restrictions';
import type { Db } from './postgres/db';

/** A users row as the routes read it (with the plan, when joined). */
export type UserRow = {
  rowid: number;
  id: string;
  role: 'user' | 'admin';
  /** An admin's role (contract/roles.ts); null for a member. */
  admin_role: string | null;
  /** An admin's account ('admins'): active, disabled or invited; 'active' for a member. */
  admin_status: 'active' | 'disabled' | 'invited';
  name: string;
  surname: string;
  email: string;
  password_hash: string | null;
  token_version: number;
  photo: string | null;
  phone_number: string;
  country_code: string;
  gender: string;
  enabled: boolean;
  is_verified: boolean;
  image1: string | null;
  image2: string | null;
  image3: string | null;
  image4: string | null;
  audio_prompt: string | null;
  audio_prompt_type: string | null;
  interest_in: string | null;
  workout: string | null;
  looking_for: string | null;
  height: number | null;
  distance: number | null;
  smoking: string | null;
  drinking: string | null;
  start_age: number | null;
  end_age: number | null;
  dob: string | null;
  address: string | null;
  introduction: string | null;
  created_at: string;
  updated_at: string;
  product_id?: string | null;
  plan_status?: string | null;
};

/** The columns that name a user's stored files: a deleted user's files go with them. */
export const USER_FILE_COLUMNS = ['photo', 'image1', 'image2', 'image3', 'image4', 'audio_prompt'] as const;

const WITH_PLAN = `SELECT u.*, p.product_id, p.status AS plan_status
  FROM users u LEFT JOIN user_plans p ON p.user_id = u.id WHERE u.role = 'user'`;

/** An admin's id and the token version their tokens must carry; undefined for no such admin. */
export async function findAdminTokenVersion(
  db: Db,
  id: string,
): Promise<{ id: string; token_version: number } | undefined> {
  return db.maybeOne("SELECT id, token_version FROM users WHERE id = $1 AND role = 'admin'", [id]);
}

/** The account of an address, whatever its case (one per address: users_email). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.maybeOne('SELECT * FROM users WHERE lower(email) = lower($1)', [email]);
}

/** An admin's row; `lock` takes its row lock (inside a transaction) for a read-then-write. */
export async function findAdmin(db: Db, id: string, { lock = false } = {}): Promise<UserRow | undefined> {
  return db.maybeOne(`SELECT * FROM users WHERE id = $1 AND role = 'admin'${lock ? ' FOR UPDATE' : ''}`, [
    id,
  ]);
}

/** A user's name and surname, whatever their role. */
export function nameOf(db: Db, id: string) {
  return db.one<{ name: string; surname: string }>('SELECT name, surname FROM users WHERE id = $1', [id]);
}

/** Whether another account than `exceptId` has this address (in any case). */
export async function emailTakenByOther(db: Db, email: string, exceptId: string): Promise<boolean> {
  const row = await db.maybeOne('SELECT 1 FROM users WHERE lower(email) = lower($1) AND id <> $2', [
    email,
    exceptId,
  ]);
  return row !== undefined;
}

/** Saves an admin's profile; `passwordChanged` moves the token version on, ending older sessions. */
export async function updateAdminProfile(
  tx: Db,
  id: string,
  change: {
    email: string;
    passwordHash: string | null;
    photo: string | undefined;
    passwordChanged: boolean;
    at: string;
  },
): Promise<UserRow> {
  return tx.one(
    `UPDATE users SET email = $1, password_hash = $2, photo = coalesce($3, photo),
       token_version = token_version + $4, updated_at = $5
     WHERE id = $6 RETURNING *`,
    [change.email, change.passwordHash, change.photo ?? null, change.passwordChanged ? 1 : 0, change.at, id],
  );
}

/** A member (not an admin) with their plan. */
export async function findMember(db: Db, id: string): Promise<UserRow | undefined> {
  return db.maybeOne(`${WITH_PLAN} AND u.id = $1`, [id]);
}

/**
 * The members of `rowids` with their plans, ordered by `order` (the list's ORDER BY over users `u`), each with their
 * strikes: their restrictions since `strikesSince` but those reversed on appeal (`strikes_reversed` counts them),
 * counted along restrictions_user in the same statement.
 */
export async function membersByRowid(
  db: Db,
  rowids: readonly number[],
  order: string,
  strikesSince: string,
): Promise<(UserRow & { strikes: number; strikes_reversed: number })[]> {
  if (rowids.length === 0) return [];
  return db.many(
    `SELECT u.*, p.product_id, p.status AS plan_status, s.strikes, s.strikes_reversed
     FROM users u LEFT JOIN user_plans p ON p.user_id = u.id
     CROSS JOIN LATERAL (
       SELECT (count(*) FILTER (WHERE NOT ${REVERSED}))::int AS strikes,
         (count(*) FILTER (WHERE ${REVERSED}))::int AS strikes_reversed
       FROM restrictions r WHERE r.user_id = u.id AND r.created_at > $2
     ) s
     WHERE u.role = 'user' AND u.rowid = ANY($1::bigint[]) ORDER BY ${order}`,
    [rowids, strikesSince],
  );
}

/**
 * When the member last did something the server records ('member-summary'): the newest of their sign-up, their posts,
 * the events they created, their feedback, the chat reports and blocks they made, their Contact Us messages (by
 * address) and the appeals they confirmed. The member app's own sign-ins are not the reference server's to know.
 * Each part is read along the index on its member column.
 */
export async function lastActiveOf(db: Db, userId: string) {
  const row = await db.maybeOne<{ at: string }>(
    `SELECT greatest(
       u.created_at,
       (SELECT max(created_at) FROM posts WHERE user_id = u.id),
       (SELECT max(created_at) FROM events WHERE user_id = u.id),
       (SELECT max(created_at) FROM feedbacks WHERE user_id = u.id),
       (SELECT max(created_at) FROM chat_reports WHERE reporter_id = u.id),
       (SELECT max(created_at) FROM chat_blocks WHERE block_by = u.id),
       (SELECT max(created_at) FROM contacts WHERE lower(email) = lower(u.email)),
       (SELECT max(confirmed_at) FROM appeals WHERE user_id = u.id)
     ) AS at
     FROM users u WHERE u.id = $1`,
    [userId],
  );
  return row?.at ?? null;
}

export async function hobbiesOf(db: Db, userId: string) {
  return db.many<{ _id: string; name: string }>(
    `SELECT h.id AS _id, h.name FROM user_hobbies uh JOIN hobbies h ON h.id = uh.hobby_id
     WHERE uh.user_id = $1 ORDER BY h.name, h.id`,
    [userId],
  );
}

export async function promptsOf(db: Db, userId: string) {
  return db.many<{ type: string; description: string }>(
    'SELECT type, description FROM user_prompts WHERE user_id = $1 ORDER BY position',
    [userId],
  );
}

/**
 * A member's name and status under the row lock, for a status change inside `tx`. FOR NO KEY UPDATE (the lock the
 * status UPDATE takes anyway) rather than FOR UPDATE: a row that refers to the member (a report's outcome for its
 * reporter, a delivery) takes KEY SHARE on them, which FOR UPDATE blocks; two restrictions, each closing a report by
 * the other's member, then waited on each other.
 */
export async function lockMemberStatus(tx: Db, id: string) {
  return tx.maybeOne<{ name: string; surname: string; email: string; enabled: boolean }>(
    "SELECT name, surname, email, enabled FROM users WHERE id = $1 AND role = 'user' FOR NO KEY UPDATE",
    [id],
  );
}

export async function setMemberStatus(tx: Db, id: string, enabled: boolean, at: string) {
  await tx.run("UPDATE users SET enabled = $1, updated_at = $2 WHERE id = $3 AND role = 'user'", [
    enabled,
    at,
    id,
  ]);
}

/** Records a deletion link (its token's hash) for an address. */
export async function insertDeletionRequest(
  db: Db,
  request: { tokenHash: string; email: string; createdAt: string; expiresAt: string },
) {
  await db.run(
    'INSERT INTO deletion_requests (token_hash, email, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [request.tokenHash, request.email, request.createdAt, request.expiresAt],
  );
}

export async function findDeletionRequest(db: Db, tokenHash: string) {
  return db.maybeOne<{ email: string; expires_at: string; used_at: string | null }>(
    'SELECT email, expires_at, used_at FROM deletion_requests WHERE token_hash = $1',
    [tokenHash],
  );
}

/**
 * Uses a deletion link inside `tx`: marks the address's open requests used and deletes the member, answering the
 * files they named; undefined when the link was used meanwhile (another confirmation took it first).
 */
export async function deleteMemberByRequest(
  tx: Db,
  tokenHash: string,
  email: string,
  at: string,
): Promise<(string | null)[] | undefined> {
  const taken = await tx.run(
    'UPDATE deletion_requests SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL',
    [at, tokenHash],
  );
  if (taken === 0) return undefined;
  await tx.run('UPDATE deletion_requests SET used_at = $1 WHERE email = $2 AND used_at IS NULL', [at, email]);
  const deleted = await tx.many<Record<(typeof USER_FILE_COLUMNS)[number], string | null>>(
    `DELETE FROM users WHERE lower(email) = lower($1) AND role = 'user' RETURNING ${USER_FILE_COLUMNS.join(', ')}`,
    [email],
  );
  return deleted.flatMap((row) => USER_FILE_COLUMNS.map((column) => row[column]));
}
