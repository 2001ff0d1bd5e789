import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { ADMIN, makeServer, SECRET, sessionToken } from './harness';

describe('sign-in', () => {
  it('answers SPEC 7.1 login fields for the admin', async () => {
    const { call, adminId } = await makeServer();
    const { status, body } = await call('POST', '/api/login', {
      json: { ...ADMIN, isRole: 'admin' },
      token: null,
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({
      success: true,
      result: { _id: adminId, name: 'Admin', surname: 'User', email: ADMIN.email, photo: '' },
    });
    expect((body.result as { token: string }).token.split('.')).toHaveLength(3);
  });

  it('refuses a wrong password, an unknown e-mail and another role with one message', async () => {
    const { call } = await makeServer();
    for (const body of [
      { ...ADMIN, password: 'nope', isRole: 'admin' },
      { email: 'nobody@example.com', password: 'whatever', isRole: 'admin' },
      { ...ADMIN, isRole: 'user' },
    ]) {
      const answer = await call('POST', '/api/login', { json: body, token: null });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ success: false, message: 'Invalid email or password' });
    }
  });

  it('validates the body', async () => {
    const { call } = await makeServer();
    const answer = await call('POST', '/api/login', { json: { email: '' }, token: null });
    expect(answer.status).toBe(400);
    expect(answer.body.success).toBe(false);
    expect(answer.body.message).toBe('E-mail is required');
  });

  it('throttles repeated failures with 429 and Retry-After', async () => {
    const { call } = await makeServer();
    const wrong = { ...ADMIN, password: 'wrong-password', isRole: 'admin' };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 7; attempt += 1)
      statuses.push((await call('POST', '/api/login', { json: wrong, token: null })).status);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const blocked = await call('POST', '/api/login', { json: { ...ADMIN, isRole: 'admin' }, token: null });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(blocked.body.message).toMatch(/Too many/);
  });

  it('lets no more than 5 of a parallel burst of guesses reach the password check', async () => {
    const { call } = await makeServer();
    const guesses = [...Array.from({ length: 39 }, (_, i) => `wrong-${i}`), ADMIN.password];
    const answers = await Promise.all(
      guesses.map((password) =>
        call('POST', '/api/login', { json: { ...ADMIN, password, isRole: 'admin' }, token: null }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    // Two at a time per address (sign-in-limits.test.ts), so often fewer than 5 of a burst are checked.
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeGreaterThan(0);
    expect(checked).toBeLessThanOrEqual(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - checked);
    expect(statuses.at(-1)).toBe(429);
  });

  it('counts by the connecting address and ignores X-Forwarded-For unless TRUST_PROXY is on', async () => {
    const { call } = await makeServer();
    const wrong = { ...ADMIN, password: 'wrong-password', isRole: 'admin' };
    for (let attempt = 0; attempt < 5; attempt += 1)
      await call('POST', '/api/login', {
        json: wrong,
        token: null,
        remote: '203.0.113.7',
        headers: { 'X-Forwarded-For': `198.51.100.${attempt}` },
      });
    const spoofed = await call('POST', '/api/login', {
      json: { ...ADMIN, isRole: 'admin' },
      token: null,
      remote: '203.0.113.7',
      headers: { 'X-Forwarded-For': '198.51.100.99' },
    });
    expect(spoofed.status).toBe(429);
    const elsewhere = await call('POST', '/api/login', {
      json: { ...ADMIN, isRole: 'admin' },
      token: null,
      remote: '203.0.113.8',
    });
    expect(elsewhere.status).toBe(200);
  });

  it('behind a trusted proxy, counts by the address the proxy appended', async () => {
    const { call } = await makeServer({ trustProxy: true });
    const attempt = (password: string, forwardedFor: string) =>
      call('POST', '/api/login', {
        json: { ...ADMIN, password, isRole: 'admin' },
        token: null,
        remote: '10.0.0.1',
        headers: { 'X-Forwarded-For': forwardedFor },
      });
    for (let i = 0; i < 5; i += 1) await attempt('wrong-password', `1.1.1.${i}, 198.51.100.1`);
    expect((await attempt(ADMIN.password, '9.9.9.9, 198.51.100.1')).status).toBe(429);
    expect((await attempt(ADMIN.password, '198.51.100.1, 198.51.100.2')).status).toBe(200);
  });

  it('refuses a body that is not JSON by saying so', async () => {
    const { call } = await makeServer();
    const answer = await call('POST', '/api/login', {
      token: null,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=admin%40example.com&password=Admin%40123',
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, message: 'The request body must be a JSON object' });
  });
});

describe('admin routes', () => {
  it('need a token', async () => {
    const { call } = await makeServer();
    const answer = await call('GET', '/api/admin/dashboard', { token: null });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ success: false, message: 'Authentication required' });
  });

  it('refuse a badly signed or malformed token', async () => {
    const { call, adminId } = await makeServer();
    const forged = await sign(
      { sub: adminId, role: 'admin', exp: Math.floor(Date.now() / 1000) + 60 },
      'another-secret-another-secret',
      'HS256',
    );
    for (const token of [forged, 'not-a-jwt', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.']) {
      const answer = await call('GET', '/api/admin/dashboard', { token });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ success: false, message: 'Invalid token' });
    }
  });

  it('refuse a token without an expiry', async () => {
    const { call, adminId } = await makeServer();
    const forever = await sign({ sub: adminId, role: 'admin', ver: 0 }, SECRET, 'HS256');
    const answer = await call('GET', '/api/admin/dashboard', { token: forever });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ success: false, message: 'Invalid token' });
  });

  it("answer an expired token with 'jwt expired' and jwtExpired: true", async () => {
    const { call, adminId, db } = await makeServer();
    const expired = await sessionToken(db, adminId, { ttlSeconds: -60 });
    const answer = await call('GET', '/api/faq/listAll', { token: expired });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ success: false, message: 'jwt expired', jwtExpired: true });
  });

  it('accept a token from sign-in', async () => {
    const { call } = await makeServer();
    const login = await call('POST', '/api/login', { json: { ...ADMIN, isRole: 'admin' }, token: null });
    const token = (login.body.result as { token: string }).token;
    const answer = await call('GET', '/api/admin/dashboard', { token });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      message: 'Success',
      result: { userCount: 0, contactCount: 0 },
    });
  });

  it('leave the public calls public and answer unknown routes with JSON 404', async () => {
    const { call } = await makeServer();
    const policy = await call('GET', '/api/childsafetypolicy', { token: null });
    expect(policy.status).toBe(200);
    expect((policy.body.result as { childsafetypolicy: string }).childsafetypolicy).toContain(
      'Child Safety Policy',
    );
    const missing = await call('GET', '/api/no-such-thing');
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ success: false, message: 'No such API route' });
  });

  it('reject a malformed JSON body without leaking internals', async () => {
    const { app, token } = await makeServer();
    const response = await app.request('/api/faq/create', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: '{"question": ',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string };
    expect(body.message).toBe('The request body must be a JSON object');
  });
});

