import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { RESOURCES } from '../routes/resources';
import { makeServer, pngFile, PNG_BYTES } from './harness';

/** A valid JSON body for each JSON-only resource, and the field a create must not lack. */
const SAMPLES: Record<string, { body: Record<string, unknown>; required: string; label: string }> = {
  universities: {
    body: { name: 'Uni', description: 'A university', email: 'a@uni.example', enabled: true },
    required: 'description',
    label: 'Description',
  },
  faqs: {
    body: { question: 'Q?', answer: '<p>A</p>', enabled: true },
    required: 'question',
    label: 'Question',
  },
  report_elements: { body: { message: 'Spam', enabled: false }, required: 'message', label: 'Message' },
  languages: { body: { name: 'Welsh', enabled: true }, required: 'name', label: 'Name' },
  food_preferences: { body: { name: 'Vegan', enabled: true }, required: 'name', label: 'Name' },
  religious_beliefs: { body: { name: 'Quaker', enabled: 'false' }, required: 'name', label: 'Name' },
  blog_categories: {
    body: { name: 'Tips', description: '<p>Tips</p>', enabled: true },
    required: 'description',
    label: 'Description',
  },
  plans: {
    body: {
      name: 'Gold',
      benefit: '<p>More</p>',
      planType: 'gold',
      price: '19.99',
      productId: 'gold_monthly',
      isRecommended: true,
      enabled: true,
    },
    required: 'price',
    label: 'Price',
  },
};

describe('JSON resources (SPEC 7.3-7.13)', () => {
  for (const def of RESOURCES.filter((resource) => SAMPLES[resource.table])) {
    const sample = SAMPLES[def.table]!;
    const path = (route: string | undefined) => `/api/${route}`;

    it(`${def.label}: create, read, update, list and delete`, async () => {
      const { call } = await makeServer();
      const created = await call('POST', path(def.routes.create![0]), { json: sample.body });
      expect(created.status).toBe(200);
      expect(created.body.success).toBe(true);
      const record = created.body.result as Record<string, unknown> & { _id: string };
      expect(record._id).toMatch(/^[0-9a-f]{24}$/);
      for (const [field, value] of Object.entries(sample.body)) {
        expect(record[field]).toEqual(value === 'false' ? false : value);
      }

      const read = await call('GET', `${path(def.routes.read![0])}/${record._id}`);
      expect(read.body.result).toEqual(record);

      const changed = { ...sample.body, enabled: false };
      const updated = await call('PATCH', `${path(def.routes.update![0])}/${record._id}`, { json: changed });
      expect(updated.status).toBe(200);
      expect((updated.body.result as { enabled: boolean }).enabled).toBe(false);

      const listPath = def.routes.listAll
        ? path(def.routes.listAll)
        : `${path(def.routes.list)}?page=1&limit=10`;
      const list = await call('GET', listPath);
      expect(list.body.result).toEqual([expect.objectContaining({ _id: record._id, enabled: false })]);
      expect(list.body.pagination).toMatchObject({ count: 1 });

      if (def.routes.delete) {
        const removed = await call('DELETE', `${path(def.routes.delete)}/${record._id}`);
        expect(removed.body).toEqual({ success: true, message: `${def.label} deleted successfully` });
        expect((await call('GET', `${path(def.routes.read![0])}/${record._id}`)).status).toBe(404);
        expect((await call('DELETE', `${path(def.routes.delete)}/${record._id}`)).body).toEqual({
          success: false,
          message: `${def.label} not found`,
        });
      }
    });

    it(`${def.label}: refuses a body without ${sample.required}`, async () => {
      const { call } = await makeServer();
      const { [sample.required]: _missing, ...incomplete } = sample.body;
      const answer = await call('POST', path(def.routes.create![0]), { json: incomplete });
      expect(answer.status).toBe(400);
      expect(answer.body.success).toBe(false);
      expect(answer.body.message).toBe(`${sample.label} is required`);
    });
  }

  it('plans accept only the listed prices and plan types', async () => {
    const { call } = await makeServer();
    const body = { ...SAMPLES.plans!.body, price: '3.33' };
    expect((await call('POST', '/api/plan/create', { json: body })).status).toBe(400);
    expect(
      (await call('POST', '/api/plan/create', { json: { ...SAMPLES.plans!.body, planType: 'diamond' } }))
        .status,
    ).toBe(400);
  });
});

