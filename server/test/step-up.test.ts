import { afterEach, describe, expect, it, vi } from 'vitest';
import { totpCode } from '../lib/two-factor';
import { ADMIN, adminWithRole, makeServer, sessionToken } from './harness';

/**
 * Step-up (feature 'step-up'): a users export, mail to All Users or to more than 1,000 chosen members and a write
 * past 50 in 5 minutes need the password
 * confirmed in the session within 5 minutes (a sign-in counts); otherwise 403 with stepUp: true, and
 * POST /api/admin/step-up confirms it for that session alone.
 */

type Server = Awaited<ReturnType<typeof makeServer>>;

const SIX_MINUTES = 6 * 60_000;
const later = (ms: number) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now() + ms);
};
const exportUsers = (s: Server, token?: string) => s.call('GET', '/api/admin/list/export', { token });
const mailAll = (s: Server) =>
  s.call('POST', '/api/mail-send/create', { json: { title: 'News', body: 'Hello', users: 'all' } });
const stepUp = (s: Server, password: string, token?: string) =>
  s.call('POST', '/api/admin/step-up', { json: { password }, token });

afterEach(() => {
  vi.useRealTimers();
});

describe('what asks for a recent proof', () => {
  it('takes a sign-in within 5 minutes as the proof', async () => {
    const s = await makeServer({ seedUsers: 3 });
    expect((await exportUsers(s)).status).toBe(200);
    expect((await mailAll(s)).status).toBe(200);
  });

  it('refuses an export and mail to All Users once the proof is over 5 minutes old, and changes nothing', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const mailCount = async () =>
      Number((await s.db.one<{ n: string }>('SELECT count(*) AS n FROM mails')).n);
    const mailsBefore = await mailCount();
    later(SIX_MINUTES);
    const refused = await exportUsers(s);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      success: false,
      message: 'Confirm your password to continue.',
      stepUp: true,
    });
    expect(await mailAll(s)).toMatchObject({ status: 403, body: { stepUp: true } });
    expect(await mailCount()).toBe(mailsBefore);
    const exports = await s.db.one<{ n: string }>(
      "SELECT count(*) AS n FROM activity WHERE action = 'export'",
    );
    expect(Number(exports.n)).toBe(0);
  });

  it("asks for an admin's role change and for disabling an admin, not for re-enabling one", async () => {
    const s = await makeServer();
    const { id } = await adminWithRole(s.db, 'support');
    later(SIX_MINUTES);
    const role = () => s.call('PATCH', `/api/admin/admins/${id}/role`, { json: { role: 'editor' } });
    const status = (enabled: boolean) =>
      s.call('PATCH', `/api/admin/admins/${id}/status`, { json: { enabled } });
    expect(await role()).toMatchObject({ status: 403, body: { stepUp: true } });
    expect(await status(false)).toMatchObject({ status: 403, body: { stepUp: true } });
    const unchanged = await s.db.one<{ admin_role: string; admin_status: string }>(
      'SELECT admin_role, admin_status FROM users WHERE id = $1',
      [id],
    );
    expect(unchanged).toEqual({ admin_role: 'support', admin_status: 'active' });
    expect((await stepUp(s, ADMIN.password)).status).toBe(200);
    expect((await role()).status).toBe(200);
    expect((await status(false)).status).toBe(200);
    vi.setSystemTime(Date.now() + SIX_MINUTES);
    expect((await status(true)).status).toBe(200);
  });

  it('does not ask for mail to chosen members', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const { id } = await s.db.one<{ id: string }>("SELECT id FROM users WHERE role = 'user' LIMIT 1");
    later(SIX_MINUTES);
    const sent = await s.call('POST', '/api/mail-send/create', {
      json: { title: 'News', body: 'Hello', users: [id] },
    });
    expect(sent.status).toBe(200);
  });

  it('asks for mail to more than 1,000 chosen members, each counted once, as for All Users', async () => {
    const s = await makeServer();
    const ids = (
      await s.db.many<{ id: string }>(
        `INSERT INTO users (id, role, name, surname, email, created_at, updated_at)
         SELECT 'cc' || lpad(to_hex(n), 22, '0'), 'user', 'Member', n::text, 'member-' || n || '@example.com', now(), now()
         FROM generate_series(1, 1001) AS n RETURNING id`,
      )
    ).map((row) => row.id);
    const mail = (users: string[]) =>
      s.call('POST', '/api/mail-send/create', { json: { title: 'News', body: 'Hello', users } });
    later(SIX_MINUTES);
    const refused = await mail(ids);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      success: false,
      message: 'Confirm your password to continue.',
      stepUp: true,
    });
    expect(
      (await s.db.one<{ n: number }>("SELECT count(*)::int AS n FROM mails WHERE kind = 'member'")).n,
    ).toBe(0);
    // 1,000 members, one of them named twice: not more than 1,000.
    const thousand = await mail([...ids.slice(0, 1000), ` ${ids[0]}`]);
    expect(thousand.status).toBe(200);
    expect(thousand.body.result).toMatchObject({ recipientCount: 1000 });
    expect((await stepUp(s, ADMIN.password)).status).toBe(200);
    expect(await mail(ids)).toMatchObject({ status: 200, body: { result: { recipientCount: 1001 } } });
  });

  it('asks past 50 writes in 5 minutes, and not before', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const { id } = await s.db.one<{ id: string }>("SELECT id FROM users WHERE role = 'user' LIMIT 1");
    later(SIX_MINUTES);
    const activate = () => s.call('PATCH', `/api/admin/status/${id}?enabled=true`);
    for (let write = 1; write <= 50; write += 1)
      expect((await activate()).status, `write ${write}`).toBe(200);
    expect(await activate()).toMatchObject({ status: 403, body: { stepUp: true } });
    expect((await stepUp(s, ADMIN.password)).status).toBe(200);
    expect((await activate()).status).toBe(200);
  });
});

