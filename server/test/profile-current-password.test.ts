import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADMIN, form, makeServer, pngFile, sessionToken } from './harness';

/**
 * The own profile with 'profile-current-password': a new e-mail or a new password needs the current password, a new
 * photo alone needs no password at all, and no answer of the route tells a guess at the password for free.
 */

type Server = Awaited<ReturnType<typeof makeServer>>;

const save = (s: Server, fields: Record<string, string | File>, token = s.token) =>
  s.call('PATCH', '/api/admin/profile/update', { form: form(fields), token });
const signIn = (s: Server, email: string, password: string) =>
  s.call('POST', '/api/login', { json: { email, password, isRole: 'admin' }, token: null });
const stored = async (s: Server) =>
  s.db.one<{ email: string; photo: string | null; token_version: number }>(
    "SELECT email, photo, token_version FROM users WHERE role = 'admin'",
  );
const refusal = (message: string) => ({ success: false, message, field: 'currentPassword' });
const REQUIRED = refusal('Please enter your current password');
const WRONG = refusal('The current password is incorrect');

describe('the own profile and the current password', () => {
  it('is announced in the sign-in answer', async () => {
    const s = await makeServer();
    const answer = await signIn(s, ADMIN.email, ADMIN.password);
    expect((answer.body.result as { features: string[] }).features).toContain('profile-current-password');
  });

  it('takes a new photo alone without any password, and keeps the password and the other sessions', async () => {
    const s = await makeServer();
    const other = await sessionToken(s.db, s.adminId);
    const answer = await save(s, { email: ADMIN.email, file: pngFile() });
    expect(answer.status).toBe(200);
    expect((await stored(s)).photo).toMatch(/^uploads\/[0-9a-f]{32}\.png$/);
    expect((await s.call('GET', '/api/user/read', { token: other })).status).toBe(200);
    expect((await signIn(s, ADMIN.email, ADMIN.password)).status).toBe(200);
  });

  it('refuses a new e-mail without the current password or with a wrong one, changing nothing', async () => {
    const s = await makeServer();
    const before = await stored(s);
    const missing = await save(s, { email: 'thief@example.com', password: '', file: pngFile() });
    expect({ status: missing.status, body: missing.body }).toEqual({ status: 400, body: REQUIRED });
    const wrong = await save(s, {
      email: 'thief@example.com',
      currentPassword: 'guess-1234',
      file: pngFile(),
    });
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: 400, body: WRONG });
    expect(await stored(s)).toEqual(before);
    // Neither photo was kept, nor left waiting.
    expect(readdirSync(join(s.dataDir, 'uploads'))).toEqual([]);
    expect(readdirSync(join(s.dataDir, 'tmp'))).toEqual([]);
    expect((await signIn(s, ADMIN.email, ADMIN.password)).status).toBe(200);
  });

  it('takes a new e-mail with the current password, the password kept', async () => {
    const s = await makeServer();
    const answer = await save(s, { email: 'Boss@Example.com', currentPassword: ADMIN.password });
    expect(answer.status).toBe(200);
    expect(answer.body.result).toMatchObject({ email: 'boss@example.com' });
    expect((await signIn(s, 'boss@example.com', ADMIN.password)).status).toBe(200);
  });

  it('refuses a new password without the current password or with a wrong one, and takes it with the right one', async () => {
    const s = await makeServer();
    const other = await sessionToken(s.db, s.adminId);
    const missing = await save(s, { email: ADMIN.email, password: 'n3w-password' });
    expect({ status: missing.status, body: missing.body }).toEqual({ status: 400, body: REQUIRED });
    const wrong = await save(s, {
      email: ADMIN.email,
      password: 'n3w-password',
      currentPassword: 'guess-1234',
    });
    expect({ status: wrong.status, body: wrong.body }).toEqual({ status: 400, body: WRONG });
    expect((await stored(s)).token_version).toBe(0);
    expect((await s.call('GET', '/api/user/read', { token: other })).status).toBe(200);

    // SPEC's console sends the password with every save: the current one changes nothing and needs no more.
    const same = await save(s, { email: ADMIN.email, password: ADMIN.password });
    expect(same.status).toBe(200);
    expect((await s.call('GET', '/api/user/read', { token: other })).status).toBe(200);

    const changed = await save(s, {
      email: ADMIN.email,
      password: 'n3w-password',
      currentPassword: ADMIN.password,
    });
    expect(changed.status).toBe(200);
    expect((await s.call('GET', '/api/user/read', { token: other })).status).toBe(401);
    expect((await signIn(s, ADMIN.email, 'n3w-password')).status).toBe(200);
    expect((await signIn(s, ADMIN.email, ADMIN.password)).status).toBe(401);
  });

  it('counts every wrong password it checks, for the admin from any session, so guessing stops at the limit', async () => {
    const s = await makeServer();
    const elsewhere = await sessionToken(s.db, s.adminId);
    // A password typed alone is taken for the current one: a guess like a wrong current password.
    for (const [fields, token] of [
      [{ email: ADMIN.email, password: 'guess-0001' }, s.token],
      [{ email: ADMIN.email, currentPassword: 'guess-0002' }, elsewhere],
      [{ email: 'thief@example.com', currentPassword: 'guess-0003' }, s.token],
      [{ email: ADMIN.email, password: 'n3w-password', currentPassword: 'guess-0004' }, elsewhere],
      [{ email: ADMIN.email, password: 'guess-0005' }, s.token],
    ] as const)
      expect((await save(s, fields, token)).status).toBe(400);
    // The right password now is refused too, until the window ends.
    const spent = await save(s, { email: 'boss@example.com', currentPassword: ADMIN.password }, elsewhere);
    expect(spent.status).toBe(429);
    expect(spent.body).toEqual({
      success: false,
      message: 'Too many failed password attempts. Try again later.',
      field: 'currentPassword',
    });
    expect(Number(spent.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await stored(s)).email).toBe(ADMIN.email);
    // What needs no password check is not held back.
    expect((await save(s, { email: ADMIN.email, file: pngFile() })).status).toBe(200);
  });

  it('forgets the wrong attempts once the right password is given', async () => {
    const s = await makeServer();
    for (let i = 0; i < 4; i += 1)
      expect((await save(s, { email: ADMIN.email, currentPassword: `guess-000${i}` })).status).toBe(400);
    expect((await save(s, { email: ADMIN.email, currentPassword: ADMIN.password })).status).toBe(200);
    for (let i = 0; i < 4; i += 1)
      expect((await save(s, { email: ADMIN.email, currentPassword: `guess-001${i}` })).status).toBe(400);
    expect((await save(s, { email: 'boss@example.com', currentPassword: ADMIN.password })).status).toBe(200);
  });
});
