import { FEATURES } from '../../contract/features';
import {
  readCode,
  TWO_FACTOR_MESSAGES as M,
  type ChallengeKind,
  type TwoFactorStep,
} from '../../contract/two-factor';
import type { Db } from '../db/postgres/db';
import { endOtherSessions } from '../db/sessions';
import {
  enableTwoFactor,
  findOpenChallenge,
  findTwoFactor,
  insertChallenge,
  recoveryCodesLeft,
  takeStep,
  twoFactorRequired,
  useChallenge,
  useRecoveryCode,
  type ChallengeRow,
  type TwoFactorRow,
} from '../db/two-factor';
import { findAdmin, type UserRow } from '../db/users';
import { activityLog, otherSessions } from '../lib/activity';
import { liveSince, type SessionPolicy } from '../lib/auth';
import { badRequest, HttpError } from '../lib/errors';
import { now } from '../lib/ids';
import { StoredRateLimiter } from '../lib/rate-limit';
import {
  challengeHash,
  challengeHolds,
  newChallenge,
  newRecoveryCodes,
  recoveryCodeHash,
  totpStep,
} from '../lib/two-factor';

/**
 * Two-factor sign-in ('two-factor'): the step after the password (a code, or setting two-factor up), the codes an
 * admin proves themselves with, and the changes to an admin's own two-factor that end their other sessions.
 */

/**
 * How long the step after the password may take: a code, or setting two-factor up (scanning a QR code takes longer),
 * and then saving the recovery codes.
 */
const CHALLENGE_MS: Record<ChallengeKind, number> = {
  code: 5 * 60_000,
  enrol: 15 * 60_000,
  codes: 15 * 60_000,
};

/** A wrong code at sign-in: thrown inside the step's transaction, so that nothing of it is kept. */
export class WrongCode extends Error {}

export const challengeExpired = () => new HttpError(401, M.challengeExpired);

/**
 * Codes are guesses at a secret: counted before they are checked, per admin (10 in 15 minutes, signed in or not)
 * and at sign-in per admin and client address (5), in the database like the sign-in limits.
 */
export function codeLimits(db: Db) {
  const perAdmin = new StoredRateLimiter(db, 'two-factor-code', 10, 15 * 60 * 1000);
  const perAddress = new StoredRateLimiter(db, 'two-factor-sign-in', 5, 15 * 60 * 1000);
  const refuse = (wait: number, extra: Record<string, unknown> = {}) =>
    new HttpError(429, M.tooManyCodes, extra, { 'Retry-After': String(wait) });
  return {
    async hit(adminId: string, address?: string, extra?: Record<string, unknown>) {
      const wait =
        (address !== undefined ? await perAddress.hit(`${adminId}|${address}`) : 0) ||
        (await perAdmin.hit(adminId));
      if (wait) throw refuse(wait, extra);
    },
    async reset(adminId: string, address?: string) {
      await perAdmin.reset(adminId);
      if (address !== undefined) await perAddress.reset(`${adminId}|${address}`);
    },
  };
}

/** A code checked against the admin's enabled secret or unused recovery codes, and taken (in `tx`). */
export async function takeCode(
  tx: Db,
  state: TwoFactorRow,
  typed: string,
): Promise<{ kind: 'totp' } | { kind: 'recovery'; left: number } | undefined> {
  if (!state.secret) return undefined;
  const code = readCode(typed);
  const at = now();
  if (code.kind === 'totp') {
    const step = totpStep(state.secret, code.code, Date.now());
    return step !== undefined && (await takeStep(tx, state.admin_id, step)) ? { kind: 'totp' } : undefined;
  }
  if (!(await useRecoveryCode(tx, state.admin_id, recoveryCodeHash(code.code), at))) return undefined;
  return { kind: 'recovery', left: await recoveryCodesLeft(tx, state.admin_id) };
}

const adminName = (admin: UserRow) => `${admin.name} ${admin.surname}`.trim();

export const setUpEntry = (admin: UserRow) => ({
  action: 'two-factor' as const,
  recordType: 'admin' as const,
  recordId: admin.id,
  recordName: adminName(admin),
  summary: 'Two-factor set-up started',
});

const withEnded = (summary: string, ended: number) =>
  ended > 0 ? `${summary}; ended ${otherSessions(ended)}` : summary;