describe('uploads', () => {
  it('stores an icon under a server-made name and serves it with nosniff', async () => {
    const { call, app } = await makeServer();
    const form = new FormData();
    form.set('name', 'Climbing');
    form.set('enabled', 'true');
    form.set('icon', pngFile('../../evil name.png'));
    const created = await call('POST', '/api/hobbies/create-with-icon', { form });
    expect(created.status).toBe(200);
    const icon = (created.body.result as { icon: string }).icon;
    expect(icon).toMatch(/^uploads\/[0-9a-f]{32}\.png$/);

    const served = await app.request(`/${icon}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('refuses a file whose content is not what the field accepts', async () => {
    const { call } = await makeServer();
    const form = new FormData();
    form.set('name', 'Climbing');
    form.set('enabled', 'true');
    form.set('icon', new File(['<svg onload="alert(1)"></svg>'], 'icon.png', { type: 'image/png' }));
    const answer = await call('POST', '/api/hobbies/create-with-icon', { form });
    expect(answer.status).toBe(415);
    expect(answer.body.message).toBe('Icon must be a PNG, JPEG, WebP or GIF image');
  });

  it('refuses a file over the size limit', async () => {
    const { call } = await makeServer();
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(PNG_BYTES);
    const form = new FormData();
    form.set('title', 'Big');
    form.set('off', '10');
    form.set('expireDate', new Date(Date.now() + 86_400_000).toISOString());
    form.set('description', 'x');
    form.set('enabled', 'true');
    form.set('file', new File([big], 'logo.png'));
    form.set('document', pngFile());
    const answer = await call('POST', '/api/offer/create', { form });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('Brand logo must be at most 5 MB');
  });

  it('requires the offer images when adding, with SPEC-like messages', async () => {
    const { call } = await makeServer();
    const form = new FormData();
    for (const [key, value] of Object.entries({
      title: 'Deal',
      off: '10',
      expireDate: '2030-01-01',
      description: 'd',
      enabled: 'true',
    }))
      form.set(key, value);
    const answer = await call('POST', '/api/offer/create', { form });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Brand logo is required');
    form.set('file', pngFile());
    form.set('document', pngFile());
    const created = await call('POST', '/api/offer/create', { form });
    expect(created.body.result).toMatchObject({
      title: 'Deal',
      off: 10,
      brandLogo: expect.stringMatching(/^uploads\//),
      image: expect.stringMatching(/^uploads\//),
    });
    const list = await call('GET', '/api/offer/list?page=1&limit=10');
    expect(list.body.pagination).toMatchObject({ count: 1 });
  });

  it('accepts post media: images and a video', async () => {
    const { call } = await makeServer();
    const video = await import('node:fs').then((fs) =>
      fs.readFileSync(new URL('../fixtures/sample.mp4', import.meta.url)),
    );
    const form = new FormData();
    form.set('name', 'Beach day');
    form.set('image1', pngFile());
    form.set('video', new File([video], 'clip.mp4'));
    const created = await call('POST', '/api/post/create', { form });
    expect(created.status).toBe(200);
    expect(created.body.result).toMatchObject({
      name: 'Beach day',
      image1: expect.stringMatching(/\.png$/),
      video: expect.stringMatching(/\.mp4$/),
      userId: { name: 'Admin' },
    });
    const searched = await call('GET', '/api/post/list?page=1&items=10&q=beach&fields=name');
    expect(searched.body.pagination).toMatchObject({ count: 1 });
  });
});

describe('setting', () => {
  it('allows one record only, and updates it with multipart', async () => {
    const { call } = await makeServer();
    const first = await call('POST', '/api/setting/create', {
      json: { privacy: '<p>P</p>', termsCondition: '<p>T</p>' },
    });
    expect(first.status).toBe(200);
    const second = await call('POST', '/api/setting/create', {
      json: { privacy: '<p>P2</p>', termsCondition: '<p>T2</p>' },
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/already exists/);

    const id = (first.body.result as { _id: string })._id;
    const form = new FormData();
    form.set('privacy', '<p>New privacy</p>');
    form.set('termsCondition', '<p>New terms</p>');
    const updated = await call('PATCH', `/api/setting/update-with-image/${id}`, { form });
    expect(updated.body.result).toMatchObject({
      privacy: '<p>New privacy</p>',
      termsCondition: '<p>New terms</p>',
    });
    expect((await call('GET', '/api/setting/listAll')).body.result).toHaveLength(1);
  });
});

describe('read-only lists and mail', () => {
  it('answers SPEC 3 shapes for events, contacts, feedback, chat reports and blocks', async () => {
    const { call } = await makeServer({ seedUsers: 20 });
    const events = await call('GET', '/api/event/list-admin?page=1&limit=5');
    expect(events.body.pagination).toMatchObject({ count: 18 });
    expect((events.body.result as unknown[])[0]).toMatchObject({
      name: expect.any(String),
      venue: expect.any(String),
      category: { name: expect.any(String) },
      userId: { _id: expect.any(String), name: expect.any(String) },
      joinedUsers: expect.arrayContaining([
        expect.objectContaining({ _id: expect.any(String), name: expect.any(String) }),
      ]),
      joinedCount: expect.any(Number),
    });
    const contacts = await call('GET', '/api/contact-us/list?page=2&limit=10');
    expect(contacts.body.pagination).toMatchObject({ count: 42, page: 2 });
    expect((contacts.body.result as unknown[])[0]).toMatchObject({
      title: expect.any(String),
      email: expect.any(String),
      phoneNo: expect.any(String),
      description: expect.any(String),
      created: expect.any(String),
    });
    const feedback = await call('GET', '/api/feedback/list?page=1&limit=10');
    expect((feedback.body.result as unknown[])[0]).toMatchObject({
      user: { name: expect.any(String), email: expect.any(String) },
      rating: expect.any(Number),
    });
    const reports = await call('GET', '/api/chat-report/list?page=1&limit=30');
    const report = (reports.body.result as { user: string; thread: { user_id: { _id: string }[] } }[])[0]!;
    expect(report.thread.user_id.map((participant) => participant._id)).toContain(report.user);
    const blocks = await call('GET', '/api/chat-block/list?page=1&limit=10');
    expect(blocks.body).toMatchObject({ success: true, pagination: { count: 24 } });
    expect((blocks.body.result as unknown[])[0]).toMatchObject({
      blockBy: { _id: expect.any(String) },
      blockedUser: { _id: expect.any(String) },
      created: expect.any(String),
    });
  });

  it('stores a mail with its recipients and hands each message to the outbox', async () => {
    const { call, db, outbox } = await makeServer({ seedUsers: 6 });
    const ids = (await db.many<{ id: string }>("SELECT id FROM users WHERE role = 'user' LIMIT 2")).map(
      (row) => row.id,
    );
    const sent = await call('POST', '/api/mail-send/create', {
      json: { title: 'Hello', body: 'News for you', users: ids },
    });
    expect(sent.status).toBe(200);
    expect((sent.body.result as { users: unknown[] }).users).toHaveLength(2);
    await vi.waitFor(() =>
      expect(outbox().filter((mail) => mail.includes('Subject: Hello'))).toHaveLength(2),
    );

    const toAll = await call('POST', '/api/mail-send/create', {
      json: { title: 'Everyone', body: 'Hi all', users: ['all'] },
    });
    const enabled = (
      await db.one<{ n: number }>("SELECT count(*) AS n FROM users WHERE role = 'user' AND enabled")
    ).n;
    expect(toAll.body.result).toMatchObject({ allUsers: true, recipientCount: enabled });
    expect((toAll.body.result as { users: unknown[] }).users).toHaveLength(enabled);

    const list = await call('GET', '/api/mail-send/list?page=1&limit=10');
    expect((list.body.result as { title: string }[])[0]).toMatchObject({ title: 'Everyone' });
    expect(
      (await call('POST', '/api/mail-send/create', { json: { title: 'x', body: 'y', users: [] } })).status,
    ).toBe(400);
  });
});

describe('persistence and the served console', () => {
  it('keeps data across a restart over the same database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'console-persist-'));
    const first = await makeServer({ dataDir });
    await first.call('POST', '/api/faq/create', {
      json: { question: 'Still here?', answer: 'Yes', enabled: true },
    });
    await first.close();

    const second = await makeServer({ databaseUrl: first.databaseUrl, dataDir });
    const list = await second.call('GET', '/api/faq/listAll');
    expect((list.body.result as { question: string }[]).map((faq) => faq.question)).toContain('Still here?');
  });

  it('serves the console with security headers and falls back to index.html for deep links', async () => {
    const distDir = mkdtempSync(join(tmpdir(), 'console-dist-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    const { app } = await makeServer({ distDir });

    const deep = await app.request('/users/6b031d25a3c0598c11d2a564');
    expect(deep.status).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
    const csp = deep.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(deep.headers.get('x-content-type-options')).toBe('nosniff');
    expect(deep.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');

    const asset = await app.request('/assets/app-abc123.js');
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const api = await app.request('/api/nothing-here');
    expect(api.status).toBe(401);
  });
});

describe('paging', () => {
  const PAGED = [
    'offer/list',
    'plan/list',
    'contact-us/list',
    'blog/list',
    'blog-category/list',
    'feedback/list',
    'chat-report/list',
    'chat-block/list',
    'event/list-admin',
    'mail-send/list',
  ];

  it('honours limit on every page/limit list, and items where the list uses it', async () => {
    const { call } = await makeServer({ seedUsers: 5 });
    for (const path of PAGED) {
      const answer = await call('GET', `/api/${path}?page=2&limit=2`);
      expect(answer.status, path).toBe(200);
      expect((answer.body.pagination as { count: number }).count, path).toBeGreaterThan(3);
      expect(answer.body.pagination, path).toMatchObject({ page: 2, items: 2 });
      expect(answer.body.result, path).toHaveLength(2);
    }
    expect((await call('GET', '/api/admin/list?page=1&items=3')).body.result).toHaveLength(3);
    expect((await call('GET', '/api/post/list?items=4')).body.result).toHaveLength(4);
  });

  it('serves at most 100 rows a page and answers an empty page beyond the last', async () => {
    const { call } = await makeServer({ seedUsers: 120 });
    const big = await call('GET', '/api/admin/list?page=1&items=500');
    expect(big.body.result).toHaveLength(100);
    expect(big.body.pagination).toMatchObject({ count: 120, page: 1, items: 100 });
    const beyond = await call('GET', '/api/contact-us/list?page=99&limit=10');
    expect(beyond.status).toBe(200);
    expect(beyond.body.result).toEqual([]);
    expect(beyond.body.pagination).toEqual({ count: 42, page: 99, items: 10 });
  });

  it('refuses a page or size that is not a whole number of 1 or more', async () => {
    const { call } = await makeServer();
    for (const [query, name] of [
      ['page=abc', 'Page'],
      ['page=0', 'Page'],
      ['page=1.5', 'Page'],
      ['page=0x10', 'Page'],
      ['page=1e3', 'Page'],
      ['page=0o10', 'Page'],
      ['page=%20', 'Page'],
      ['page=+2', 'Page'],
      ['limit=0', 'Limit'],
      ['limit=-5', 'Limit'],
      ['items=ten', 'Items'],
      ['items=0x10', 'Items'],
    ]) {
      const answer = await call('GET', `/api/contact-us/list?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toEqual({
        success: false,
        message: `${name} must be a whole number of 1 or more`,
      });
    }
    expect((await call('GET', '/api/admin/list?items=0')).status).toBe(400);
  });
});

