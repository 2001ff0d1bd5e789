import { decode } from 'hono/jwt';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserName } from '../../contract/sessions';
import { ADMIN, makeServer, sessionToken } from './harness';

/**
 * Sessions on the server (feature 'sessions'): every sign-in is a session whose id its token carries; signing out,
 * ending a session and a password change refuse its token at once; an idle session expires; each admin lists and ends
 * their own; sign-ins, refused sign-ins, sign-outs and ended sessions are in the activity log.
 */

type Server = Awaited<ReturnType<typeof makeServer>>;
type Session = {
  _id: string;
  browser: string;
  userAgent: string;
  address: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
};
type Entry = {
  admin: { _id: string } | null;
  action: string;
  recordType: string;
  recordId: string | null;
  recordName: string;
  summary: string;
};

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function signIn(
  s: Server,
  { password = ADMIN.password, userAgent = FIREFOX, remote = '203.0.113.7' } = {},
) {
  const answer = await s.call('POST', '/api/login', {
    json: { ...ADMIN, password, isRole: 'admin' },
    token: null,
    headers: { 'User-Agent': userAgent },
    remote,
  });
  return answer;
}
const tokenOf = (answer: { body: Record<string, unknown> }) =>
  (answer.body.result as { token: string }).token;
const sessionIdOf = (token: string) => decode(token).payload.sid as string;

async function sessions(s: Server, token: string, query = '') {
  const answer = await s.call('GET', `/api/admin/sessions${query}`, { token });
  expect(answer.status, answer.text).toBe(200);
  return answer.body as { result: Session[]; pagination: { count: number } };
}
/** The log's entries of `action`, newest first, read with `token` (the harness's session unless given). */
async function entries(s: Server, action: string, token?: string) {
  const answer = await s.call('GET', `/api/activity/list?action=${action}&limit=100`, { token });
  return answer.body.result as Entry[];
}
const statusWith = async (s: Server, token: string) =>
  (await s.call('GET', '/api/admin/dashboard', { token })).status;

afterEach(() => {
  vi.useRealTimers();
});

describe('a sign-in', () => {
  it('starts a session that its token names, listed with its browser and address as the caller’s', async () => {
    const s = await makeServer();
    const token = tokenOf(await signIn(s));
    const sid = sessionIdOf(token);
    expect(sid).toMatch(/^[\w-]{22}$/);
    const { result, pagination } = await sessions(s, token);
    const mine = result.find((session) => session._id === sid);
    expect(mine).toMatchObject({
      browser: 'Firefox on Linux',
      userAgent: FIREFOX,
      address: '203.0.113.7',
      current: true,
    });
    expect(mine!.lastSeenAt).toBe(mine!.createdAt);
    // The harness's own session is the other one, not the caller's.
    expect(pagination.count).toBe(2);
    expect(result.filter((session) => session.current)).toHaveLength(1);
  });

  it('is refused when its session row is gone, even with a valid signature', async () => {
    const s = await makeServer();
    const token = tokenOf(await signIn(s));
    await s.db.run('DELETE FROM admin_sessions WHERE id = $1', [sessionIdOf(token)]);
    expect((await s.call('GET', '/api/user/read', { token })).body).toEqual({
      success: false,
      message: 'Invalid token',
    });
  });
});

describe('signing out', () => {
  it('refuses the same token at once, leaves other sessions signed in and is logged', async () => {
    const s = await makeServer();
    const token = tokenOf(await signIn(s));
    const other = tokenOf(await signIn(s, { userAgent: SAFARI_IPHONE }));
    const out = await s.call('POST', '/api/logout', { token });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ success: true, message: 'Signed out' });
    for (const path of ['/api/admin/dashboard', '/api/user/read', '/api/admin/sessions']) {
      const answer = await s.call('GET', path, { token });
      expect(answer.status, path).toBe(401);
      expect(answer.body, path).toEqual({ success: false, message: 'Invalid token' });
    }
    expect((await s.call('POST', '/api/logout', { token })).status).toBe(401);
    expect(await statusWith(s, other)).toBe(200);
    expect((await sessions(s, other)).result.map((session) => session._id)).not.toContain(sessionIdOf(token));
    const [entry] = await entries(s, 'sign-out');
    expect(entry).toMatchObject({
      admin: { _id: s.adminId },
      recordType: 'session',
      recordId: sessionIdOf(token),
      recordName: 'Firefox on Linux',
      summary: 'Signed out from 203.0.113.7',
    });
  });
});

