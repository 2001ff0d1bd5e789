import type { Context, Hono } from 'hono';
import { CODE_MAX, readCode, TWO_FACTOR_MESSAGES } from '../../contract/two-factor';
import { TEXT_MAX } from '../../contract/limits';
import type { Db } from '../db/postgres/db';
import {
  disableTwoFactor,
  findTwoFactor,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  setPendingSecret,
  setTwoFactorRequired,
  twoFactorRequired,
} from '../db/two-factor';
import { findAdmin, type UserRow } from '../db/users';
import { activityLog } from '../lib/activity';
import type { SessionPolicy } from '../lib/auth';
import { jsonBody, shortJsonLimit, signInLimit } from '../lib/body';
import type { AppEnv } from '../lib/env';
import { badRequest, HttpError, notFound } from '../lib/errors';
import { verifyPassword } from '../lib/passwords';
import { clientAddress, peerAddress, type RecentKeys } from '../lib/rate-limit';
import type { CompleteSignIn } from '../lib/sign-in';
import { newRecoveryCodes, newTotpSecret, qrSvg, recoveryCodeHash, totpUri } from '../lib/two-factor';
import { bool, fields, secret, text } from '../lib/validate';
import {
  challengeExpired,
  changeWithCode,
  codeLimits,
  enrolAtSignIn,
  holdChallenge,
  openChallenge,
  recordWrongCode,
  setUpEntry,
  signInCode,
  turnOnTwoFactor,
  useUpChallenge,
  WrongCode,
} from '../services/two-factor';

const ADDRESS_MAX = 100;
const M = TWO_FACTOR_MESSAGES;

const codeField = text('Code', { required: true, max: CODE_MAX });
const challengeBody = fields({ challenge: text('Challenge', { required: true, max: 100 }) });
const codeBody = fields({ challenge: text('Challenge', { required: true, max: 100 }), code: codeField });

/** What a set-up answers: the secret for manual entry, the otpauth:// URI and its QR code as SVG. */
async function setUpAnswer(admin: UserRow, secretText: string) {
  const uri = totpUri(secretText, admin.email);
  return { secret: secretText, uri, qrSvg: await qrSvg(uri) };
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

  // Set-up during sign-in, when two-factor is required and the admin has none: a new pending secret.
  app.post('/api/login/two-factor/setup', signInLimit, async (c) => {
    const { challenge } = challengeBody.parse(await jsonBody(c));
    const { challenge: open, admin } = await openChallenge(db, challenge, 'enrol');
    const pending = newTotpSecret();
    await db.transaction(async (tx) => {
      await holdChallenge(tx, open);
      await setPendingSecret(tx, admin.id, pending);
      await log.record(tx, admin.id, setUpEntry(admin));
    });
    return c.json({ success: true, message: 'Scan the QR code', result: await setUpAnswer(admin, pending) });
  });

  app.post('/api/login/two-factor', signInLimit, async (c) => {
    const body = codeBody.parse(await jsonBody(c));
    const { challenge, admin } = await openChallenge(db, body.challenge);
    if (challenge.kind === 'codes') throw challengeExpired();
    const address = clientAddress(c, trustProxy);
    await limits.hit(admin.id, address);
    const ip = peerAddress(c, trustProxy).slice(0, ADDRESS_MAX);
    const userAgent = c.req.header('user-agent') ?? '';
    const step = { id: body.challenge, challenge, admin, code: body.code };
    const refusedIfWrong = async (error: unknown) => {
      if (!(error instanceof WrongCode)) throw error;
      await recordWrongCode(db, admin, ip);
      throw new HttpError(401, M.wrongCode);
    };

    // A set-up's first code turns two-factor on and answers the recovery codes with a 'codes' challenge: no session
    // yet, which starts when the admin has the codes (below).
    if (challenge.kind === 'enrol') {
      const codesStep = await enrolAtSignIn({ db, policy }, step).catch(refusedIfWrong);
      await limits.reset(admin.id, address);
      return c.json({ success: true, message: M.codesStep, result: codesStep });
    }

    const signedIn = await complete(admin, { ip, userAgent }, (tx) => signInCode(tx, step)).catch(
      refusedIfWrong,
    );
    await limits.reset(admin.id, address);
    signedInFrom.remember(address);
    return c.json(signedIn.body);
  });

  // After a set-up at sign-in: the admin has saved the recovery codes, and the session starts.
  app.post('/api/login/two-factor/acknowledge', signInLimit, async (c) => {
    const { challenge } = challengeBody.parse(await jsonBody(c));
    const { challenge: open, admin } = await openChallenge(db, challenge, 'codes');
    const client = {
      ip: peerAddress(c, trustProxy).slice(0, ADDRESS_MAX),
      userAgent: c.req.header('user-agent') ?? '',
    };
    const signedIn = await complete(admin, client, async (tx) => {
      await useUpChallenge(tx, challenge, open);
    });
    signedInFrom.remember(clientAddress(c, trustProxy));
    return c.json(signedIn.body);
  });
}

/**
 * The signed-in admin's own two-factor: its state, a set-up and its confirmation, new recovery codes, turning it
 * off; and the installation's setting that requires it of every admin. Each change ends the admin's other sessions
 * and is logged (one entry).
 */
export function registerTwoFactorRoutes(app: Hono<AppEnv>, db: Db, policy: SessionPolicy) {
  const log = activityLog(db);
  const limits = codeLimits(db);

  const signedInAdmin = async (c: Context<AppEnv>) => {
    const admin = await findAdmin(db, c.get('adminId'));
    if (!admin) throw notFound('User');
    return admin;
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
    await turnOnTwoFactor({ db, policy }, { admin, sessionId: c.get('sessionId'), code, recoveryCodes });
    await limits.reset(admin.id);
    return c.json({ success: true, message: 'Two-factor sign-in is on', result: { recoveryCodes } });
  });

  app.post('/api/admin/two-factor/recovery-codes', shortJsonLimit, async (c) => {
    const { code } = confirmBody.parse(await jsonBody(c));
    const admin = await signedInAdmin(c);
    await limits.hit(admin.id, undefined, { field: 'code' });
    const recoveryCodes = newRecoveryCodes();
    await changeWithCode(
      { db, policy },
      {
        admin,
        sessionId: c.get('sessionId'),
        code,
        summary: 'Recovery codes renewed',
        change: (tx) =>
          replaceRecoveryCodes(
            tx,
            admin.id,
            recoveryCodes.map((one) => recoveryCodeHash(readCode(one).code)),
          ),
      },
    );
    await limits.reset(admin.id);
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
    await changeWithCode(
      { db, policy },
      {
        admin,
        sessionId: c.get('sessionId'),
        code,
        summary: 'Two-factor disabled',
        change: (tx) => disableTwoFactor(tx, admin.id),
      },
    );
    await limits.reset(admin.id);
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