describe('listAll query', () => {
  it('keeps inactive rows for enabled=true, sorts active first for sortBy=enabled, and refuses unknown values', async () => {
    const { call } = await makeServer();
    for (const [name, enabled] of [
      ['Alpha', false],
      ['Beta', true],
      ['Gamma', false],
      ['Delta', true],
    ] as const)
      await call('POST', '/api/language/create', { json: { name, enabled } });
    const names = async (query: string) =>
      ((await call('GET', `/api/language/listAll${query}`)).body.result as { name: string }[]).map(
        (row) => row.name,
      );
    expect(await names('')).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    expect(await names('?enabled=true')).toEqual(['Alpha', 'Beta', 'Delta', 'Gamma']);
    expect(await names('?enabled=true&sortBy=enabled')).toEqual(['Beta', 'Delta', 'Alpha', 'Gamma']);

    const badEnabled = await call('GET', '/api/language/listAll?enabled=yes');
    expect(badEnabled.status).toBe(400);
    expect(badEnabled.body.message).toBe("enabled must be 'true' or 'false'");
    const badSort = await call('GET', '/api/eventcategory/listAll?sortBy=password_hash');
    expect(badSort.status).toBe(400);
    expect(badSort.body.message).toBe("sortBy must be 'enabled'");
  });
});

