import type { Context, Hono } from 'hono';
import { FEATURES } from '../../contract/features';
import {
  CODE_MAX,
  readCode,
  TWO_FACTOR_MESSAGES,
  type ChallengeKind,
  type TwoFactorStep,
} from '../../contract/two-factor';
import { TEXT_MAX } from '../../contract/limits';
import type { Db } from '../db/postgres/db';
import { endOtherSessions } from '../db/sessions';
import {
  disableTwoFactor,
  enableTwoFactor,
  findOpenChallenge,
  findTwoFactor,
  insertChallenge,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  setPendingSecret,
  setTwoFactorRequired,
  takeStep,
  twoFactorRequired,
  useChallenge,
  useRecoveryCode,
  type ChallengeRow,
  type TwoFactorRow,
} from '../db/two-factor';
import { findAdmin, type UserRow } from '../db/users';
import { activityLog } from '../lib/activity';
import { liveSince, type SessionPolicy } from '../lib/auth';
import { jsonBody, shortJsonLimit, signInLimit } from '../lib/body';
import type { AppEnv } from '../lib/env';
import { badRequest, HttpError, notFound } from '../lib/errors';
import { now } from '../lib/ids';
import { verifyPassword } from '../lib/passwords';
import { clientAddress, peerAddress, type RecentKeys, StoredRateLimiter } from '../lib/rate-limit';
import type { CompleteSignIn } from '../lib/sign-in';
import {
  challengeHash,
  challengeHolds,
  newChallenge,
  newRecoveryCodes,
  newTotpSecret,
  qrSvg,
  recoveryCodeHash,
  totpStep,
  totpUri,
} from '../lib/two-factor';
import { bool, fields, secret, text } from '../lib/validate';
import { otherSessions } from './sessions';

/**
 * How long the step after the password may take: a code, or setting two-factor up (scanning a QR code takes longer),
 * and then saving the recovery codes.
 */
const CHALLENGE_MS: Record<ChallengeKind, number> = {
  code: 5 * 60_000,
  enrol: 15 * 60_000,
  codes: 15 * 60_000,
};
const ADDRESS_MAX = 100;
const M = TWO_FACTOR_MESSAGES;

const codeField = text('Code', { required: true, max: CODE_MAX });
const challengeBody = fields({ challenge: text('Challenge', { required: true, max: 100 }) });
const codeBody = fields({ challenge: text('Challenge', { required: true, max: 100 }), code: codeField });

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

/** What a set-up answers: the secret for manual entry, the otpauth:// URI and its QR code as SVG. */
async function setUpAnswer(admin: UserRow, secretText: string) {
  const uri = totpUri(secretText, admin.email);
  return { secret: secretText, uri, qrSvg: await qrSvg(uri) };
}

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

