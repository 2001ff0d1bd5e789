import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decode } from 'hono/jwt';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { RECOVERY_CODE_COUNT, TWO_FACTOR_MESSAGES as M } from '../../contract/two-factor';
import { loadConfig } from '../config';
import { migrate, migrationFiles, MIGRATIONS_DIR } from '../db/postgres/migrate';
import { totpCode } from '../lib/two-factor';
import { ADMIN, adminWithRole, form, makeServer, sessionToken } from './harness';
import { freshDatabase } from './postgres/database';

/**
 * Two-factor sign-in ('two-factor'): TOTP (RFC 6238) set up from a QR code with ten single-use recovery codes; the
 * password then leads to a second step whose challenge is short-lived and single use; codes are taken once and
 * rate-limited; a new installation requires it; every change ends the admin's other sessions and is logged.
 */

type Server = Awaited<ReturnType<typeof makeServer>>;
type Entry = { action: string; recordType: string; summary: string; recordName: string };

const START = Date.parse('2030-01-01T00:00:10Z');
afterEach(() => {
  vi.useRealTimers();
});
/** Only Date is faked: the codes follow the clock, the database and the timers run as ever. */
function clock() {
  vi.useFakeTimers({ toFake: ['Date'], now: START });
  return { pass: (ms: number) => vi.setSystemTime(Date.now() + ms) };
}
/** The next step's code: each code is taken once, so each use waits for a new one. */
const nextCode = (secret: string) => {
  vi.setSystemTime(Date.now() + 30_000);
  return totpCode(secret, Date.now());
};

const signIn = (s: Server, remote = '203.0.113.7') =>
  s.call('POST', '/api/login', { json: { ...ADMIN, isRole: 'admin' }, token: null, remote });
const challengeOf = (answer: { body: Record<string, unknown> }) =>
  (answer.body.result as { challenge: string }).challenge;
const secondStep = (s: Server, challenge: string, code: string, remote = '203.0.113.7') =>
  s.call('POST', '/api/login/two-factor', { json: { challenge, code }, token: null, remote });
async function entries(s: Server, action: string) {
  const answer = await s.call('GET', `/api/activity/list?action=${action}&limit=100`);
  return answer.body.result as Entry[];
}

/** Sets two-factor up for the harness's admin from the profile: the secret and the recovery codes. */
async function enrol(s: Server) {
  const setUp = await s.call('POST', '/api/admin/two-factor/setup');
  expect(setUp.status, setUp.text).toBe(200);
  const { secret } = setUp.body.result as { secret: string };
  const confirmed = await s.call('POST', '/api/admin/two-factor/confirm', {
    json: { code: totpCode(secret, Date.now()) },
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { secret, recoveryCodes: (confirmed.body.result as { recoveryCodes: string[] }).recoveryCodes };
}

describe('TOTP (RFC 6238)', () => {
  // RFC 6238 appendix B, SHA-1: the seed "12345678901234567890" (base32 below), 8 digits, 30-second steps.
  const SEED = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s the code is %s', (seconds, code) => {
    expect(totpCode(SEED, seconds * 1000, 8)).toBe(code);
  });
});

describe('setting two-factor up from the profile', () => {
  it('answers the secret, its otpauth:// URI and a QR code drawn as SVG; a code confirms it and answers ten recovery codes', async () => {
    clock();
    const s = await makeServer();
    expect((await s.call('GET', '/api/admin/two-factor')).body.result).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const setUp = await s.call('POST', '/api/admin/two-factor/setup');
    const { secret, uri, qrSvg } = setUp.body.result as { secret: string; uri: string; qrSvg: string };
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Admin%20Console:admin%40example\.com\?/);
    expect(new URL(uri).searchParams.get('secret')).toBe(secret);
    expect(qrSvg).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);

    const wrong = await s.call('POST', '/api/admin/two-factor/confirm', { json: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ message: M.wrongCode, field: 'code' });

    const confirmed = await s.call('POST', '/api/admin/two-factor/confirm', {
      json: { code: totpCode(secret, Date.now()) },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const { recoveryCodes } = confirmed.body.result as { recoveryCodes: string[] };
    expect(recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of recoveryCodes) expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}(-[A-HJ-NP-Z2-9]{4}){3}$/);
    expect((await s.call('GET', '/api/admin/two-factor')).body.result).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
    // Stored hashed: no code is in the database as it was shown.
    const stored = await s.db.many<{ code_hash: string }>('SELECT code_hash FROM admin_recovery_codes');
    expect(stored).toHaveLength(10);
    for (const code of recoveryCodes)
      expect(stored.some((row) => row.code_hash.includes(code.replace(/-/g, '')))).toBe(false);

    const again = await s.call('POST', '/api/admin/two-factor/setup');
    expect(again.status).toBe(409);
    expect((await entries(s, 'two-factor')).map((entry) => entry.summary)).toEqual([
      'Two-factor enabled',
      'Two-factor set-up started',
    ]);
  });

  it('refuses a confirmation without a set-up under way', async () => {
    const s = await makeServer();
    const answer = await s.call('POST', '/api/admin/two-factor/confirm', { json: { code: '123456' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message: M.noSetUp, field: 'code' });
  });
});