describe('path ids', () => {
  it("answer 400 'Invalid id' for anything but 24 hex digits, on every kind of route", async () => {
    const { call } = await makeServer();
    const form = new FormData();
    form.set('name', 'x');
    for (const [method, path, init] of [
      ['GET', '/api/faq/read/zzz', {}],
      ['PATCH', '/api/faq/update/zzz', { json: { question: 'Q', answer: 'A', enabled: true } }],
      ['DELETE', '/api/university/delete/123', {}],
      ['GET', '/api/event-category/read/ffffffffffffffffffffffffff', {}],
      ['PATCH', '/api/admin/status/zzz?enabled=true', {}],
      ['GET', '/api/user/read/zzz', {}],
      ['GET', '/api/event/read/zzz', {}],
      ['PATCH', '/api/post/update/zzz', { form }],
      ['DELETE', '/api/post/delete/zzz', {}],
      ['GET', '/api/setting/read/zzz', {}],
    ] as const) {
      const answer = await call(method, path, init);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toEqual({ success: false, message: 'Invalid id' });
    }
    expect((await call('GET', '/api/faq/read/ffffffffffffffffffffffff')).status).toBe(404);
  });
});

describe('request bodies', () => {
  it('refuses a broken multipart body with 400 on generic and content routes', async () => {
    const { call } = await makeServer();
    const garbage = { headers: { 'Content-Type': 'multipart/form-data' }, body: 'garbage' };
    for (const path of ['/api/hobbies/create-with-icon', '/api/offer/create', '/api/event/create']) {
      const answer = await call('POST', path, garbage);
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toEqual({
        success: false,
        message: 'The request must be multipart form data',
      });
    }
    const badBoundary = await call('POST', '/api/blog/create', {
      headers: { 'Content-Type': 'multipart/form-data; boundary=abc' },
      body: '--xyz\r\nnonsense',
    });
    expect(badBoundary.status).toBe(400);
  });

  it('tells a JSON-only route that its body is not JSON', async () => {
    const { call } = await makeServer();
    const form = new FormData();
    form.set('name', 'Uni');
    for (const path of [
      '/api/university/create',
      '/api/login',
      '/api/setting/create',
      '/api/mail-send/create',
    ]) {
      const answer = await call('POST', path, { form });
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toEqual({
        success: false,
        message: 'The request body must be a JSON object',
      });
    }
    const garbage = await call('POST', '/api/university/create', {
      headers: { 'Content-Type': 'multipart/form-data' },
      body: 'garbage',
    });
    expect(garbage.status).toBe(400);
  });
});