const enabledEntry = (admin: UserRow, ended: number) => ({
  action: 'two-factor' as const,
  recordType: 'admin' as const,
  recordId: admin.id,
  recordName: adminName(admin),
  summary: withEnded('Two-factor enabled', ended),
});

/** The recovery codes' hashes, as they are stored. */
const codeHashes = (recoveryCodes: readonly string[]) =>
  recoveryCodes.map((one) => recoveryCodeHash(readCode(one).code));

/**
 * After a right password (POST /api/login): the step two-factor asks for, with a new challenge, or undefined when the
 * admin signs in with the password alone (no two-factor, and it is not required).
 */
export async function twoFactorStep(db: Db, admin: UserRow) {
  const [state, required] = await Promise.all([findTwoFactor(db, admin.id), twoFactorRequired(db)]);
  const step: TwoFactorStep | undefined = state?.secret ? 'code' : required ? 'enrol' : undefined;
  if (!step) return undefined;
  const { id, idHash } = newChallenge();
  const created = new Date();
  await insertChallenge(db, {
    idHash,
    adminId: admin.id,
    kind: step,
    createdAt: created.toISOString(),
    expiresAt: new Date(created.getTime() + CHALLENGE_MS[step]).toISOString(),
    tokenVersion: admin.token_version,
    twoFactorSince: step === 'code' ? (state?.enabled_at ?? null) : null,
  });
  return {
    success: true,
    message: step === 'code' ? M.codeStep : M.enrolStep,
    result: { twoFactor: step, challenge: id, features: FEATURES },
  };
}

/** The open challenge `id` (of `kind`, when given) and its admin; refused as expired otherwise. */
export async function openChallenge(db: Db, id: string, kind?: ChallengeKind) {
  const challenge = await findOpenChallenge(db, challengeHash(id), now());
  if (!challenge || (kind && challenge.kind !== kind)) throw challengeExpired();
  const admin = await findAdmin(db, challenge.admin_id);
  if (!admin) throw challengeExpired();
  return { challenge, admin };
}

/**
 * Refuses a challenge whose admin has changed since it was given (challengeHolds), under the admin's row locks, and
 * answers their two-factor state.
 */
export async function holdChallenge(tx: Db, challenge: ChallengeRow) {
  const admin = await findAdmin(tx, challenge.admin_id, { lock: true });
  const state = await findTwoFactor(tx, challenge.admin_id, { lock: true });
  if (!admin || !challengeHolds(challenge, admin, state)) throw challengeExpired();
  return state;
}

/** Uses the challenge `id` up (once: a second use is expired) and holds it (holdChallenge). */
export async function useUpChallenge(tx: Db, id: string, challenge: ChallengeRow) {
  if (!(await useChallenge(tx, challengeHash(id), now()))) throw challengeExpired();
  return holdChallenge(tx, challenge);
}

/**
 * A set-up's first code at sign-in (the challenge `id`, of kind 'enrol'): two-factor turns on, the admin's other
 * sessions end, and the answer is the recovery codes with a 'codes' challenge; no session yet, which starts when the
 * admin has the codes. A wrong code throws WrongCode.
 */
export async function enrolAtSignIn(
  { db, policy }: { db: Db; policy: SessionPolicy },
  { id, challenge, admin, code }: { id: string; challenge: ChallengeRow; admin: UserRow; code: string },
) {
  const log = activityLog(db);
  return db.transaction(async (tx) => {
    const state = await useUpChallenge(tx, id, challenge);
    const typed = readCode(code);
    const step =
      state?.pending_secret && typed.kind === 'totp'
        ? totpStep(state.pending_secret, typed.code, Date.now())
        : undefined;
    if (!state?.pending_secret) throw badRequest(M.noSetUp, 'code');
    if (step === undefined) throw new WrongCode();
    const recoveryCodes = newRecoveryCodes();
    const at = now();
    await enableTwoFactor(tx, admin.id, { step, codeHashes: codeHashes(recoveryCodes), at });
    const ended = await endOtherSessions(tx, admin.id, '', liveSince(policy), 'two-factor', at);
    await log.record(tx, admin.id, enabledEntry(admin, ended));
    const next = newChallenge();
    await insertChallenge(tx, {
      idHash: next.idHash,
      adminId: admin.id,
      kind: 'codes',
      createdAt: at,
      expiresAt: new Date(Date.parse(at) + CHALLENGE_MS.codes).toISOString(),
      tokenVersion: admin.token_version,
      twoFactorSince: at,
    });
    return { twoFactor: 'codes' as const, challenge: next.id, recoveryCodes };
  });
}