describe('signing in with two-factor', () => {
  it('without two-factor, the password alone signs in as SPEC says', async () => {
    const s = await makeServer();
    const answer = await signIn(s);
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ token: expect.any(String), email: ADMIN.email });
    expect(answer.body.result).not.toHaveProperty('twoFactor');
  });

  it('the password answers a challenge and no token; the code then signs in, once', async () => {
    clock();
    const s = await makeServer();
    const { secret } = await enrol(s);
    const first = await signIn(s);
    expect(first.status).toBe(200);
    expect(first.body.result).toEqual({
      twoFactor: 'code',
      challenge: expect.stringMatching(/^[\w-]{43}$/),
      features: expect.arrayContaining(['two-factor', 'sessions']),
    });
    expect(first.body.message).toBe(M.codeStep);
    const signInsBefore = (await entries(s, 'sign-in')).length;
    expect(signInsBefore).toBe(0);

    const code = nextCode(secret);
    const signedIn = await secondStep(s, challengeOf(first), code);
    expect(signedIn.status, signedIn.text).toBe(200);
    const result = signedIn.body.result as { token: string; email: string; features: string[] };
    expect(result).toMatchObject({ email: ADMIN.email, features: expect.arrayContaining(['two-factor']) });
    expect((await s.call('GET', '/api/user/read', { token: result.token })).status).toBe(200);
    expect(await entries(s, 'sign-in')).toHaveLength(1);

    // The challenge is used up.
    const reused = await secondStep(s, challengeOf(first), nextCode(secret));
    expect(reused.status).toBe(401);
    expect(reused.body.message).toBe(M.challengeExpired);

    // The same code on a new challenge is a replay.
    const replay = await secondStep(s, challengeOf(await signIn(s)), code);
    expect(replay.status).toBe(401);
    expect(replay.body.message).toBe(M.wrongCode);
    const [refused] = await entries(s, 'sign-in-failed');
    expect(refused).toMatchObject({
      recordName: ADMIN.email,
      summary: 'Wrong two-factor code, from 203.0.113.7',
    });
    expect(await entries(s, 'sign-in')).toHaveLength(1);
  });

  it('a code one step early or late signs in; two steps off does not', async () => {
    clock();
    const s = await makeServer();
    const { secret } = await enrol(s);
    const at = (steps: number) => totpCode(secret, Date.now() + steps * 30_000);
    vi.setSystemTime(Date.now() + 90_000);
    expect((await secondStep(s, challengeOf(await signIn(s)), at(-2))).status).toBe(401);
    expect((await secondStep(s, challengeOf(await signIn(s)), at(-1))).status).toBe(200);
    expect((await secondStep(s, challengeOf(await signIn(s)), at(2))).status).toBe(401);
    expect((await secondStep(s, challengeOf(await signIn(s)), at(1))).status).toBe(200);
  });

  it('the challenge expires after five minutes', async () => {
    const time = clock();
    const s = await makeServer();
    const { secret } = await enrol(s);
    const challenge = challengeOf(await signIn(s));
    time.pass(5 * 60_000 + 1000);
    const late = await secondStep(s, challenge, totpCode(secret, Date.now()));
    expect(late.status).toBe(401);
    expect(late.body.message).toBe(M.challengeExpired);
    const forged = await secondStep(s, 'x'.repeat(43), totpCode(secret, Date.now()));
    expect(forged.status).toBe(401);
  });

  it('a recovery code signs in once, typed in any case and without dashes', async () => {
    clock();
    const s = await makeServer();
    const { recoveryCodes } = await enrol(s);
    const code = recoveryCodes[3]!;
    const typed = code.replace(/-/g, '').toLowerCase();
    const signedIn = await secondStep(s, challengeOf(await signIn(s)), typed);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect((await entries(s, 'two-factor'))[0]!.summary).toBe('Recovery code used (9 left)');
    const again = await secondStep(s, challengeOf(await signIn(s)), code);
    expect(again.status).toBe(401);
    expect((await s.call('GET', '/api/admin/two-factor')).body.result).toMatchObject({
      recoveryCodesLeft: 9,
    });
  });

  it('counts codes before checking them: the sixth from one address in 15 minutes is 429, the right one too', async () => {
    clock();
    const s = await makeServer();
    const { secret } = await enrol(s);
    const challenge = challengeOf(await signIn(s));
    for (let attempt = 0; attempt < 5; attempt += 1)
      expect((await secondStep(s, challenge, '000000')).status).toBe(401);
    const logged = (await entries(s, 'sign-in-failed')).length;
    const limited = await secondStep(s, challenge, nextCode(secret));
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(M.tooManyCodes);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await entries(s, 'sign-in-failed')).length).toBe(logged);
    // Another address has its own count, within the admin's 10.
    expect((await secondStep(s, challenge, totpCode(secret, Date.now()), '198.51.100.1')).status).toBe(200);
  });
});

