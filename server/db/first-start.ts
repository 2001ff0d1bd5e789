import type { Db } from './postgres/db';

/** What a first start writes (seed/bootstrap.ts): the first admin and the child safety policy. */

/**
 * Servers starting together on an empty database take turns on this lock, held until `tx` ends: the first writes the
 * admin (and the demo data), the others find them. An import (import/sqlite.ts) takes it too.
 */
export async function lockFirstStart(tx: Db): Promise<void> {
  await tx.run("SELECT pg_advisory_xact_lock(hashtext('console first start'))");
}

/** Whether the database has an admin: a first start has none. */
export async function hasAdmin(db: Db): Promise<boolean> {
  return (await db.maybeOne("SELECT 1 FROM users WHERE role = 'admin' LIMIT 1")) !== undefined;
}

/**
 * The first admin, an Owner; false when another took the address meanwhile (two servers starting together on an
 * empty database: the address's unique index lets one admin in).
 */
export async function insertFirstAdmin(
  db: Db,
  admin: { id: string; email: string; passwordHash: string; at: string },
): Promise<boolean> {
  const created = await db.run(
    `INSERT INTO users (id, role, admin_role, name, surname, email, password_hash, photo, created_at, updated_at)
     VALUES ($1, 'admin', 'owner', 'Admin', 'User', $2, $3, '', $4, $4) ON CONFLICT DO NOTHING`,
    [admin.id, admin.email, admin.passwordHash, admin.at],
  );
  return created > 0;
}

/** Whether every admin must sign in with two-factor, as the first start sets it. */
export async function setFirstTwoFactorRequired(db: Db, required: boolean): Promise<void> {
  await db.run('UPDATE security_settings SET two_factor_required = $1', [required]);
}

/** The child safety policy, unless the database has one. */
export async function insertChildSafetyPolicy(db: Db, html: string, at: string): Promise<void> {
  await db.run(
    `INSERT INTO policies (key, html, updated_at) VALUES ('childsafetypolicy', $1, $2) ON CONFLICT DO NOTHING`,
    [html, at],
  );
}

/** Every admin's e-mail and stored password hash, in order of creation. */
export function adminPasswordHashes(db: Db) {
  return db.many<{ email: string; password_hash: string | null }>(
    "SELECT email, password_hash FROM users WHERE role = 'admin' ORDER BY rowid",
  );
}