describe('ending sessions', () => {
  it('ends one of the caller’s own sessions by id, refusing its token at once', async () => {
    const s = await makeServer();
    const here = tokenOf(await signIn(s));
    const phone = tokenOf(await signIn(s, { userAgent: SAFARI_IPHONE, remote: '198.51.100.4' }));
    const listed = (await sessions(s, here)).result.find((session) => session._id === sessionIdOf(phone));
    expect(listed).toMatchObject({ browser: 'Safari on iPhone', address: '198.51.100.4', current: false });

    const end = await s.call('DELETE', `/api/admin/sessions/${sessionIdOf(phone)}`, { token: here });
    expect(end.status).toBe(200);
    expect(end.body).toEqual({ success: true, message: 'Session ended' });
    expect((await s.call('GET', '/api/user/read', { token: phone })).body).toEqual({
      success: false,
      message: 'Invalid token',
    });
    expect(await statusWith(s, here)).toBe(200);
    // Ended already: not found, like an id that never was.
    for (const id of [sessionIdOf(phone), 'AAAAAAAAAAAAAAAAAAAAAA']) {
      const again = await s.call('DELETE', `/api/admin/sessions/${id}`, { token: here });
      expect(again.status).toBe(404);
      expect(again.body).toEqual({ success: false, message: 'Session not found' });
    }
    const [entry] = await entries(s, 'session-end');
    expect(entry).toMatchObject({
      admin: { _id: s.adminId },
      recordId: sessionIdOf(phone),
      recordName: 'Safari on iPhone',
      summary: 'Ended the session from 198.51.100.4',
    });
  });

  it('answers 404 for another admin’s session and leaves it signed in', async () => {
    const s = await makeServer();
    const otherAdmin = '0123456789abcdef01234567';
    await s.db.run(
      `INSERT INTO users (id, role, admin_role, name, surname, email, created_at, updated_at)
       VALUES ($1, 'admin', 'owner', 'Other', 'Admin', 'other@example.com', now(), now())`,
      [otherAdmin],
    );
    const theirs = await sessionToken(s.db, otherAdmin);
    const answer = await s.call('DELETE', `/api/admin/sessions/${sessionIdOf(theirs)}`);
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual({ success: false, message: 'Session not found' });
    expect(await statusWith(s, theirs)).toBe(200);
    // Nor does either admin see the other's sessions.
    expect((await sessions(s, theirs)).result.map((session) => session._id)).toEqual([sessionIdOf(theirs)]);
    expect((await sessions(s, s.token)).result.map((session) => session._id)).toEqual([sessionIdOf(s.token)]);
  });

  it('answers 404 for an id no sign-in makes, a NUL or a long one included', async () => {
    const s = await makeServer();
    for (const id of ['%00', 'a%00b', 'x'.repeat(65), '%E2%80%AE'])
      expect(await s.call('DELETE', `/api/admin/sessions/${id}`)).toMatchObject({
        status: 404,
        body: { success: false, message: 'Session not found' },
      });
    expect(await statusWith(s, s.token)).toBe(200);
  });

  it('ends every other session of the caller and keeps the caller’s', async () => {
    const s = await makeServer();
    const here = tokenOf(await signIn(s));
    const others = [tokenOf(await signIn(s)), tokenOf(await signIn(s, { userAgent: SAFARI_IPHONE }))];
    const answer = await s.call('POST', '/api/admin/sessions/end-others', { token: here });
    expect(answer.status).toBe(200);
    // The two signed in here and the harness's own.
    expect(answer.body).toEqual({ success: true, message: 'Other sessions ended', result: { ended: 3 } });
    for (const token of [...others, s.token]) expect(await statusWith(s, token)).toBe(401);
    expect(await statusWith(s, here)).toBe(200);
    expect((await sessions(s, here)).result.map((session) => session._id)).toEqual([sessionIdOf(here)]);
    const [entry] = await entries(s, 'session-end', here);
    expect(entry).toMatchObject({
      admin: { _id: s.adminId },
      recordId: null,
      summary: 'Ended 3 other sessions',
    });

    // Nothing left to end: nothing is logged.
    await s.call('POST', '/api/admin/sessions/end-others', { token: here });
    expect(await entries(s, 'session-end', here)).toHaveLength(1);
  });

  it('pages the live sessions newest first, 10 to a page unless asked', async () => {
    const s = await makeServer();
    const tokens: string[] = [];
    for (let i = 0; i < 12; i += 1) tokens.push(tokenOf(await signIn(s)));
    const here = tokens.at(-1)!;
    const first = await sessions(s, here);
    expect(first.pagination.count).toBe(13);
    expect(first.result).toHaveLength(10);
    expect(first.result[0]).toMatchObject({ _id: sessionIdOf(here), current: true });
    const created = first.result.map((session) => session.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const second = await sessions(s, here, '?page=2&limit=10');
    expect(second.result.map((session) => session._id)).not.toContain(first.result[0]!._id);
    expect(second.result).toHaveLength(3);
    expect((await s.call('GET', '/api/admin/sessions?limit=0', { token: here })).status).toBe(400);
  });
});

describe('a password change', () => {
  it('ends the other sessions; the current one goes on with a fresh token that ends when the session would', async () => {
    const s = await makeServer();
    const here = tokenOf(await signIn(s));
    const other = tokenOf(await signIn(s, { userAgent: SAFARI_IPHONE }));
    const profile = new FormData();
    profile.set('email', ADMIN.email);
    profile.set('password', 'n3w-password');
    profile.set('currentPassword', ADMIN.password);
    const changed = await s.call('PATCH', '/api/admin/profile/update', { form: profile, token: here });
    expect(changed.status).toBe(200);
    const fresh = (changed.body.result as { token: string }).token;
    expect(sessionIdOf(fresh)).toBe(sessionIdOf(here));
    expect(decode(fresh).payload.exp).toBe(decode(here).payload.exp);
    expect(await statusWith(s, other)).toBe(401);
    expect(await statusWith(s, s.token)).toBe(401);
    expect(await statusWith(s, fresh)).toBe(200);
    const { result } = await sessions(s, fresh);
    expect(result).toEqual([expect.objectContaining({ _id: sessionIdOf(here), current: true })]);
    const [entry] = await entries(s, 'session-end', fresh);
    expect(entry).toMatchObject({ summary: 'Password changed: ended 2 other sessions' });
  });
});

describe('idle timeout', () => {
  it('refuses a session unused for SESSION_IDLE_MINUTES as expired, counting from its last use', async () => {
    // Well within the token's own hour.
    const s = await makeServer({ sessionIdleMinutes: 10 });
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const token = tokenOf(await signIn(s));
    const at = (minutes: number) => vi.setSystemTime(start + minutes * 60_000);

    at(9);
    expect(await statusWith(s, token)).toBe(200);
    at(18);
    expect(await statusWith(s, token)).toBe(200);
    // Its last call was at 18: idle for the timeout, and for the minute its last use may be written late, by 29.
    at(29.5);
    const answer = await s.call('GET', '/api/admin/dashboard', { token });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ success: false, message: 'jwt expired', jwtExpired: true });
    // Not listed as live either.
    const here = tokenOf(await signIn(s));
    expect((await sessions(s, here)).result.map((session) => session._id)).not.toContain(sessionIdOf(token));
  });

  it('keeps a session used every 50 seconds live with SESSION_IDLE_MINUTES=1, and ends it once left for a minute', async () => {
    const s = await makeServer({ sessionIdleMinutes: 1 });
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const token = tokenOf(await signIn(s));
    for (const seconds of [5, 55, 105, 155, 205, 255]) {
      vi.setSystemTime(start + seconds * 1000);
      expect(await statusWith(s, token)).toBe(200);
    }
    vi.setSystemTime(start + (255 + 67) * 1000);
    expect((await s.call('GET', '/api/admin/dashboard', { token })).body).toEqual({
      success: false,
      message: 'jwt expired',
      jwtExpired: true,
    });
  });

  it('writes last_seen_at at most once a minute per session', async () => {
    const s = await makeServer();
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const token = tokenOf(await signIn(s));
    const lastSeen = async () =>
      (
        await s.db.one<{ last_seen_at: string }>('SELECT last_seen_at FROM admin_sessions WHERE id = $1', [
          sessionIdOf(token),
        ])
      ).last_seen_at;
    const signedInAt = await lastSeen();
    for (const seconds of [1, 20, 59]) {
      vi.setSystemTime(start + seconds * 1000);
      expect(await statusWith(s, token)).toBe(200);
    }
    expect(await lastSeen()).toBe(signedInAt);
    vi.setSystemTime(start + 61_000);
    expect(await statusWith(s, token)).toBe(200);
    expect(await lastSeen()).toBe(new Date(start + 61_000).toISOString());
  });

  it('refuses a session older than TOKEN_TTL however recently it was used', async () => {
    const s = await makeServer({ sessionIdleMinutes: 30 });
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const token = tokenOf(await signIn(s));
    // Used every 20 minutes, so never idle; the test server's TOKEN_TTL is 3600 s.
    for (let minutes = 20; minutes < 60; minutes += 20) {
      vi.setSystemTime(start + minutes * 60_000);
      expect(await statusWith(s, token)).toBe(200);
    }
    // The session a second older than its token: refused by the session's age while the token itself still holds.
    await s.db.run("UPDATE admin_sessions SET created_at = created_at - interval '1 second' WHERE id = $1", [
      sessionIdOf(token),
    ]);
    vi.setSystemTime(start + 3600_000 - 500);
    expect((await s.call('GET', '/api/admin/dashboard', { token })).body).toEqual({
      success: false,
      message: 'jwt expired',
      jwtExpired: true,
    });
  });
});