describe('offer and icon rules', () => {
  const offerForm = (fields: Record<string, string>) => {
    const form = new FormData();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString();
    const all = {
      title: 'Deal',
      off: '10',
      expireDate: tomorrow,
      description: 'd',
      enabled: 'true',
      ...fields,
    };
    for (const [key, value] of Object.entries(all)) form.set(key, value);
    form.set('file', pngFile());
    form.set('document', pngFile());
    return form;
  };

  it('takes off as a number from 0 to 100 and an expiry of today or later', async () => {
    const { call, db } = await makeServer();
    const over = await call('POST', '/api/offer/create', { form: offerForm({ off: '150' }) });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Off must be at most 100');
    expect((await call('POST', '/api/offer/create', { form: offerForm({ off: 'ten' }) })).status).toBe(400);

    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const past = await call('POST', '/api/offer/create', { form: offerForm({ expireDate: yesterday }) });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe('Expire date must be today or later');
    const today = new Date().toISOString().slice(0, 10);
    const created = await call('POST', '/api/offer/create', { form: offerForm({ expireDate: today }) });
    expect(created.status).toBe(200);

    // An offer that has since expired can still be edited as long as its date stays.
    const id = (created.body.result as { _id: string })._id;
    const expired = new Date(Date.now() - 3 * 86_400_000).toISOString();
    await db.run('UPDATE offers SET expire_date = $1 WHERE id = $2', [expired, id]);
    const keep = await call('PATCH', `/api/offer/update/${id}`, {
      form: offerForm({ expireDate: expired, enabled: 'false' }),
    });
    expect(keep.status).toBe(200);
    const move = await call('PATCH', `/api/offer/update/${id}`, {
      form: offerForm({ expireDate: yesterday }),
    });
    expect(move.status).toBe(400);
    expect(move.body.message).toBe('Expire date must be today or later');
  });

  it('requires an icon to add a hobby, an event category or a looking-for', async () => {
    const { call } = await makeServer();
    for (const path of [
      '/api/hobbies/create-with-icon',
      '/api/hobbies/create',
      '/api/eventcategory/create-with-icon',
      '/api/lookingfor/create-with-icon',
    ]) {
      const form = new FormData();
      form.set('name', 'Climbing');
      form.set('enabled', 'true');
      const answer = await call('POST', path, { form });
      expect(answer.status, path).toBe(400);
      expect(answer.body, path).toEqual({ success: false, message: 'Please upload an image', field: 'icon' });
    }
  });
});