/**
 * A code at sign-in (the challenge `id`, of kind 'code'), in the sign-in's transaction `tx`: taken, and a recovery
 * code's use logged. A wrong code throws WrongCode.
 */
export async function signInCode(
  tx: Db,
  { id, challenge, admin, code }: { id: string; challenge: ChallengeRow; admin: UserRow; code: string },
) {
  const state = await useUpChallenge(tx, id, challenge);
  const taken = state ? await takeCode(tx, state, code) : undefined;
  if (!taken) throw new WrongCode();
  if (taken.kind === 'recovery')
    await activityLog(tx).record(tx, admin.id, {
      action: 'two-factor',
      recordType: 'admin',
      recordId: admin.id,
      recordName: adminName(admin),
      summary: `Recovery code used (${taken.left} left)`,
    });
}

/** A wrong code at sign-in, on record (from `ip`): its own transaction, since the sign-in's rolled back. */
export async function recordWrongCode(db: Db, admin: UserRow, ip: string): Promise<void> {
  await db.transaction((tx) =>
    activityLog(db).record(tx, null, {
      action: 'sign-in-failed',
      recordType: 'session',
      recordId: null,
      recordName: admin.email,
      summary: `Wrong two-factor code, from ${ip}`,
    }),
  );
}

/**
 * The signed-in admin's set-up confirmed by its first code: two-factor turns on with `recoveryCodes`, and the admin's
 * other sessions end (the session `sessionId` goes on).
 */
export async function turnOnTwoFactor(
  { db, policy }: { db: Db; policy: SessionPolicy },
  {
    admin,
    sessionId,
    code,
    recoveryCodes,
  }: { admin: UserRow; sessionId: string; code: string; recoveryCodes: string[] },
): Promise<void> {
  const log = activityLog(db);
  await db.transaction(async (tx) => {
    const state = await findTwoFactor(tx, admin.id, { lock: true });
    if (state?.secret) throw new HttpError(409, M.alreadyEnabled);
    if (!state?.pending_secret) throw badRequest(M.noSetUp, 'code');
    const typed = readCode(code);
    const step = typed.kind === 'totp' ? totpStep(state.pending_secret, typed.code, Date.now()) : undefined;
    if (step === undefined) throw badRequest(M.wrongCode, 'code');
    await enableTwoFactor(tx, admin.id, { step, codeHashes: codeHashes(recoveryCodes), at: now() });
    const ended = await endOtherSessions(tx, admin.id, sessionId, liveSince(policy), 'two-factor', now());
    await log.record(tx, admin.id, enabledEntry(admin, ended));
  });
}

/**
 * A change to the signed-in admin's own two-factor that a current code proves (renewing the recovery codes, turning
 * it off): in one transaction the code is taken, the change made, the admin's other sessions ended (the session
 * `sessionId` goes on) and the change logged as `summary`.
 */
export async function changeWithCode(
  { db, policy }: { db: Db; policy: SessionPolicy },
  {
    admin,
    sessionId,
    code,
    summary,
    change,
  }: {
    admin: UserRow;
    sessionId: string;
    code: string;
    summary: string;
    change: (tx: Db) => Promise<unknown>;
  },
): Promise<void> {
  const log = activityLog(db);
  await db.transaction(async (tx) => {
    const state = await findTwoFactor(tx, admin.id, { lock: true });
    if (!state?.secret) throw new HttpError(409, M.notEnabled);
    if (!(await takeCode(tx, state, code))) throw badRequest(M.wrongCode, 'code');
    await change(tx);
    await log.record(tx, admin.id, {
      action: 'two-factor',
      recordType: 'admin',
      recordId: admin.id,
      recordName: adminName(admin),
      summary: withEnded(
        summary,
        await endOtherSessions(tx, admin.id, sessionId, liveSince(policy), 'two-factor', now()),
      ),
    });
  });
}