describe('sign-ins in the activity log', () => {
  it('logs a sign-in with its address and browser, and a refused one with no admin', async () => {
    const s = await makeServer();
    const token = tokenOf(await signIn(s));
    await signIn(s, { password: 'wrong-password', remote: '198.51.100.9' });
    await s.call('POST', '/api/login', {
      json: { email: 'nobody@example.com', password: 'secret-typed-here', isRole: 'admin' },
      token: null,
      remote: '198.51.100.9',
    });
    const [signedIn] = await entries(s, 'sign-in');
    expect(signedIn).toMatchObject({
      admin: { _id: s.adminId },
      recordType: 'session',
      recordId: sessionIdOf(token),
      recordName: 'Firefox on Linux',
      summary: 'Signed in from 203.0.113.7',
    });
    const refused = await entries(s, 'sign-in-failed');
    expect(refused).toEqual([
      expect.objectContaining({
        admin: null,
        recordId: null,
        recordName: '',
        summary: 'No admin with this e-mail, from 198.51.100.9',
      }),
      expect.objectContaining({
        admin: null,
        recordId: null,
        recordName: ADMIN.email,
        summary: 'Wrong password, from 198.51.100.9',
      }),
    ]);
    expect(JSON.stringify(refused)).not.toContain('secret-typed-here');
    expect(JSON.stringify(refused)).not.toContain('nobody@example.com');
  });

  it('logs only the refused attempts whose password was checked, not those the limiter turned away', async () => {
    const s = await makeServer();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1)
      statuses.push((await signIn(s, { password: `wrong-${attempt}` })).status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(7);
    expect(await entries(s, 'sign-in-failed')).toHaveLength(5);
  });

  it('logs every refused attempt of a burst from many addresses, each once, and counts them', async () => {
    const s = await makeServer();
    const addresses = Array.from({ length: 16 }, (_, index) => `198.51.100.${index + 10}`);
    const statuses = await Promise.all(
      addresses.map(async (remote) => (await signIn(s, { password: 'wrong-password', remote })).status),
    );
    expect(statuses.every((status) => status === 401)).toBe(true);
    const answer = await s.call('GET', '/api/activity/list?action=sign-in-failed&limit=100');
    const refused = answer.body.result as Entry[];
    expect(refused.map((entry) => entry.summary.replace('Wrong password, from ', '')).sort()).toEqual(
      [...addresses].sort(),
    );
    expect((answer.body.pagination as { count: number }).count).toBe(16);
  });

  it('offers the session actions and record type to the filters', async () => {
    const s = await makeServer();
    const { result } = (await s.call('GET', '/api/activity/facets')).body as {
      result: { actions: string[]; recordTypes: string[] };
    };
    expect(result.actions).toEqual(
      expect.arrayContaining(['sign-in', 'sign-in-failed', 'sign-out', 'session-end']),
    );
    expect(result.recordTypes).toContain('session');
  });
});

describe('browser names', () => {
  it.each([
    [FIREFOX, 'Firefox on Linux'],
    [SAFARI_IPHONE, 'Safari on iPhone'],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome on macOS',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', 'curl'],
    ['', 'Unknown browser'],
  ])('%s reads as %s', (userAgent, name) => {
    expect(browserName(userAgent)).toBe(name);
  });
});
