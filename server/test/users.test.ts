import { describe, expect, it, vi } from 'vitest';
import { newId } from '../lib/ids';
import { makeServer, restrictionBody } from './harness';

type Listed = {
  _id: string;
  name: string;
  surname: string;
  email: string;
  phoneNumber: string;
  enabled: boolean;
  plan: { productId: string } | null;
};

describe('users list (GET /api/admin/list)', () => {
  it('pages newest first with the total in pagination.count', async () => {
    const { call } = await makeServer({ seedUsers: 30 });
    const first = await call('GET', '/api/admin/list?page=1&items=10');
    expect(first.status).toBe(200);
    expect(first.body.pagination).toEqual({ count: 30, page: 1, items: 10 });
    const rows = first.body.result as Listed[];
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      countryCode: '+44',
      isVerified: expect.any(Boolean),
    });
    const last = await call('GET', '/api/admin/list?page=3&items=10');
    expect((last.body.result as Listed[]).map((row) => row._id)).not.toContain(rows[0]!._id);
    const beyond = await call('GET', '/api/admin/list?page=9&items=10');
    expect(beyond.body.result).toEqual([]);
  });

  it('searches the requested fields, from 3 characters with the index and below that by scanning', async () => {
    const { call } = await makeServer({ seedUsers: 30 });
    const byName = await call('GET', '/api/admin/list?page=1&items=50&q=oliv&fields=name,email,phoneNumber');
    const names = (byName.body.result as Listed[]).map((row) => row.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((name) => name === 'Olivia')).toBe(true);
    expect(byName.body.pagination).toMatchObject({ count: names.length });

    const phone = (byName.body.result as Listed[])[0]!.phoneNumber;
    const byPhone = await call('GET', `/api/admin/list?q=${phone.slice(2, 8)}&fields=phoneNumber`);
    expect((byPhone.body.result as Listed[]).map((row) => row.phoneNumber)).toContain(phone);

    const short = await call('GET', '/api/admin/list?q=Ol&fields=name');
    expect((short.body.result as Listed[]).length).toBeGreaterThan(0);
    expect((short.body.result as Listed[]).every((row) => row.name.toLowerCase().includes('ol'))).toBe(true);

    const surnameOnly = await call('GET', '/api/admin/list?q=smith&fields=surname');
    expect((surnameOnly.body.result as Listed[]).length).toBeGreaterThan(0);
    expect((surnameOnly.body.result as Listed[]).every((row) => row.surname === 'Smith')).toBe(true);
    const wildcard = await call('GET', '/api/admin/list?q=%25%25%25&fields=name');
    expect(wildcard.body.result).toEqual([]);
  });

  it('finds a member by full name: every word of the search, in any order, each in some searched field', async () => {
    const { call, db } = await makeServer();
    const insert = (...values: string[]) =>
      db.run(
        `INSERT INTO users (id, role, name, surname, email, phone_number, country_code, gender, enabled, created_at,
           updated_at)
         VALUES ($1, 'user', $2, $3, $4, $5, '+44', 'Female', true, $6, $6)`,
        values,
      );
    const people = [
      ['Mateo', 'Haddad', 'mh@example.net', '7000000001'],
      ['Mateo', 'Silva', 'mateo.silva@example.com', '7000000002'],
      ['Noor', 'Haddad', 'noor@example.com', '7000000003'],
      ['Li', 'Wu', 'lw@example.com', '7000000004'],
      ['Ana', 'de la Cruz', 'ana@example.com', '7000000005'],
    ];
    for (const [index, [name, surname, email, phone]] of people.entries()) {
      const at = new Date(Date.UTC(2025, 0, 1, 0, index)).toISOString();
      await insert(newId(), name!, surname!, email!, phone!, at);
    }
    const found = async (q: string, fields: string, more = '') => {
      const answer = await call(
        'GET',
        `/api/admin/list?items=50&q=${encodeURIComponent(q)}&fields=${fields}${more}`,
      );
      expect(answer.status, q).toBe(200);
      const rows = answer.body.result as Listed[];
      expect((answer.body.pagination as { count: number }).count, q).toBe(rows.length);
      return rows.map((row) => `${row.name} ${row.surname}`).sort();
    };
    const LIST = 'name,email,phoneNumber';
    const PICKER = 'name,surname';

    // What the list shows, in the users list (and Ctrl+K, which sends its call) and the mail picker.
    expect(await found('Mateo Haddad', LIST)).toEqual(['Mateo Haddad']);
    expect(await found('Mateo Haddad', PICKER)).toEqual(['Mateo Haddad']);
    expect(await found('  haddad   MATEO ', LIST)).toEqual(['Mateo Haddad']);
    expect(await found('Mateo Haddad', LIST, '&sort=name&order=desc')).toEqual(['Mateo Haddad']);
    // `name` is the full name: a surname alone is found through it.
    expect(await found('Haddad', 'name')).toEqual(['Mateo Haddad', 'Noor Haddad']);
    // Every word must be found...
    expect(await found('Mateo Nobody', LIST)).toEqual([]);
    expect(await found('Mateo Haddad Silva', LIST)).toEqual([]);
    // ...each in a field the search names, in any combination of them.
    expect(await found('Mateo Haddad', 'email')).toEqual([]);
    expect(await found('mateo example.net', 'name,email')).toEqual(['Mateo Haddad']);
    expect(await found('mateo example.net', 'name')).toEqual([]);
    expect(await found('silva 7000000002', LIST)).toEqual(['Mateo Silva']);
    expect(await found('silva 7000000002', PICKER)).toEqual([]);
    // Words shorter than the index's 3 characters, with a long one or alone, and a surname of several words.
    expect(await found('Mateo Ha', LIST)).toEqual(['Mateo Haddad']);
    expect(await found('Li Wu', PICKER)).toEqual(['Li Wu']);
    expect(await found('Ana de la Cruz', LIST)).toEqual(['Ana de la Cruz']);

    // The export reads the same selection.
    const exported = await call(
      'GET',
      `/api/admin/list/export?q=${encodeURIComponent('Mateo Haddad')}&fields=${LIST}`,
    );
    expect(exported.headers.get('x-total-count')).toBe('1');
    expect(exported.text.split('\r\n').slice(1, 3)).toEqual([
      "Mateo Haddad,mh@example.net,'+44 7000000001,Female,Active",
      '',
    ]);
  });

  it('filters by status and plan', async () => {
    const { call } = await makeServer({ seedUsers: 30 });
    const inactive = await call('GET', '/api/admin/list?items=100&filter=user.enabled&equal=false');
    expect((inactive.body.result as Listed[]).length).toBeGreaterThan(0);
    expect((inactive.body.result as Listed[]).every((row) => !row.enabled)).toBe(true);
    const gold = await call('GET', '/api/admin/list?items=100&planFilter=gold');
    expect((gold.body.result as Listed[]).length).toBeGreaterThan(0);
    expect((gold.body.result as Listed[]).every((row) => row.plan?.productId === 'gold')).toBe(true);
    const all = await call('GET', '/api/admin/list?items=100');
    expect((gold.body.pagination as { count: number }).count).toBeLessThan(
      (all.body.pagination as { count: number }).count,
    );
  });

  it('refuses filters it does not know', async () => {
    const { call } = await makeServer();
    for (const query of ['planFilter=diamond', 'filter=user.enabled&equal=maybe', 'q=abc&fields=password']) {
      const answer = await call('GET', `/api/admin/list?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(typeof answer.body.message).toBe('string');
    }
  });
});

describe('user status and profile', () => {
  it('deactivates and activates a user', async () => {
    const { call, db } = await makeServer({ seedUsers: 5 });
    const user = (
      (await call('GET', '/api/admin/list?filter=user.enabled&equal=true')).body.result as Listed[]
    )[0]!;
    // A deactivation is a restriction ('restrictions').
    const off = await call('PATCH', `/api/admin/status/${user._id}?enabled=false`, {
      json: await restrictionBody(db),
    });
    expect(off.body).toEqual({
      success: true,
      message: 'User deactivated successfully',
      result: { reference: expect.stringMatching(/^R-/), closed: expect.any(Number) },
    });
    expect(((await call('GET', `/api/user/read/${user._id}`)).body.result as Listed).enabled).toBe(false);
    const on = await call('PATCH', `/api/admin/status/${user._id}?enabled=true`);
    expect(on.body).toEqual({ success: true, message: 'User activated successfully' });
    expect((await call('PATCH', `/api/admin/status/${user._id}?enabled=yes`)).status).toBe(400);
    expect((await call('PATCH', '/api/admin/status/ffffffffffffffffffffffff?enabled=true')).status).toBe(404);
  });

  it('changes a status once however many ask at the same moment: one entry says it changed, the rest that it had', async () => {
    const { call, db } = await makeServer({ seedUsers: 5 });
    const user = (
      (await call('GET', '/api/admin/list?filter=user.enabled&equal=true')).body.result as Listed[]
    )[0]!;
    // Deactivated by a restriction ('restrictions'), then activated by 20 at once.
    await call('PATCH', `/api/admin/status/${user._id}?enabled=false`, { json: await restrictionBody(db) });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('PATCH', `/api/admin/status/${user._id}?enabled=true`)),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array<number>(20).fill(200));
    const summaries = (
      await db.many<{ summary: string }>('SELECT summary FROM activity WHERE record_id = $1', [user._id])
    ).map((entry) => entry.summary);
    expect(summaries.filter((summary) => summary === 'Status: Inactive → Active')).toHaveLength(1);
    expect(summaries.filter((summary) => summary === 'Already Active')).toHaveLength(19);
  });

  it('reads a full user with status, result and plan', async () => {
    const { call, db } = await makeServer({ seedUsers: 12 });
    const withPlan = await db.one<{ user_id: string }>('SELECT user_id FROM user_plans LIMIT 1');
    const answer = await call('GET', `/api/user/read/${withPlan.user_id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      success: true,
      status: 200,
      plan: { productId: expect.any(String), status: expect.any(String) },
    });
    const result = answer.body.result as Record<string, unknown>;
    for (const field of [
      'name',
      'email',
      'phoneNumber',
      'countryCode',
      'gender',
      'enabled',
      'isVerified',
      'image1',
      'audioPrompt',
      'audioPromptType',
      'hobbies',
      'interestIn',
      'workout',
      'lookingFor',
      'height',
      'distance',
      'smoking',
      'drinking',
      'startAge',
      'endAge',
      'dob',
      'address',
      'introduction',
      'answerPrompts',
    ]) {
      expect(result).toHaveProperty(field);
    }
    expect(result).not.toHaveProperty('password_hash');
    expect(result).not.toHaveProperty('passwordHash');
    expect((await call('GET', '/api/user/read/ffffffffffffffffffffffff')).body).toEqual({
      success: false,
      message: 'User not found',
    });
  });

  it('counts users and contacts on the dashboard', async () => {
    const { call } = await makeServer({ seedUsers: 7 });
    const answer = await call('GET', '/api/admin/dashboard');
    expect(answer.body.result).toEqual({ userCount: 7, contactCount: 42 });
  });
});