describe('POST /api/admin/step-up', () => {
  it('confirms the password for this session, which then exports again, and logs it', async () => {
    const s = await makeServer({ seedUsers: 3 });
    later(SIX_MINUTES);
    const confirmed = await stepUp(s, ADMIN.password);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ success: true, message: 'Confirmed' });
    expect((await exportUsers(s)).status).toBe(200);
    const entry = await s.db.one<{ admin_id: string; record_type: string; summary: string }>(
      "SELECT admin_id, record_type, summary FROM activity WHERE action = 'step-up'",
    );
    expect(entry).toEqual({ admin_id: s.adminId, record_type: 'session', summary: 'Confirmed the password' });
  });

  it('covers only the session that confirmed', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const other = await sessionToken(s.db, s.adminId);
    later(SIX_MINUTES);
    expect((await stepUp(s, ADMIN.password)).status).toBe(200);
    expect((await exportUsers(s, other)).status).toBe(403);
  });

  it('expires again 5 minutes after the confirmation', async () => {
    const s = await makeServer({ seedUsers: 3 });
    later(SIX_MINUTES);
    expect((await stepUp(s, ADMIN.password)).status).toBe(200);
    vi.setSystemTime(Date.now() + SIX_MINUTES);
    expect((await exportUsers(s)).status).toBe(403);
  });

  it('refuses a wrong password on its field, confirms nothing, and stops guesses after 5', async () => {
    const s = await makeServer({ seedUsers: 3 });
    later(SIX_MINUTES);
    const wrong = await stepUp(s, 'not-the-password');
    expect(wrong).toMatchObject({
      status: 400,
      body: { success: false, message: 'The password is incorrect', field: 'password' },
    });
    expect((await exportUsers(s)).status).toBe(403);
    for (let guess = 0; guess < 4; guess += 1) await stepUp(s, `guess-${guess}`);
    const limited = await stepUp(s, ADMIN.password);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await exportUsers(s)).status).toBe(403);
  });

  it('refuses an empty or missing password with 400', async () => {
    const s = await makeServer();
    expect((await s.call('POST', '/api/admin/step-up', { json: {} })).status).toBe(400);
    expect((await stepUp(s, '')).status).toBe(400);
  });
});

describe('POST /api/admin/step-up with a two-factor code', () => {
  async function enrolled() {
    const s = await makeServer({ seedUsers: 3 });
    const setUp = await s.call('POST', '/api/admin/two-factor/setup');
    const { secret } = setUp.body.result as { secret: string };
    const confirmed = await s.call('POST', '/api/admin/two-factor/confirm', {
      json: { code: totpCode(secret, Date.now()) },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    return { s, secret, recoveryCodes: (confirmed.body.result as { recoveryCodes: string[] }).recoveryCodes };
  }
  const withCode = (s: Server, code: string) => s.call('POST', '/api/admin/step-up', { json: { code } });

  it('takes a code of the next step once, and a recovery code once', async () => {
    const { s, secret, recoveryCodes } = await enrolled();
    later(SIX_MINUTES);
    const code = totpCode(secret, Date.now());
    expect((await withCode(s, code)).status).toBe(200);
    expect((await exportUsers(s)).status).toBe(200);
    vi.setSystemTime(Date.now() + SIX_MINUTES);
    expect(await withCode(s, code)).toMatchObject({
      status: 400,
      body: { message: 'The code is incorrect or has already been used', field: 'code' },
    });
    expect((await exportUsers(s)).status).toBe(403);
    expect((await withCode(s, recoveryCodes[0]!)).status).toBe(200);
    expect((await exportUsers(s)).status).toBe(200);
    const summaries = await s.db.many<{ summary: string }>(
      "SELECT summary FROM activity WHERE action = 'step-up' ORDER BY created_at, id",
    );
    expect(summaries.map(({ summary }) => summary)).toEqual([
      'Confirmed a two-factor code',
      'Confirmed a recovery code',
    ]);
  });

  it('refuses a code from an admin without two-factor, on the code field', async () => {
    const s = await makeServer();
    expect(await withCode(s, '123456')).toMatchObject({
      status: 400,
      body: { message: 'Two-factor sign-in is not on', field: 'code' },
    });
  });
});