describe('two-factor required', () => {
  it('a new installation requires it; one that had an admin before does not', async () => {
    const upTo007 = mkdtempSync(join(tmpdir(), 'console-migrations-'));
    onTestFinished(() => rmSync(upTo007, { recursive: true, force: true }));
    for (const name of migrationFiles().filter((file) => file < '008'))
      copyFileSync(join(MIGRATIONS_DIR, name), join(upTo007, name));

    const fresh = await freshDatabase({ migrated: false });
    await migrate(fresh.pool);
    expect((await fresh.pool.query('SELECT two_factor_required FROM security_settings')).rows).toEqual([
      { two_factor_required: true },
    ]);

    const existing = await freshDatabase({ migrated: false });
    await migrate(existing.pool, upTo007);
    await existing.pool.query(
      `INSERT INTO users (id, role, email, created_at, updated_at)
       VALUES ('aaaaaaaaaaaaaaaaaaaaaaaa', 'admin', 'old@example.com', now(), now())`,
    );
    await migrate(existing.pool);
    expect((await existing.pool.query('SELECT two_factor_required FROM security_settings')).rows).toEqual([
      { two_factor_required: false },
    ]);
  });

  it('TWO_FACTOR_REQUIRED is on unless set off', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'console-config-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    expect(loadConfig({ DATA_DIR: dataDir }).twoFactorRequired).toBe(true);
    expect(loadConfig({ DATA_DIR: dataDir, TWO_FACTOR_REQUIRED: 'false' }).twoFactorRequired).toBe(false);
  });

  it('the password leads to the set-up; its code answers the recovery codes, and saving them starts the session', async () => {
    clock();
    const s = await makeServer({ twoFactorRequired: true });
    const old = await sessionToken(s.db, s.adminId);
    const first = await signIn(s);
    expect(first.body.result).toMatchObject({ twoFactor: 'enrol' });
    expect(first.body.message).toBe(M.enrolStep);
    const challenge = challengeOf(first);

    // A code before any set-up is refused, and the challenge stays usable.
    const early = await secondStep(s, challenge, '123456');
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(M.noSetUp);

    const setUp = await s.call('POST', '/api/login/two-factor/setup', { json: { challenge }, token: null });
    expect(setUp.status, setUp.text).toBe(200);
    const { secret, qrSvg } = setUp.body.result as { secret: string; qrSvg: string };
    expect(qrSvg).toMatch(/^<svg/);
    const enabled = await secondStep(s, challenge, totpCode(secret, Date.now()));
    expect(enabled.status, enabled.text).toBe(200);
    expect(enabled.body.message).toBe(M.codesStep);
    const codes = enabled.body.result as { twoFactor: string; challenge: string; recoveryCodes: string[] };
    expect(codes.twoFactor).toBe('codes');
    expect(codes.recoveryCodes).toHaveLength(10);
    expect(enabled.body.result).not.toHaveProperty('token');
    // Sessions from before the change end, and none has started: a sign-in left on the codes leaves no live session.
    expect((await s.call('GET', '/api/user/read', { token: old })).status).toBe(401);
    const live = () =>
      s.db.many('SELECT id FROM admin_sessions WHERE admin_id = $1 AND ended_at IS NULL', [s.adminId]);
    expect(await live()).toEqual([]);
    // Its challenge is no code step.
    expect((await secondStep(s, codes.challenge, nextCode(secret))).status).toBe(401);

    const acknowledge = (id: string) =>
      s.call('POST', '/api/login/two-factor/acknowledge', { json: { challenge: id }, token: null });
    const saved = await acknowledge(codes.challenge);
    expect(saved.status, saved.text).toBe(200);
    const { token } = saved.body.result as { token: string };
    expect((await s.call('GET', '/api/user/read', { token })).status).toBe(200);
    expect(await live()).toHaveLength(1);
    // Once.
    expect((await acknowledge(codes.challenge)).status).toBe(401);
    // A password's challenge does not stand for saved codes.
    expect((await acknowledge(challengeOf(await signIn(s)))).status).toBe(401);

    // A challenge to sign in with a code does not set up.
    const codeChallenge = challengeOf(await signIn(s));
    const refused = await s.call('POST', '/api/login/two-factor/setup', {
      json: { challenge: codeChallenge },
      token: null,
    });
    expect(refused.status).toBe(401);
  });

  it('cannot be turned off while required; the setting is read and changed, and logged', async () => {
    clock();
    const s = await makeServer();
    const { secret } = await enrol(s);
    expect((await s.call('GET', '/api/admin/security')).body.result).toEqual({ twoFactorRequired: false });
    const changed = await s.call('PATCH', '/api/admin/security', { json: { twoFactorRequired: true } });
    expect(changed.status, changed.text).toBe(200);
    expect((await s.call('GET', '/api/admin/security')).body.result).toEqual({ twoFactorRequired: true });
    expect((await entries(s, 'two-factor'))[0]!.summary).toBe(
      'Two-factor required for every admin: Off → On',
    );
    const refused = await s.call('POST', '/api/admin/two-factor/disable', {
      json: { password: ADMIN.password, code: nextCode(secret) },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(M.required);
    const invalid = await s.call('PATCH', '/api/admin/security', { json: { twoFactorRequired: 'maybe' } });
    expect(invalid.status).toBe(400);
  });
});

describe('a two-factor change ends the other sessions at once, and is logged', () => {
  const live = async (s: Server, token: string) => (await s.call('GET', '/api/user/read', { token })).status;

  it('enabling, new recovery codes and turning off each end every other session, not this one', async () => {
    clock();
    const s = await makeServer();
    const other = await sessionToken(s.db, s.adminId);
    const { secret } = await enrol(s);
    expect(await live(s, other)).toBe(401);
    expect(await live(s, s.token)).toBe(200);
    expect(
      (
        await s.db.one<{ ended_reason: string }>('SELECT ended_reason FROM admin_sessions WHERE id = $1', [
          decode(other).payload.sid as string,
        ])
      ).ended_reason,
    ).toBe('two-factor');

    const second = await sessionToken(s.db, s.adminId);
    const wrong = await s.call('POST', '/api/admin/two-factor/recovery-codes', { json: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(await live(s, second)).toBe(200);
    const renewed = await s.call('POST', '/api/admin/two-factor/recovery-codes', {
      json: { code: nextCode(secret) },
    });
    expect(renewed.status, renewed.text).toBe(200);
    expect((renewed.body.result as { recoveryCodes: string[] }).recoveryCodes).toHaveLength(10);
    expect(await live(s, second)).toBe(401);

    const third = await sessionToken(s.db, s.adminId);
    const badPassword = await s.call('POST', '/api/admin/two-factor/disable', {
      json: { password: 'nope-nope', code: nextCode(secret) },
    });
    expect(badPassword.status).toBe(400);
    expect(badPassword.body).toMatchObject({ message: M.passwordWrong, field: 'password' });
    const badCode = await s.call('POST', '/api/admin/two-factor/disable', {
      json: { password: ADMIN.password, code: '000000' },
    });
    expect(badCode.body).toMatchObject({ message: M.wrongCode, field: 'code' });
    expect(await live(s, third)).toBe(200);
    const off = await s.call('POST', '/api/admin/two-factor/disable', {
      json: { password: ADMIN.password, code: nextCode(secret) },
    });
    expect(off.status, off.text).toBe(200);
    expect(await live(s, third)).toBe(401);
    expect(await live(s, s.token)).toBe(200);
    expect((await s.call('GET', '/api/admin/two-factor')).body.result).toMatchObject({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    // Off: the password alone signs in again.
    expect((await signIn(s)).body.result).toHaveProperty('token');

    expect((await entries(s, 'two-factor')).map((entry) => entry.summary)).toEqual([
      'Two-factor disabled; ended 1 other session',
      'Recovery codes renewed; ended 1 other session',
      'Two-factor enabled; ended 1 other session',
      'Two-factor set-up started',
    ]);
  });
});

describe('a challenge is bound to the state it was given in', () => {
  const setUpWith = (s: Server, challenge: string) =>
    s.call('POST', '/api/login/two-factor/setup', { json: { challenge }, token: null });
  const twoFactorRows = async (s: Server) => ({
    state: await s.db.one('SELECT secret, pending_secret, enabled_at FROM admin_two_factor'),
    codes: await s.db.many('SELECT code_hash, used_at FROM admin_recovery_codes ORDER BY code_hash'),
  });

  it('an enrolment challenge taken before the admin enrolled neither sets up nor signs in after it', async () => {
    clock();
    const s = await makeServer({ twoFactorRequired: true });
    // Someone with the password takes a challenge, and the admin then enrols with their own.
    const stolen = challengeOf(await signIn(s, '198.51.100.9'));
    const own = challengeOf(await signIn(s));
    const { secret } = (await setUpWith(s, own)).body.result as { secret: string };
    const enrolled = await secondStep(s, own, totpCode(secret, Date.now()));
    expect(enrolled.status, enrolled.text).toBe(200);
    const before = await twoFactorRows(s);

    const setUp = await setUpWith(s, stolen);
    expect(setUp.status).toBe(401);
    expect(setUp.body.message).toBe(M.challengeExpired);
    const completed = await secondStep(s, stolen, nextCode(secret), '198.51.100.9');
    expect(completed.status).toBe(401);
    expect(completed.body.message).toBe(M.challengeExpired);
    // The admin's authenticator and recovery codes are theirs still: their code signs in.
    expect(await twoFactorRows(s)).toEqual(before);
    expect((await secondStep(s, challengeOf(await signIn(s)), nextCode(secret))).status).toBe(200);
  });

  it('a code challenge taken before an Owner disabled the admin does not sign in, even once enabled again', async () => {
    clock();
    const s = await makeServer();
    const { secret } = await enrol(s);
    const owner = await adminWithRole(s.db, 'owner');
    const challenge = challengeOf(await signIn(s));
    const status = (enabled: boolean) =>
      s.call('PATCH', `/api/admin/admins/${s.adminId}/status`, { json: { enabled }, token: owner.token });

    expect((await status(false)).status).toBe(200);
    const whileDisabled = await secondStep(s, challenge, nextCode(secret));
    expect(whileDisabled.status).toBe(401);
    expect(whileDisabled.body.message).toBe(M.challengeExpired);
    expect((await status(true)).status).toBe(200);
    const afterwards = await secondStep(s, challenge, nextCode(secret));
    expect(afterwards.status).toBe(401);
    expect(afterwards.body.message).toBe(M.challengeExpired);
    const signIns = await s.call('GET', '/api/activity/list?action=sign-in', { token: owner.token });
    expect(signIns.body.result).toEqual([]);
    // A sign-in begun after it goes through.
    expect((await secondStep(s, challengeOf(await signIn(s)), nextCode(secret))).status).toBe(200);
  });

  it('a code challenge taken before a new password does not sign in after it', async () => {
    clock();
    const s = await makeServer();
    const { secret } = await enrol(s);
    const challenge = challengeOf(await signIn(s));
    const changed = await s.call('PATCH', '/api/admin/profile/update', {
      form: form({ email: ADMIN.email, password: 'a-new-long-passphrase', currentPassword: ADMIN.password }),
    });
    expect(changed.status, changed.text).toBe(200);
    const completed = await secondStep(s, challenge, nextCode(secret));
    expect(completed.status).toBe(401);
    expect(completed.body.message).toBe(M.challengeExpired);
  });
});