/** The sign-in's second step (public: the challenge stands for the password). */
export function registerTwoFactorSignIn(
  app: Hono<AppEnv>,
  {
    db,
    complete,
    signedInFrom,
    trustProxy,
    policy,
  }: {
    db: Db;
    complete: CompleteSignIn;
    signedInFrom: RecentKeys;
    trustProxy: boolean;
    policy: SessionPolicy;
  },
) {
  const log = activityLog(db);
  const limits = codeLimits(db);
  const expired = () => new HttpError(401, M.challengeExpired);

  async function openChallenge(id: string, kind?: ChallengeKind) {
    const challenge = await findOpenChallenge(db, challengeHash(id), now());
    if (!challenge || (kind && challenge.kind !== kind)) throw expired();
    const admin = await findAdmin(db, challenge.admin_id);
    if (!admin) throw expired();
    return { challenge, admin };
  }

  /** Refuses a challenge whose admin has changed since it was given (challengeHolds), under the admin's row locks. */
  async function holdOrRefuse(tx: Db, challenge: ChallengeRow) {
    const admin = await findAdmin(tx, challenge.admin_id, { lock: true });
    const state = await findTwoFactor(tx, challenge.admin_id, { lock: true });
    if (!admin || !challengeHolds(challenge, admin, state)) throw expired();
    return state;
  }

  // Set-up during sign-in, when two-factor is required and the admin has none: a new pending secret.
  app.post('/api/login/two-factor/setup', signInLimit, async (c) => {
    const { challenge } = challengeBody.parse(await jsonBody(c));
    const { challenge: open, admin } = await openChallenge(challenge, 'enrol');
    const pending = newTotpSecret();
    await db.transaction(async (tx) => {
      await holdOrRefuse(tx, open);
      await setPendingSecret(tx, admin.id, pending);
      await log.record(tx, admin.id, setUpEntry(admin));
    });
    return c.json({ success: true, message: 'Scan the QR code', result: await setUpAnswer(admin, pending) });
  });

  app.post('/api/login/two-factor', signInLimit, async (c) => {
    const body = codeBody.parse(await jsonBody(c));
    const { challenge, admin } = await openChallenge(body.challenge);
    if (challenge.kind === 'codes') throw expired();
    const address = clientAddress(c, trustProxy);
    await limits.hit(admin.id, address);
    const ip = peerAddress(c, trustProxy).slice(0, ADDRESS_MAX);
    const userAgent = c.req.header('user-agent') ?? '';
    const idHash = challengeHash(body.challenge);
    const refused = async () => {
      await db.transaction((tx) =>
        log.record(tx, null, {
          action: 'sign-in-failed',
          recordType: 'session',
          recordId: null,
          recordName: admin.email,
          summary: `Wrong two-factor code, from ${ip}`,
        }),
      );
      return new HttpError(401, M.wrongCode);
    };
    // Thrown inside the transaction: nothing of the sign-in is kept.
    const wrong = new Error('wrong code');

    // A set-up's first code turns two-factor on and answers the recovery codes with a 'codes' challenge: no session
    // yet, which starts when the admin has the codes (below).
    if (challenge.kind === 'enrol') {
      let codesStep;
      try {
        codesStep = await db.transaction(async (tx) => {
          if (!(await useChallenge(tx, idHash, now()))) throw expired();
          const state = await holdOrRefuse(tx, challenge);
          const code = readCode(body.code);
          const step =
            state?.pending_secret && code.kind === 'totp'
              ? totpStep(state.pending_secret, code.code, Date.now())
              : undefined;
          if (!state?.pending_secret) throw badRequest(M.noSetUp, 'code');
          if (step === undefined) throw wrong;
          const recoveryCodes = newRecoveryCodes();
          const at = now();
          await enableTwoFactor(tx, admin.id, {
            step,
            codeHashes: recoveryCodes.map((one) => recoveryCodeHash(readCode(one).code)),
            at,
          });
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
      } catch (error) {
        if (error === wrong) throw await refused();
        throw error;
      }
      await limits.reset(admin.id, address);
      return c.json({ success: true, message: M.codesStep, result: codesStep });
    }

    let signedIn;
    try {
      signedIn = await complete(admin, { ip, userAgent }, async (tx) => {
        if (!(await useChallenge(tx, idHash, now()))) throw expired();
        const state = await holdOrRefuse(tx, challenge);
        const taken = state ? await takeCode(tx, state, body.code) : undefined;
        if (!taken) throw wrong;
        if (taken.kind === 'recovery')
          await log.record(tx, admin.id, {
            action: 'two-factor',
            recordType: 'admin',
            recordId: admin.id,
            recordName: adminName(admin),
            summary: `Recovery code used (${taken.left} left)`,
          });
        return {};
      });
    } catch (error) {
      if (error === wrong) throw await refused();
      throw error;
    }
    await limits.reset(admin.id, address);
    signedInFrom.remember(address);
    return c.json(signedIn.body);
  });

  // After a set-up at sign-in: the admin has saved the recovery codes, and the session starts.
  app.post('/api/login/two-factor/acknowledge', signInLimit, async (c) => {
    const { challenge } = challengeBody.parse(await jsonBody(c));
    const { challenge: open, admin } = await openChallenge(challenge, 'codes');
    const idHash = challengeHash(challenge);
    const client = {
      ip: peerAddress(c, trustProxy).slice(0, ADDRESS_MAX),
      userAgent: c.req.header('user-agent') ?? '',
    };
    const signedIn = await complete(admin, client, async (tx) => {
      if (!(await useChallenge(tx, idHash, now()))) throw expired();
      await holdOrRefuse(tx, open);
    });
    signedInFrom.remember(clientAddress(c, trustProxy));
    return c.json(signedIn.body);
  });
}

const setUpEntry = (admin: UserRow) => ({
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

/**
 * The signed-in admin's own two-factor: its state, a set-up and its confirmation, new recovery codes, turning it
 * off; and the installation's setting that requires it of every admin. Each change ends the admin's other sessions
 * and is logged (one entry).
 */
export function registerTwoFactorRoutes(app: Hono<AppEnv>, db: Db, policy: SessionPolicy) {
  const log = activityLog(db);
  const limits = codeLimits(db);
  const onCode = (message: string) => badRequest(message, 'code');

  const signedInAdmin = async (c: Context<AppEnv>) => {
    const admin = await findAdmin(db, c.get('adminId'));
    if (!admin) throw notFound('User');
    return admin;
  };
  const endOthers = (tx: Db, c: Context<AppEnv>) =>
    endOtherSessions(tx, c.get('adminId'), c.get('sessionId'), liveSince(policy), 'two-factor', now());

  /**
   * A change to the signed-in admin's own two-factor that a current code proves (renewing the recovery codes, turning
   * it off): in one transaction the code is taken, the change made, the admin's other sessions ended and the change
   * logged as `summary`; then the admin's code limit starts again.
   */
  const changeWithCode = async (
    c: Context<AppEnv>,
    admin: UserRow,
    code: string,
    summary: string,
    change: (tx: Db) => Promise<unknown>,
  ) => {
    await db.transaction(async (tx) => {
      const state = await findTwoFactor(tx, admin.id, { lock: true });
      if (!state?.secret) throw new HttpError(409, M.notEnabled);
      if (!(await takeCode(tx, state, code))) throw onCode(M.wrongCode);
      await change(tx);
      await log.record(tx, admin.id, {
        action: 'two-factor',
        recordType: 'admin',
        recordId: admin.id,
        recordName: adminName(admin),
        summary: withEnded(summary, await endOthers(tx, c)),
      });
    });
    await limits.reset(admin.id);
  };

  app.get('/api/admin/two-factor', async (c) => {
    const adminId = c.get('adminId');
    const [state, required, left] = await Promise.all([
      findTwoFactor(db, adminId),
      twoFactorRequired(db),
      recoveryCodesLeft(db, adminId),
    ]);
    return c.json({
      success: true,
      message: 'Success',
      result: { enabled: Boolean(state?.secret), required, recoveryCodesLeft: left },
    });
  });

  app.post('/api/admin/two-factor/setup', shortJsonLimit, async (c) => {
    const admin = await signedInAdmin(c);
    const pending = newTotpSecret();
    await db.transaction(async (tx) => {
      const state = await findTwoFactor(tx, admin.id, { lock: true });
      if (state?.secret) throw new HttpError(409, M.alreadyEnabled);
      await setPendingSecret(tx, admin.id, pending);
      await log.record(tx, admin.id, setUpEntry(admin));
    });
    return c.json({ success: true, message: 'Scan the QR code', result: await setUpAnswer(admin, pending) });
  });

  const confirmBody = fields({ code: codeField });
  app.post('/api/admin/two-factor/confirm', shortJsonLimit, async (c) => {
    const { code } = confirmBody.parse(await jsonBody(c));
    const admin = await signedInAdmin(c);
    await limits.hit(admin.id, undefined, { field: 'code' });
    const recoveryCodes = newRecoveryCodes();
    await db.transaction(async (tx) => {
      const state = await findTwoFactor(tx, admin.id, { lock: true });
      if (state?.secret) throw new HttpError(409, M.alreadyEnabled);
      if (!state?.pending_secret) throw onCode(M.noSetUp);
      const typed = readCode(code);
      const step = typed.kind === 'totp' ? totpStep(state.pending_secret, typed.code, Date.now()) : undefined;
      if (step === undefined) throw onCode(M.wrongCode);
      await enableTwoFactor(tx, admin.id, {
        step,
        codeHashes: recoveryCodes.map((one) => recoveryCodeHash(readCode(one).code)),
        at: now(),
      });
      await log.record(tx, admin.id, enabledEntry(admin, await endOthers(tx, c)));
    });
    await limits.reset(admin.id);
    return c.json({ success: true, message: 'Two-factor sign-in is on', result: { recoveryCodes } });
  });

  app.post('/api/admin/two-factor/recovery-codes', shortJsonLimit, async (c) => {
    const { code } = confirmBody.parse(await jsonBody(c));
    const admin = await signedInAdmin(c);
    await limits.hit(admin.id, undefined, { field: 'code' });
    const recoveryCodes = newRecoveryCodes();
    await changeWithCode(c, admin, code, 'Recovery codes renewed', (tx) =>
      replaceRecoveryCodes(
        tx,
        admin.id,
        recoveryCodes.map((one) => recoveryCodeHash(readCode(one).code)),
      ),
    );
    return c.json({ success: true, message: 'New recovery codes', result: { recoveryCodes } });
  });

  const disableBody = fields({
    password: secret('Password', { max: TEXT_MAX.profile.password }),
    code: codeField,
  });
  app.post('/api/admin/two-factor/disable', shortJsonLimit, async (c) => {
    const { password, code } = disableBody.parse(await jsonBody(c));
    const admin = await signedInAdmin(c);
    if (await twoFactorRequired(db)) throw new HttpError(403, M.required);
    await limits.hit(admin.id, undefined, { field: 'code' });
    // Signed in already: its hashing goes ahead of the sign-ins' queue.
    if (!(await verifyPassword(password, admin.password_hash, 'priority')))
      throw badRequest(M.passwordWrong, 'password');
    await changeWithCode(c, admin, code, 'Two-factor disabled', (tx) => disableTwoFactor(tx, admin.id));
    return c.json({ success: true, message: 'Two-factor sign-in is off' });
  });

  app.get('/api/admin/security', async (c) =>
    c.json({
      success: true,
      message: 'Success',
      result: { twoFactorRequired: await twoFactorRequired(db) },
    }),
  );

  const securityBody = fields({ twoFactorRequired: bool('Two-factor required', { required: true }) });
  app.patch('/api/admin/security', shortJsonLimit, async (c) => {
    const { twoFactorRequired: required } = securityBody.parse(await jsonBody(c));
    const onOff = (value: boolean) => (value ? 'On' : 'Off');
    await db.transaction(async (tx) => {
      const before = await setTwoFactorRequired(tx, required as boolean);
      await log.record(tx, c.get('adminId'), {
        action: 'two-factor',
        recordType: 'admin',
        recordId: null,
        recordName: 'Security settings',
        summary:
          before === required
            ? `Two-factor required for every admin: already ${onOff(required as boolean)}`
            : `Two-factor required for every admin: ${onOff(before)} → ${onOff(required as boolean)}`,
      });
    });
    return c.json({
      success: true,
      message: 'Security settings saved',
      result: { twoFactorRequired: required },
    });
  });
}
