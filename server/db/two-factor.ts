import type { ChallengeKind } from '../../contract/two-factor';
import type { Db } from './postgres/db';

/** An admin_two_factor row (db/postgres/migrations/008_two_factor.sql). */
export type TwoFactorRow = {
  admin_id: string;
  secret: string | null;
  enabled_at: string | null;
  pending_secret: string | null;
  last_step: number;
};

export type ChallengeRow = {
  admin_id: string;
  kind: ChallengeKind;
  created_at: string;
  expires_at: string;
  /** The admin's token version when it was given (null: given before migration 017, never honoured). */
  token_version: number | null;
  /** For a code: when the two-factor it asks a code of was enabled. */
  two_factor_since: string | null;
};

/** Whether every admin must sign in with two-factor (the installation's setting). */
export async function twoFactorRequired(db: Db): Promise<boolean> {
  const row = await db.maybeOne<{ two_factor_required: boolean }>(
    'SELECT two_factor_required FROM security_settings',
  );
  return row?.two_factor_required ?? false;
}

/** Sets it; the value it had before. */
export async function setTwoFactorRequired(tx: Db, required: boolean): Promise<boolean> {
  const before = await tx.one<{ two_factor_required: boolean }>(
    'SELECT two_factor_required FROM security_settings FOR UPDATE',
  );
  await tx.run('UPDATE security_settings SET two_factor_required = $1', [required]);
  return before.two_factor_required;
}

/** The admin's two-factor state; `lock` takes the row lock (inside a transaction). */
export async function findTwoFactor(
  db: Db,
  adminId: string,
  { lock = false } = {},
): Promise<TwoFactorRow | undefined> {
  return db.maybeOne(
    `SELECT admin_id, secret, enabled_at, pending_secret, last_step::float8 AS last_step
     FROM admin_two_factor WHERE admin_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [adminId],
  );
}

/** Starts a set-up: a new pending secret, whatever one was pending. */
export async function setPendingSecret(tx: Db, adminId: string, secret: string): Promise<void> {
  await tx.run(
    `INSERT INTO admin_two_factor (admin_id, pending_secret) VALUES ($1, $2)
     ON CONFLICT (admin_id) DO UPDATE SET pending_secret = excluded.pending_secret`,
    [adminId, secret],
  );
}

/**
 * Takes the code of time step `step` for the admin: only a step after the last one taken, so that a code (and any
 * older one) is taken once, even by two requests at once. Whether it was taken.
 */
export async function takeStep(tx: Db, adminId: string, step: number): Promise<boolean> {
  return (
    (await tx.run('UPDATE admin_two_factor SET last_step = $2 WHERE admin_id = $1 AND last_step < $2', [
      adminId,
      step,
    ])) === 1
  );
}

/** The pending secret becomes the admin's, its code's step taken; the recovery codes are replaced. */
export async function enableTwoFactor(
  tx: Db,
  adminId: string,
  change: { step: number; codeHashes: readonly string[]; at: string },
): Promise<void> {
  await tx.run(
    `UPDATE admin_two_factor SET secret = pending_secret, pending_secret = NULL, enabled_at = $2, last_step = $3
     WHERE admin_id = $1 AND pending_secret IS NOT NULL`,
    [adminId, change.at, change.step],
  );
  await replaceRecoveryCodes(tx, adminId, change.codeHashes);
}

export async function disableTwoFactor(tx: Db, adminId: string): Promise<void> {
  await tx.run('DELETE FROM admin_two_factor WHERE admin_id = $1', [adminId]);
  await tx.run('DELETE FROM admin_recovery_codes WHERE admin_id = $1', [adminId]);
}

export async function replaceRecoveryCodes(
  tx: Db,
  adminId: string,
  codeHashes: readonly string[],
): Promise<void> {
  await tx.run('DELETE FROM admin_recovery_codes WHERE admin_id = $1', [adminId]);
  await tx.run('INSERT INTO admin_recovery_codes (admin_id, code_hash) SELECT $1, unnest($2::text[])', [
    adminId,
    codeHashes,
  ]);
}

/** Marks an unused recovery code used; whether there was one (a code is used once, even by two requests at once). */
export async function useRecoveryCode(
  tx: Db,
  adminId: string,
  codeHash: string,
  at: string,
): Promise<boolean> {
  return (
    (await tx.run(
      `UPDATE admin_recovery_codes SET used_at = $3 WHERE admin_id = $1 AND code_hash = $2 AND used_at IS NULL`,
      [adminId, codeHash, at],
    )) === 1
  );
}

export async function recoveryCodesLeft(db: Db, adminId: string): Promise<number> {
  const { n } = await db.one<{ n: number }>(
    'SELECT count(*)::int AS n FROM admin_recovery_codes WHERE admin_id = $1 AND used_at IS NULL',
    [adminId],
  );
  return n;
}

export async function insertChallenge(
  db: Db,
  challenge: {
    idHash: string;
    adminId: string;
    kind: ChallengeKind;
    createdAt: string;
    expiresAt: string;
    tokenVersion: number;
    twoFactorSince: string | null;
  },
): Promise<void> {
  await db.run(
    `INSERT INTO sign_in_challenges (id_hash, admin_id, kind, created_at, expires_at, token_version, two_factor_since)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      challenge.idHash,
      challenge.adminId,
      challenge.kind,
      challenge.createdAt,
      challenge.expiresAt,
      challenge.tokenVersion,
      challenge.twoFactorSince,
    ],
  );
  // Expired challenges go a few at a time, as new ones come.
  await db.run(
    `DELETE FROM sign_in_challenges WHERE id_hash IN
       (SELECT id_hash FROM sign_in_challenges WHERE expires_at <= $1 LIMIT 20)`,
    [challenge.createdAt],
  );
}

/** A challenge that is unused and not expired at `at`. */
export async function findOpenChallenge(
  db: Db,
  idHash: string,
  at: string,
): Promise<ChallengeRow | undefined> {
  return db.maybeOne(
    `SELECT admin_id, kind, created_at, expires_at, token_version, two_factor_since FROM sign_in_challenges
     WHERE id_hash = $1 AND used_at IS NULL AND expires_at > $2`,
    [idHash, at],
  );
}

/** Uses the challenge up (in the sign-in's transaction); whether it was still open. */
export async function useChallenge(tx: Db, idHash: string, at: string): Promise<boolean> {
  return (
    (await tx.run(
      'UPDATE sign_in_challenges SET used_at = $2 WHERE id_hash = $1 AND used_at IS NULL AND expires_at > $2',
      [idHash, at],
    )) === 1
  );
}