describe('public account deletion', () => {
  it('answers the same for any address, mails a link, and deletes only when the link is followed', async () => {
    const { call, db, outbox } = await makeServer({ seedUsers: 3 });
    const user = await db.one<{ id: string; email: string }>(
      "SELECT id, email FROM users WHERE role = 'user' LIMIT 1",
    );

    const known = await call('DELETE', `/api/user/delete-account/${encodeURIComponent(user.email)}`, {
      token: null,
    });
    const unknown = await call('DELETE', '/api/user/delete-account/nobody%40example.com', { token: null });
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(await db.maybeOne('SELECT 1 FROM users WHERE id = $1', [user.id])).toBeTruthy();

    // The message once the transport has finished writing it (outbox() refuses to read it before).
    const [mail] = await vi.waitFor(() => {
      const mails = outbox();
      expect(mails).toHaveLength(1);
      return mails;
    });
    // The .eml is quoted-printable: undo its soft line breaks and escaped '='.
    const decoded = mail!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(decoded).toContain(`To: ${user.email}`);
    const link =
      /http:\/\/console\.test(\/api\/user\/delete-account\/confirm\?token=[\w-]{43})(?![\w-])/.exec(
        decoded,
      )?.[1];
    expect(link).toMatch(/^\/api\/user\/delete-account\/confirm\?token=/);

    // Opening the link (or a scanner's GET / HEAD) shows a page; nothing is deleted yet.
    for (const method of ['HEAD', 'GET', 'GET']) {
      const opened = await call(method, link!, { token: null });
      expect(opened.status, method).toBe(200);
      expect(opened.headers.get('content-type'), method).toMatch(/^text\/html/);
    }
    const page = await call('GET', link!, { token: null });
    expect(page.text).toContain('permanently deletes the account');
    expect(page.text).toMatch(/<form method="post" action="\/api\/user\/delete-account\/confirm">/);
    expect(page.text).not.toMatch(/<script/i);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('<meta name="referrer" content="no-referrer">');
    expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
    expect(await db.maybeOne('SELECT 1 FROM users WHERE id = $1', [user.id])).toBeTruthy();

    // Only the page's button (a form POST carrying the token) deletes, and only once.
    const token = /name="token" value="([\w-]+)"/.exec(page.text)?.[1];
    expect(token).toBe(new URL(link!, 'http://x').searchParams.get('token'));
    const confirm = () =>
      call('POST', '/api/user/delete-account/confirm', {
        token: null,
        body: new URLSearchParams({ token: token! }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
    const confirmed = await confirm();
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('have been deleted');
    expect(await db.maybeOne('SELECT 1 FROM users WHERE id = $1', [user.id])).toBeUndefined();
    expect((await confirm()).status).toBe(400);
    expect((await call('GET', link!, { token: null })).status).toBe(400);
    expect((await call('GET', '/api/user/delete-account/confirm?token=forged', { token: null })).status).toBe(
      400,
    );
  });

  it('deletes once when the link is confirmed twice at the same moment', async () => {
    const { call, db, outbox } = await makeServer({ seedUsers: 3 });
    const user = await db.one<{ id: string; email: string }>(
      "SELECT id, email FROM users WHERE role = 'user' LIMIT 1",
    );
    await call('DELETE', `/api/user/delete-account/${encodeURIComponent(user.email)}`, { token: null });
    const [mail] = await vi.waitFor(() => {
      const mails = outbox();
      expect(mails).toHaveLength(1);
      return mails;
    });
    const token = /token=([\w-]+)/.exec(mail!.replace(/=\r?\n/g, '').replace(/=3D/g, '='))?.[1];
    expect(token).toBeTruthy();
    const confirm = () =>
      call('POST', '/api/user/delete-account/confirm', {
        token: null,
        body: new URLSearchParams({ token: token! }).toString(),
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
    const answers = await Promise.all([confirm(), confirm()]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(await db.maybeOne('SELECT 1 FROM users WHERE id = $1', [user.id])).toBeUndefined();
  });

  it('validates the address and limits the rate', async () => {
    const { call } = await makeServer();
    expect((await call('DELETE', '/api/user/delete-account/not-an-email', { token: null })).status).toBe(400);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1)
      statuses.push(
        (await call('DELETE', `/api/user/delete-account/user${i}%40example.com`, { token: null })).status,
      );
    expect(statuses).toContain(429);
  });

  it('answers the same even when the mail transport fails, and logs the failure', async () => {
    const failing = { send: vi.fn(() => Promise.reject(new Error('SMTP down'))) };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { call, db } = await makeServer({ seedUsers: 1, mailer: failing });
      const { email } = await db.one<{ email: string }>("SELECT email FROM users WHERE role = 'user'");
      const known = await call('DELETE', `/api/user/delete-account/${encodeURIComponent(email)}`, {
        token: null,
      });
      const unknown = await call('DELETE', '/api/user/delete-account/nobody%40example.com', { token: null });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(200);
      expect(known.body).toEqual(unknown.body);
      await vi.waitFor(() => expect(logged).toHaveBeenCalledTimes(1));
      expect(failing.send).toHaveBeenCalledTimes(1);
      expect(String(logged.mock.calls[0]![0])).toContain(email);
    } finally {
      logged.mockRestore();
    }
  });

  it('refuses a malformed escape in the address with 400', async () => {
    const { call } = await makeServer();
    const answer = await call('DELETE', '/api/user/delete-account/%E0%A4%A', { token: null });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, message: 'Please give a valid e-mail address' });
  });

  it('limits the rate by the connecting address, whatever X-Forwarded-For claims', async () => {
    const { call } = await makeServer();
    const request = (i: number, remote: string) =>
      call('DELETE', `/api/user/delete-account/user${i}%40example.com`, {
        token: null,
        remote,
        headers: { 'X-Forwarded-For': `198.51.100.${i}` },
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await request(i, '203.0.113.7')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await request(6, '203.0.113.8')).status).toBe(200);
  });
});
