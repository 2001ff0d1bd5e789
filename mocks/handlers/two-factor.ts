import { http } from 'msw';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TEXT_MAX } from '@contract/limits';
import {
  CODE_MAX,
  readCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_MESSAGES as M,
  type ChallengeKind,
  type TwoFactorStep,
} from '@contract/two-factor';
import { recordActivity } from '../activity';
import { db } from '../db';
import { apiPath, fail, ok, refuseWithoutAdmin } from '../http';
import { forbid } from '../roles';
import { bool, inField, jsonBody, password, refusing, Refusal, requiredText } from '../rules';
import { mockFeatures, offers } from '../scenario';
import { endOtherSessions, otherSessions, sessionOf, startSession } from './sessions';

/**
 * Two-factor sign-in ('two-factor'), as the reference server answers it (server/routes/two-factor.ts): codes are
 * real TOTP codes of the secret the set-up answers, so a test computes them with otpauth as an app would.
 */

const extensionMissing = () => fail(404, 'No such API route');
const CHALLENGE_MS: Record<ChallengeKind, number> = {
  code: 5 * 60_000,
  enrol: 15 * 60_000,
  codes: 15 * 60_000,
};

const totp = (secret: string) =>
  new TOTP({
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
const stepOf = (secret: string, code: string) => {
  const now = Date.now();
  const delta = totp(secret).validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? undefined : Math.floor(now / 1000 / TOTP_PERIOD_SECONDS) + delta;
};

function newRecoveryCodes() {
  const random = crypto.getRandomValues(new Uint8Array(RECOVERY_CODE_COUNT * RECOVERY_CODE_LENGTH));
  return Array.from({ length: RECOVERY_CODE_COUNT }, (_, index) =>
    Array.from(
      random.slice(index * RECOVERY_CODE_LENGTH, (index + 1) * RECOVERY_CODE_LENGTH),
      (byte) => RECOVERY_CODE_ALPHABET[byte % RECOVERY_CODE_ALPHABET.length],
    )
      .join('')
      .match(/.{4}/g)!
      .join('-'),
  );
}

/** The server's counts of codes: 5 per admin and address at sign-in (one address here), 10 per admin in all. */
const counts = { signIn: { count: 0, resetAt: 0 }, admin: { count: 0, resetAt: 0 } };
export function countCode(signingIn: boolean, field?: string) {
  const now = Date.now();
  for (const key of signingIn ? (['signIn', 'admin'] as const) : (['admin'] as const)) {
    const count = counts[key];
    if (count.resetAt <= now) Object.assign(count, { count: 0, resetAt: now + 15 * 60_000 });
    count.count += 1;
    if (count.count > (key === 'signIn' ? 5 : 10)) throw new Refusal(429, M.tooManyCodes, field);
  }
}
export const resetCounts = () => {
  counts.signIn.count = 0;
  counts.admin.count = 0;
};

/** Takes a code of the enabled secret, or an unused recovery code. */
export function takeCode(typed: string): 'totp' | 'recovery' | undefined {
  const state = db.twoFactor;
  if (!state.secret) return undefined;
  const code = readCode(typed);
  if (code.kind === 'totp') {
    const step = stepOf(state.secret, code.code);
    if (step === undefined || step <= state.lastStep) return undefined;
    state.lastStep = step;
    return 'totp';
  }
  const recovery = state.recoveryCodes.find((one) => !one.used && one.code.replace(/-/g, '') === code.code);
  if (!recovery) return undefined;
  recovery.used = true;
  return 'recovery';
}

function enable(step: number) {
  const recoveryCodes = newRecoveryCodes();
  Object.assign(db.twoFactor, {
    secret: db.twoFactor.pending,
    pending: null,
    lastStep: step,
    recoveryCodes: recoveryCodes.map((code) => ({ code, used: false })),
  });
  return recoveryCodes;
}

const adminName = () => [db.admin.name, db.admin.surname].join(' ');
const entry = (summary: string) =>
  recordActivity({
    action: 'two-factor',
    recordType: 'admin',
    recordId: db.admin._id,
    recordName: adminName(),
    summary,
  });
const withEnded = (summary: string, ended: number) =>
  ended > 0 ? `${summary}; ended ${otherSessions(ended)}` : summary;
const recoveryLeft = () => db.twoFactor.recoveryCodes.filter((code) => !code.used).length;

async function setUp() {
  const secret = new Secret({ size: 20 }).base32;
  db.twoFactor.pending = secret;
  entry('Two-factor set-up started');
  const otp = totp(secret);
  otp.issuer = 'Admin Console';
  otp.label = db.admin.email;
  const uri = otp.toString();
  return ok({
    message: 'Scan the QR code',
    result: { secret, uri, qrSvg: await QRCode.toString(uri, { type: 'svg', margin: 2 }) },
  });
}

/** After a right password: the answer of the step two-factor asks for, or undefined to sign in at once. */
export function twoFactorStep(): Response | undefined {
  if (!offers('two-factor')) return undefined;
  const step: TwoFactorStep | undefined = db.twoFactor.secret
    ? 'code'
    : db.twoFactorRequired
      ? 'enrol'
      : undefined;
  if (!step) return undefined;
  const id = newChallengeId();
  db.challenges.push({
    id,
    kind: step,
    expiresAt: Date.now() + CHALLENGE_MS[step],
    used: false,
    boundTo: db.twoFactor.secret,
  });
  return ok({
    message: step === 'code' ? M.codeStep : M.enrolStep,
    result: { twoFactor: step, challenge: id, features: mockFeatures() },
  });
}

/** An open challenge of `kind`, given while the admin's two-factor was as it is now (the server's challengeHolds). */
function openChallenge(id: unknown, kind?: ChallengeKind) {
  const challenge = db.challenges.find((one) => one.id === id);
  if (
    !challenge ||
    challenge.used ||
    challenge.expiresAt <= Date.now() ||
    (kind && challenge.kind !== kind) ||
    challenge.boundTo !== db.twoFactor.secret
  )
    throw new Refusal(401, M.challengeExpired);
  return challenge;
}

/** SPEC's sign-in answer, with a new session: the second step is done. */
function signedIn(request: Request, taken?: 'totp' | 'recovery') {
  const token = startSession(request);
  if (taken === 'recovery') entry(`Recovery code used (${recoveryLeft()} left)`);
  const { _id, name, surname, email, photo } = db.admin;
  return ok({
    message: 'Login successful',
    result: { token, _id, name, surname, email, photo, features: mockFeatures() },
  });
}

const newChallengeId = () => crypto.randomUUID().replace(/-/g, '').padEnd(43, 'x');

const challengeField = (body: Record<string, unknown>) =>
  inField('challenge', () => requiredText('Challenge', body.challenge, { max: 100 }));
const codeField = (body: Record<string, unknown>) =>
  inField('code', () => requiredText('Code', body.code, { max: CODE_MAX }));

export const twoFactorHandlers = [
  http.post(
    apiPath('login/two-factor/setup'),
    refusing(async ({ request }) => {
      if (!offers('two-factor')) return extensionMissing();
      const body = await jsonBody(request);
      openChallenge(challengeField(body), 'enrol');
      return setUp();
    }),
  ),

  http.post(
    apiPath('login/two-factor'),
    refusing(async ({ request }) => {
      if (!offers('two-factor')) return extensionMissing();
      const body = await jsonBody(request);
      const challengeId = challengeField(body);
      const typed = codeField(body);
      const challenge = openChallenge(challengeId);
      if (challenge.kind === 'codes') throw new Refusal(401, M.challengeExpired);
      countCode(true);
      let recoveryCodes: string[] | undefined;
      let taken: 'totp' | 'recovery' | undefined;
      if (challenge.kind === 'enrol') {
        if (!db.twoFactor.pending) throw new Refusal(400, M.noSetUp, 'code');
        const code = readCode(typed);
        const step = code.kind === 'totp' ? stepOf(db.twoFactor.pending, code.code) : undefined;
        if (step !== undefined) recoveryCodes = enable(step);
      } else taken = takeCode(typed);
      if (!recoveryCodes && !taken) {
        recordActivity(
          {
            action: 'sign-in-failed',
            recordType: 'session',
            recordId: null,
            recordName: db.admin.email,
            summary: 'Wrong two-factor code, from unknown',
          },
          { signedIn: false },
        );
        return fail(401, M.wrongCode);
      }
      challenge.used = true;
      resetCounts();
      // A set-up answers its recovery codes with a 'codes' challenge: the session starts once the admin has them.
      if (recoveryCodes) {
        entry(withEnded('Two-factor enabled', endOtherSessions()));
        const id = newChallengeId();
        db.challenges.push({
          id,
          kind: 'codes',
          expiresAt: Date.now() + CHALLENGE_MS.codes,
          used: false,
          boundTo: db.twoFactor.secret,
        });
        return ok({ message: M.codesStep, result: { twoFactor: 'codes', challenge: id, recoveryCodes } });
      }
      return signedIn(request, taken);
    }),
  ),

  http.post(
    apiPath('login/two-factor/acknowledge'),
    refusing(async ({ request }) => {
      if (!offers('two-factor')) return extensionMissing();
      const body = await jsonBody(request);
      const challenge = openChallenge(challengeField(body), 'codes');
      challenge.used = true;
      return signedIn(request);
    }),
  ),

  http.get(apiPath('admin/two-factor'), ({ request }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    if (!offers('two-factor')) return extensionMissing();
    return ok({
      result: {
        enabled: db.twoFactor.secret !== null,
        required: db.twoFactorRequired,
        recoveryCodesLeft: recoveryLeft(),
      },
    });
  }),

  http.post(
    apiPath('admin/two-factor/setup'),
    refusing(async ({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('two-factor')) return extensionMissing();
      if (db.twoFactor.secret) return fail(409, M.alreadyEnabled);
      return setUp();
    }),
  ),

  http.post(
    apiPath('admin/two-factor/confirm'),
    refusing(async ({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('two-factor')) return extensionMissing();
      const typed = codeField(await jsonBody(request));
      countCode(false, 'code');
      if (db.twoFactor.secret) return fail(409, M.alreadyEnabled);
      if (!db.twoFactor.pending) return fail(400, M.noSetUp, 'code');
      const code = readCode(typed);
      const step = code.kind === 'totp' ? stepOf(db.twoFactor.pending, code.code) : undefined;
      if (step === undefined) return fail(400, M.wrongCode, 'code');
      const recoveryCodes = enable(step);
      resetCounts();
      entry(withEnded('Two-factor enabled', endOtherSessions(sessionOf(request))));
      return ok({ message: 'Two-factor sign-in is on', result: { recoveryCodes } });
    }),
  ),

  http.post(
    apiPath('admin/two-factor/recovery-codes'),
    refusing(async ({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('two-factor')) return extensionMissing();
      const typed = codeField(await jsonBody(request));
      countCode(false, 'code');
      if (!db.twoFactor.secret) return fail(409, M.notEnabled);
      if (!takeCode(typed)) return fail(400, M.wrongCode, 'code');
      const recoveryCodes = newRecoveryCodes();
      db.twoFactor.recoveryCodes = recoveryCodes.map((code) => ({ code, used: false }));
      resetCounts();
      entry(withEnded('Recovery codes renewed', endOtherSessions(sessionOf(request))));
      return ok({ message: 'New recovery codes', result: { recoveryCodes } });
    }),
  ),

  http.post(
    apiPath('admin/two-factor/disable'),
    refusing(async ({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('two-factor')) return extensionMissing();
      const body = await jsonBody(request);
      const given = inField('password', () =>
        password('Password', body.password, { max: TEXT_MAX.profile.password }),
      );
      const typed = codeField(body);
      if (db.twoFactorRequired) return forbid(request, M.required);
      countCode(false, 'code');
      if (given !== db.admin.password) return fail(400, M.passwordWrong, 'password');
      if (!db.twoFactor.secret) return fail(409, M.notEnabled);
      if (!takeCode(typed)) return fail(400, M.wrongCode, 'code');
      db.twoFactor = { secret: null, pending: null, lastStep: 0, recoveryCodes: [] };
      resetCounts();
      entry(withEnded('Two-factor disabled', endOtherSessions(sessionOf(request))));
      return ok({ message: 'Two-factor sign-in is off' });
    }),
  ),

  http.get(apiPath('admin/security'), ({ request }) => {
    const refusal = refuseWithoutAdmin(request);
    if (refusal) return refusal;
    if (!offers('two-factor')) return extensionMissing();
    return ok({ result: { twoFactorRequired: db.twoFactorRequired } });
  }),

  http.patch(
    apiPath('admin/security'),
    refusing(async ({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      if (refusal) return refusal;
      if (!offers('two-factor')) return extensionMissing();
      const body = await jsonBody(request);
      const required = inField('twoFactorRequired', () =>
        bool('Two-factor required', body.twoFactorRequired),
      );
      const before = db.twoFactorRequired;
      db.twoFactorRequired = required;
      const onOff = (value: boolean) => (value ? 'On' : 'Off');
      recordActivity({
        action: 'two-factor',
        recordType: 'admin',
        recordId: null,
        recordName: 'Security settings',
        summary:
          before === required
            ? `Two-factor required for every admin: already ${onOff(required)}`
            : `Two-factor required for every admin: ${onOff(before)} → ${onOff(required)}`,
      });
      return ok({ message: 'Security settings saved', result: { twoFactorRequired: required } });
    }),
  ),
];
