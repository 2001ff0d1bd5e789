import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../routes/resources';
import { makeServer, pngFile, PNG_BYTES } from './harness';

/** A valid JSON body for each JSON-only resource, and the field a create must not lack. */
const SAMPLES: Record<string, { body: Record<string, unknown>; required: string }> = {
  universities: {
    body: { name: 'Uni', description: 'A university', email: 'a@uni.example', enabled: true },
    required: 'description',
  },
  faqs: { body: { question: 'Q?', answer: '<p>A</p>', enabled: true }, required: 'question' },
  report_elements: { body: { message: 'Spam', enabled: false }, required: 'message' },
  languages: { body: { name: 'Welsh', enabled: true }, required: 'name' },
  food_preferences: { body: { name: 'Vegan', enabled: true }, required: 'name' },
  religious_beliefs: { body: { name: 'Quaker', enabled: 'false' }, required: 'name' },
  blog_categories: {
    body: { name: 'Tips', description: '<p>Tips</p>', enabled: true },
    required: 'description',
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
      expect(answer.body.message).toContain(sample.required);
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
    expect(icon).toMatch(/^uploads\/[0-9a-f]{24}\.png$/);

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
    expect(answer.body.message).toBe('icon: the file must be an image (PNG, JPEG, WebP or GIF)');
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
    expect(answer.body.message).toMatch(/larger than 5 MB/);
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
    const ids = (
      db.prepare("SELECT id FROM users WHERE role = 'user' LIMIT 2").all() as { id: string }[]
    ).map((row) => row.id);
    const sent = await call('POST', '/api/mail-send/create', {
      json: { title: 'Hello', body: 'News for you', users: ids },
    });
    expect(sent.status).toBe(200);
    expect((sent.body.result as { users: unknown[] }).users).toHaveLength(2);
    expect(outbox().filter((mail) => mail.includes('Subject: Hello'))).toHaveLength(2);

    const toAll = await call('POST', '/api/mail-send/create', {
      json: { title: 'Everyone', body: 'Hi all', users: ['all'] },
    });
    const enabled = (
      db.prepare("SELECT count(*) AS n FROM users WHERE role = 'user' AND enabled = 1").get() as { n: number }
    ).n;
    expect((toAll.body.result as { users: unknown[] }).users).toHaveLength(enabled);

    const list = await call('GET', '/api/mail-send/list?page=1&limit=10');
    expect((list.body.result as { title: string }[])[0]).toMatchObject({ title: 'Everyone' });
    expect(
      (await call('POST', '/api/mail-send/create', { json: { title: 'x', body: 'y', users: [] } })).status,
    ).toBe(400);
  });
});

describe('persistence and the served console', () => {
  it('keeps data across a restart on a file database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'console-persist-'));
    const dbFile = join(dataDir, 'console.db');
    const first = await makeServer({ dbFile, dataDir });
    await first.call('POST', '/api/faq/create', {
      json: { question: 'Still here?', answer: 'Yes', enabled: true },
    });
    first.db.close();

    const second = await makeServer({ dbFile, dataDir });
    const list = await second.call('GET', '/api/faq/listAll');
    expect((list.body.result as { question: string }[]).map((faq) => faq.question)).toContain('Still here?');
    second.db.close();
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
