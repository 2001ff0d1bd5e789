import { existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { StoredRateLimiter } from '../lib/rate-limit';
import { ADMIN, eventFields, form, makeServer, offerFields, pngFile, tomorrow } from './harness';

const stored = (dataDir: string) => readdirSync(join(dataDir, 'uploads')).sort();
/** A stream without Content-Length, so only counting what arrives can stop it. */
const endless = (chunks: number, chunk = 64 * 1024) => {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ >= chunks) controller.close();
      else controller.enqueue(new Uint8Array(chunk).fill(0x61));
    },
  });
};

describe('request bodies and sign-in', () => {
  it('refuses a sign-in body over 8 KB with 413, whether or not it declares its length', async () => {
    const { app, call } = await makeServer();
    const huge = await call('POST', '/api/login', {
      token: null,
      json: { email: `${'a'.repeat(1024 * 1024)}@x.io`, password: 'x', isRole: 'admin' },
    });
    expect(huge.status).toBe(413);
    expect(huge.body).toEqual({ success: false, message: 'The request body is too large' });

    const streamed = await app.request('/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: endless(200),
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
  });

  it('checks the sign-in fields’ lengths before anything else, without counting the attempt', async () => {
    const { call } = await makeServer();
    const long = { email: `${'a'.repeat(300)}@example.com`, password: 'x', isRole: 'admin' };
    for (let attempt = 0; attempt < 7; attempt += 1) {
      const answer = await call('POST', '/api/login', { token: null, json: long });
      expect(answer.status).toBe(400);
      expect(answer.body.message).toBe('E-mail must be at most 254 characters');
    }
    // Refused before the limiter: six of these for the admin's address do not lock it.
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const password = await call('POST', '/api/login', {
        token: null,
        json: { ...ADMIN, password: 'p'.repeat(1025), isRole: 'admin' },
      });
      expect(password.status).toBe(400);
      expect(password.body.message).toBe('Password must be at most 1024 characters');
    }
    expect(
      (await call('POST', '/api/login', { token: null, json: { ...ADMIN, isRole: 'admin' } })).status,
    ).toBe(200);
  });

  it('refuses a JSON write over 1 MB, and any body on a call that takes none', async () => {
    const { call } = await makeServer();
    const faq = await call('POST', '/api/faq/create', {
      json: { question: 'Q', answer: 'a'.repeat(1100 * 1024), enabled: true },
    });
    expect(faq.status).toBe(413);
    const remove = await call('DELETE', '/api/faq/delete/aaaaaaaaaaaaaaaaaaaaaaaa', {
      body: 'x'.repeat(64 * 1024),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(remove.status).toBe(413);
  });

  it('keeps the sign-in limits to the windows still open however many e-mails are tried, and a flood lifts no lockout', async () => {
    const { db } = await makeServer();
    const limiter = new StoredRateLimiter(db, 'flood-test', 5, 60_000);
    for (let i = 0; i < 2_000; i += 1)
      await limiter.hit(`${'x'.repeat(i % 50)}user${i}@example.com|1.2.3.4`, 1000);
    // A minute on, their windows are over: the next hits remove them, a batch at a time.
    for (let i = 0; i < 5; i += 1) expect(await limiter.hit('victim|1.2.3.4', 70_000)).toBe(0);
    for (let i = 0; i < 500; i += 1) await limiter.hit(`flood${i}`, 70_000);
    expect(await limiter.hit('victim|1.2.3.4', 70_000)).toBeGreaterThan(0);
    const { n } = await db.one<{ n: number }>('SELECT count(*) AS n FROM rate_limits');
    expect(n).toBe(501);
  });
});

describe('never a 5xx for bad input', () => {
  it('refuses a built-in property name as a search field, and a NUL in the search', async () => {
    const { call } = await makeServer({ seedUsers: 3 });
    for (const field of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'name,constructor']) {
      const answer = await call('GET', `/api/admin/list?q=oli&fields=${encodeURIComponent(field)}`);
      expect(answer.status, field).toBe(field.startsWith('name') ? 200 : 400);
    }
    for (const q of ['oli\u0000', '\u0000', 'a\u0000b"c']) {
      const users = await call('GET', `/api/admin/list?q=${encodeURIComponent(q)}`);
      expect(users.status, q).toBe(400);
      expect(users.body.message).toBe('The search must not contain NUL characters');
      expect((await call('GET', `/api/post/list?q=${encodeURIComponent(q)}`)).status, q).toBe(400);
    }
  });

  it('stores null for an optional text field as empty, on create and update', async () => {
    const { call, db } = await makeServer();
    const university = await call('POST', '/api/university/create', {
      json: { name: 'Uni', description: 'D', email: null, enabled: true },
    });
    expect(university.status).toBe(200);
    expect((university.body.result as { email: string }).email).toBe('');
    const id = (university.body.result as { _id: string })._id;
    const updated = await call('PATCH', `/api/university/update/${id}`, {
      json: { name: 'Uni', description: 'D', email: null, enabled: true },
    });
    expect(updated.status).toBe(200);

    const planBody = {
      name: 'Gold',
      benefit: 'More',
      planType: 'gold',
      price: '19.99',
      productId: 'gold_monthly',
      isRecommended: true,
      enabled: true,
      description: null,
    };
    const plan = await call('POST', '/api/plan/create', { json: planBody });
    expect(plan.status).toBe(200);
    const planId = (plan.body.result as { _id: string })._id;
    expect((await call('PATCH', `/api/plan/update/${planId}`, { json: planBody })).status).toBe(200);
    expect(await db.one('SELECT description FROM plans')).toEqual({ description: '' });
  });
});

describe('numbers, lengths and messages', () => {
  it('parses numbers strictly: decimal digits within range, nothing else', async () => {
    const { call, db } = await makeServer();
    const created = await call('POST', '/api/offer/create', { form: form(offerFields()) });
    expect(created.status).toBe(200);
    const id = (created.body.result as { _id: string })._id;
    const update = (off: unknown) =>
      call('PATCH', `/api/offer/update/${id}`, {
        json: { title: 'Deal', off, expireDate: tomorrow(), description: 'd', enabled: true },
      });
    for (const off of ['0x10', ' ', '', [], true, '1e3', '0o10', '0b1', '10abc', 'Infinity', '-0x1', {}]) {
      const answer = await update(off);
      expect(answer.status, JSON.stringify(off)).toBe(400);
      expect(answer.body.message, JSON.stringify(off)).toBe(
        off === '' ? 'Off is required' : 'Off must be a number',
      );
    }
    expect((await update(null)).body.message).toBe('Off is required');
    expect((await update(-1)).body.message).toBe('Off must be at least 0');
    expect((await update('12.5')).status).toBe(200);
    expect((await update(40)).status).toBe(200);
    expect(await db.one('SELECT off FROM offers')).toEqual({ off: 40 });

    const event = await call('POST', '/api/event/create', {
      form: form({ ...eventFields(), numberOfParticipants: '0x10' }),
    });
    expect(event.status).toBe(400);
    expect(event.body.message).toBe('Number of participants must be a number');
    const fraction = await call('POST', '/api/event/create', {
      form: form({ ...eventFields(), numberOfParticipants: '2.5' }),
    });
    expect(fraction.body.message).toBe('Number of participants must be a whole number');
    expect(await db.one('SELECT count(*) AS n FROM events')).toEqual({ n: 0 });
  });

  it('bounds every text field and wants real times of day', async () => {
    const { call, db } = await makeServer();
    const profile = await call('PATCH', '/api/admin/profile/update', {
      form: form({ email: `${'a'.repeat(1024 * 1024)}@example.com`, password: ADMIN.password }),
    });
    expect(profile.status).toBe(400);
    expect(profile.body.message).toBe('E-mail must be at most 254 characters');

    const setting = await call('POST', '/api/setting/create', {
      json: { privacy: 'p'.repeat(100_001), termsCondition: 'T' },
    });
    expect(setting.body.message).toBe('Privacy policy must be at most 100000 characters');

    for (const [field, value] of [
      ['startTime', 'whenever'],
      ['startTime', '25:00'],
      ['endTime', '9:5'],
      ['endTime', 't'.repeat(1024 * 1024)],
    ] as const) {
      const answer = await call('POST', '/api/event/create', {
        form: form({ ...eventFields(), [field]: value }),
      });
      expect(answer.status, value.slice(0, 10)).toBe(400);
      expect(answer.body.message).toBe(
        `${field === 'startTime' ? 'Start time' : 'End time'} must be a time of day (HH:mm)`,
      );
    }
    expect(await db.one('SELECT count(*) AS n FROM events')).toEqual({ n: 0 });
    expect((await call('POST', '/api/event/create', { form: form(eventFields()) })).status).toBe(200);
  });

  it('says what is wrong in words an admin can read', async () => {
    const { call } = await makeServer({ seedUsers: 1 });
    const [user] = (await call('GET', '/api/admin/list')).body.result as { _id: string }[];
    const mail = (body: Record<string, unknown>) => call('POST', '/api/mail-send/create', { json: body });
    expect((await mail({ body: 'B', users: [user!._id] })).body.message).toBe('Title is required');
    expect((await mail({ title: 't'.repeat(301), body: 'B', users: [user!._id] })).body.message).toBe(
      'Title must be at most 300 characters',
    );
    expect((await mail({ title: 42, body: 'B', users: [user!._id] })).body.message).toBe(
      'Title must be text',
    );
    expect((await mail({ title: 'T', body: 'B', users: [] })).body.message).toBe(
      'Choose at least one recipient',
    );
    const blog = await call('POST', '/api/blog-category/create', { json: { name: 'x', enabled: true } });
    expect(blog.body.message).toBe('Description is required');
    const status = await call('POST', '/api/blog-category/create', {
      json: { name: 'x', description: 'd', enabled: 'maybe' },
    });
    expect(status.body.message).toBe('Enabled must be true or false');
  });

  it('lets each file field take only its own kind', async () => {
    const { call, dataDir } = await makeServer();
    const png = new Uint8Array(40 * 1024);
    png.set(new Uint8Array(await pngFile().arrayBuffer()));
    const answer = await call('POST', '/api/post/create', {
      form: form({ name: 'Clip', video: new File([png], 'clip.mp4', { type: 'video/mp4' }) }),
    });
    expect(answer.status).toBe(415);
    expect(answer.body.message).toBe('Video must be an MP4, WebM, Ogg or MOV video');
    const clip = readFileSync(new URL('../fixtures/demo-clip.webm', import.meta.url));
    const image = await call('POST', '/api/post/create', {
      form: form({ name: 'Clip', image1: new File([clip], 'a.png', { type: 'image/png' }) }),
    });
    expect(image.status).toBe(415);
    expect(image.body.message).toBe('Image 1 must be a PNG, JPEG, WebP or GIF image');
    expect(stored(dataDir)).toEqual([]);
  });

  it('sends one mail per recipient however often the list names them', async () => {
    const { call, db, outbox } = await makeServer({ seedUsers: 2 });
    const ids = (await db.many<{ id: string }>("SELECT id FROM users WHERE role = 'user'")).map(
      (row) => row.id,
    );
    const sent = await call('POST', '/api/mail-send/create', {
      json: { title: 'Hi', body: 'B', users: [ids[0], ids[0], ids[1], ids[0]] },
    });
    expect(sent.status).toBe(200);
    expect((sent.body.result as { users: unknown[] }).users).toHaveLength(2);
    await vi.waitFor(() => expect(outbox()).toHaveLength(2));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(outbox()).toHaveLength(2);
  });
});

describe('the account-deletion link', () => {
  it('shows nothing but an "expired" page for a link past its 24 hours, and POST deletes nothing then', async () => {
    const { call, db } = await makeServer({ seedUsers: 1 });
    const { createHash } = await import('node:crypto');
    const user = await db.one<{ email: string }>("SELECT email FROM users WHERE role = 'user'");
    const token = 'a'.repeat(43);
    await db.run(
      'INSERT INTO deletion_requests (token_hash, email, created_at, expires_at) VALUES ($1, $2, $3, $4)',
      [
        createHash('sha256').update(token).digest('hex'),
        user.email,
        new Date(Date.now() - 25 * 3600_000).toISOString(),
        new Date(Date.now() - 3600_000).toISOString(),
      ],
    );
    const page = await call('GET', `/api/user/delete-account/confirm?token=${token}`, { token: null });
    expect(page.status).toBe(400);
    expect(page.text).toContain('invalid or has expired');
    const post = await call('POST', '/api/user/delete-account/confirm', {
      token: null,
      body: `token=${token}`,
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(post.status).toBe(400);
    expect(await db.maybeOne('SELECT 1 FROM users WHERE email = $1', [user.email])).toBeTruthy();
  });
});

describe('uploaded files', () => {
  it('leaves no file behind when a create or update is refused', async () => {
    const { call, dataDir } = await makeServer();
    const refused = [
      call('POST', '/api/offer/create', {
        form: form({ ...offerFields(), document: new File(['not an image'], 'doc.png') }),
      }),
      call('POST', '/api/event/create', {
        form: form({ ...eventFields(), category: 'aaaaaaaaaaaaaaaaaaaaaaaa' }),
      }),
      call('POST', '/api/post/create', {
        form: form({ name: 'P', image1: pngFile(), image2: pngFile(), image3: new File(['x'], 'x.png') }),
      }),
      call('POST', '/api/offer/create', { form: form({ ...offerFields(), off: 'lots' }) }),
    ];
    for (const answer of await Promise.all(refused)) expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(stored(dataDir)).toEqual([]);

    const hobby = await call('POST', '/api/hobbies/create-with-icon', {
      form: form({ name: 'Chess', enabled: 'true', icon: pngFile() }),
    });
    const id = (hobby.body.result as { _id: string })._id;
    const before = stored(dataDir);
    const bad = await call('PATCH', `/api/hobbies/update-with-icon/${id}`, {
      form: form({ name: '', enabled: 'true', icon: pngFile() }),
    });
    expect(bad.status).toBe(400);
    expect(stored(dataDir)).toEqual(before);
  });

  it('removes a replaced file and the files of a deleted record, once nothing refers to them', async () => {
    const { app, call, dataDir, db } = await makeServer();
    const created = await call('POST', '/api/post/create', {
      form: form({ name: 'P', image1: pngFile(), image2: pngFile() }),
    });
    const post = created.body.result as { _id: string; image1: string; image2: string };
    expect(post.image1).toMatch(/^uploads\/[0-9a-f]{32}\.png$/);
    expect(stored(dataDir)).toHaveLength(2);

    const updated = await call('PATCH', `/api/post/update/${post._id}`, {
      form: form({ name: 'P', image1: pngFile() }),
    });
    const image1 = (updated.body.result as { image1: string }).image1;
    expect(image1).not.toBe(post.image1);
    expect(existsSync(join(dataDir, post.image1))).toBe(false);
    expect((await app.request(`/${post.image1}`)).status).toBe(404);
    expect(stored(dataDir)).toHaveLength(2);

    // A file another row still names stays.
    const hobby = await call('POST', '/api/hobbies/create-with-icon', {
      form: form({ name: 'Chess', enabled: 'true', icon: pngFile() }),
    });
    const icon = (hobby.body.result as { icon: string }).icon;
    await db.run('UPDATE posts SET image2 = $1', [icon]);
    expect((await call('DELETE', `/api/post/delete/${post._id}`)).status).toBe(200);
    expect(existsSync(join(dataDir, image1))).toBe(false);
    expect(existsSync(join(dataDir, icon))).toBe(true);
    await call('DELETE', `/api/hobbies/delete/${(hobby.body.result as { _id: string })._id}`);
    expect(existsSync(join(dataDir, icon))).toBe(false);
  });

  it('sweeps files no row refers to when the server starts, and keeps the rest', async () => {
    const first = await makeServer({ seedUsers: 4 });
    const kept = stored(first.dataDir);
    expect(kept.length).toBeGreaterThan(0);
    for (const name of kept) expect(name).toMatch(/^[0-9a-f]{32}\.\w+$/);
    // An orphan old enough that no write under way can still be about to name it (a younger one is spared).
    const orphan = join(first.dataDir, 'uploads', '0123456789abcdef0123456789abcdef.png');
    writeFileSync(orphan, 'orphan');
    const longAgo = new Date(Date.now() - 2 * 3600_000);
    utimesSync(orphan, longAgo, longAgo);
    await makeServer({ dataDir: first.dataDir, databaseUrl: first.databaseUrl });
    expect(stored(first.dataDir)).toEqual(kept);
  });
});