describe('served media', () => {
  it('sends the Content-Type of the stored extension, with nosniff', async () => {
    const { app, dataDir } = await makeServer();
    const types = {
      wav: 'audio/wav',
      mp3: 'audio/mpeg',
      m4a: 'audio/mp4',
      ogg: 'audio/ogg',
      ogv: 'video/ogg',
      mov: 'video/quicktime',
      webm: 'video/webm',
      mp4: 'video/mp4',
      png: 'image/png',
      jpg: 'image/jpeg',
    };
    for (const [extension, type] of Object.entries(types)) {
      writeFileSync(join(dataDir, 'uploads', `aaaaaaaaaaaaaaaaaaaaaaaa.${extension}`), 'x');
      const served = await app.request(`/uploads/aaaaaaaaaaaaaaaaaaaaaaaa.${extension}`);
      expect(served.status, extension).toBe(200);
      expect(served.headers.get('content-type'), extension).toBe(type);
      expect(served.headers.get('x-content-type-options'), extension).toBe('nosniff');
    }
  });

  it('stores an uploaded video under its own extension and serves it as such', async () => {
    const { call, app } = await makeServer();
    const form = new FormData();
    form.set('name', 'Clip');
    form.set('video', new File([readFileSync(new URL('../fixtures/demo-clip.webm', import.meta.url))], 'c'));
    const created = await call('POST', '/api/post/create', { form });
    const video = (created.body.result as { video: string }).video;
    expect(video).toMatch(/\.webm$/);
    expect((await app.request(`/${video}`)).headers.get('content-type')).toBe('video/webm');
  });
});

describe('mail delivery', () => {
  it("answers once the mail is stored, and keeps a failing transport's deliveries queued with its reason", async () => {
    const failing = { send: vi.fn(() => Promise.reject(new Error('SMTP down'))) };
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { call, db } = await makeServer({ seedUsers: 3, mailer: failing });
      const ids = (await db.many<{ id: string }>("SELECT id FROM users WHERE role = 'user'")).map(
        (row) => row.id,
      );
      const sent = await call('POST', '/api/mail-send/create', {
        json: { title: 'Hi', body: 'B', users: ids },
      });
      expect(sent.status).toBe(200);
      expect(sent.body).toMatchObject({ success: true, message: 'Mail sent successfully' });
      expect((await db.one<{ n: number }>("SELECT count(*) AS n FROM mails WHERE title = 'Hi'")).n).toBe(1);
      await vi.waitFor(() => expect(failing.send).toHaveBeenCalledTimes(3));
      const mailId = (sent.body.result as { _id: string })._id;
      await vi.waitFor(async () => {
        const recipients = await call('GET', `/api/mail-send/recipients/${mailId}`);
        expect(recipients.body.result).toEqual(
          ids.map(() => expect.objectContaining({ state: 'queued', attempts: 1, error: 'SMTP down' })),
        );
      });
      // One line for the failing relay, not one per message (other servers of this file may log their own lines).
      expect(logged.mock.calls.filter(([line]) => String(line).includes('SMTP down'))).toHaveLength(1);
    } finally {
      logged.mockRestore();
    }
  });
});

describe('the served console', () => {
  it('answers a missing asset with 404 and sends index.html with no-cache however it is reached', async () => {
    const distDir = mkdtempSync(join(tmpdir(), 'console-dist-'));
    mkdirSync(join(distDir, 'assets'));
    writeFileSync(join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    const { app } = await makeServer({ distDir });

    const missing = await app.request('/assets/nope.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toContain('immutable');
    expect(await missing.text()).not.toContain('<div id="root">');

    for (const path of ['/', '/index.html', '/faq/add']) {
      const page = await app.request(path);
      expect(page.status, path).toBe(200);
      expect(await page.text(), path).toContain('<div id="root">');
      expect(page.headers.get('cache-control'), path).toBe('no-cache');
    }
    const asset = await app.request('/assets/app-abc123.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