describe('own profile', () => {
  it('reads and updates the admin (multipart), after which the new password signs in', async () => {
    const { call } = await makeServer();
    const read = await call('GET', '/api/user/read');
    expect(read.body.result).toMatchObject({ email: ADMIN.email, photo: '' });

    const form = new FormData();
    form.set('email', 'Boss@Example.com');
    form.set('password', 'n3w-password');
    form.set('currentPassword', ADMIN.password);
    form.set(
      'file',
      new File(
        [
          Buffer.from(
            'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
            'base64',
          ),
        ],
        'me.png',
      ),
    );
    const update = await call('PATCH', '/api/admin/profile/update', { form });
    expect(update.status).toBe(200);
    expect(update.body.result).toMatchObject({
      email: 'boss@example.com',
      photo: expect.stringMatching(/^uploads\/[0-9a-f]{32}\.png$/),
    });

    const login = await call('POST', '/api/login', {
      json: { email: 'boss@example.com', password: 'n3w-password', isRole: 'admin' },
      token: null,
    });
    expect(login.status).toBe(200);
  });

  it('ends every other session on a password change and hands the changing request a fresh token', async () => {
    const { call } = await makeServer();
    const signIn = async (password: string) =>
      (
        (await call('POST', '/api/login', { json: { ...ADMIN, password, isRole: 'admin' }, token: null }))
          .body.result as { token: string }
      ).token;
    const here = await signIn(ADMIN.password);
    const otherTab = await signIn(ADMIN.password);
    const profile = (password: string) => {
      const form = new FormData();
      form.set('email', ADMIN.email);
      form.set('password', password);
      form.set('currentPassword', ADMIN.password);
      return form;
    };

    // Saving the profile with the same password changes no session.
    const same = await call('PATCH', '/api/admin/profile/update', {
      form: profile(ADMIN.password),
      token: here,
    });
    expect(same.status).toBe(200);
    expect((await call('GET', '/api/user/read', { token: otherTab })).status).toBe(200);

    const changed = await call('PATCH', '/api/admin/profile/update', {
      form: profile('n3w-password'),
      token: here,
    });
    expect(changed.status).toBe(200);
    const fresh = (changed.body.result as { token: string }).token;
    expect(fresh.split('.')).toHaveLength(3);
    for (const old of [otherTab, here]) {
      const answer = await call('GET', '/api/user/read', { token: old });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ success: false, message: 'Invalid token' });
    }
    expect((await call('GET', '/api/admin/dashboard', { token: fresh })).status).toBe(200);
    expect((await call('GET', '/api/admin/dashboard', { token: await signIn('n3w-password') })).status).toBe(
      200,
    );
  });

  it('validates the password length', async () => {
    const { call } = await makeServer();
    const form = new FormData();
    form.set('email', ADMIN.email);
    form.set('password', '123');
    const answer = await call('PATCH', '/api/admin/profile/update', { form });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/at least 6/);
  });
});
