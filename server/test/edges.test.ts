import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sign } from 'hono/jwt';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config';
import { ADMIN, eventFields, form, makeServer, offerFields, pngFile, SECRET, sessionToken } from './harness';

type Server = Awaited<ReturnType<typeof makeServer>>;

const idOf = (answer: { body: Record<string, unknown> }) => (answer.body.result as { _id: string })._id;

describe('tokens', () => {
  it('tells only a token this server signed that it has expired', async () => {
    const { call, adminId, db } = await makeServer();
    const past = Math.floor(Date.now() / 1000) - 60;
    const forged = await sign(
      { sub: adminId, role: 'admin', ver: 0, iat: past - 60, exp: past },
      'another-secret-another-secret',
      'HS256',
    );
    const answer = await call('GET', '/api/admin/dashboard', { token: forged });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ success: false, message: 'Invalid token' });

    const ours = await sessionToken(db, adminId, { ttlSeconds: -60 });
    expect((await call('GET', '/api/admin/dashboard', { token: ours })).body).toEqual({
      success: false,
      message: 'jwt expired',
      jwtExpired: true,
    });
  });

  it('refuses a token of its own whose expiry is not a number as invalid, not expired', async () => {
    const { call, adminId } = await makeServer();
    const claims: Record<string, unknown> = { sub: adminId, role: 'admin', ver: 0, exp: 'soon' };
    const token = await sign(claims, SECRET, 'HS256');
    expect((await call('GET', '/api/admin/dashboard', { token })).body).toEqual({
      success: false,
      message: 'Invalid token',
    });
  });
});

describe('configuration', () => {
  it('reads an empty variable as unset, for every variable', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'console-config-test-'));
    const names = [
      'HOST',
      'PORT',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'JWT_SECRET',
      'TOKEN_TTL',
      'SESSION_IDLE_MINUTES',
      'SEED_DEMO',
      'TRUST_PROXY',
      'SMTP_URL',
      'MAIL_FROM',
      'PUBLIC_URL',
      'TWO_FACTOR_REQUIRED',
      'QUEUE_AMBER_HOURS',
      'QUEUE_RED_HOURS',
      'STRIKE_DAYS',
    ];
    const config = loadConfig({ DATA_DIR: dataDir, ...Object.fromEntries(names.map((name) => [name, ''])) });
    expect(config).toEqual({
      host: '127.0.0.1',
      port: 3000,
      dataDir,
      adminEmail: 'admin@example.com',
      adminPassword: 'Admin@123',
      adminPasswordGiven: false,
      jwtSecret: expect.stringMatching(/^[\w-]{64}$/),
      tokenTtlSeconds: 43_200,
      sessionIdleMinutes: 30,
      seedDemo: true,
      trustProxy: false,
      twoFactorRequired: true,
      smtpUrl: undefined,
      mailFrom: 'Admin Console <no-reply@localhost>',
      publicUrl: 'http://localhost:3000',
      queueAmberHours: 12,
      queueRedHours: 24,
      strikeDays: 180,
    });
    expect(loadConfig({ DATA_DIR: dataDir, SMTP_URL: '' }).smtpUrl).toBeUndefined();
  });

  it('still refuses a variable that is set to something invalid', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'console-config-test-'));
    expect(() => loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'not a url' })).toThrow(
      /^Invalid configuration: SMTP_URL/,
    );
    // A blank is not empty: it is refused, where it used to become port 0 (any free port).
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: ' ' })).toThrow(
      'Invalid configuration: PORT: must be a whole number',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, TOKEN_TTL: '1e3' })).toThrow(
      'Invalid configuration: TOKEN_TTL: must be a whole number',
    );
    expect(loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://mail.test:587' }).smtpUrl).toBe(
      'smtp://mail.test:587',
    );
  });
});

/** A record to update and delete, and the bodies its update takes. */
type Target = {
  label: string;
  create: (server: Server) => Promise<string>;
  update: string;
  remove: string;
  body: () => { json?: unknown; form?: FormData };
};

const TARGETS: Target[] = [
  {
    label: 'Event',
    create: async ({ call }) => idOf(await call('POST', '/api/event/create', { form: form(eventFields()) })),
    update: 'event/update',
    remove: 'event/delete',
    body: () => ({ form: form({ ...eventFields(), name: 'Renamed' }) }),
  },
  {
    label: 'Post',
    create: async ({ call }) =>
      idOf(await call('POST', '/api/post/create', { form: form({ name: 'Hello' }) })),
    update: 'post/update',
    remove: 'post/delete',
    body: () => ({ form: form({ name: 'Renamed', image1: pngFile() }) }),
  },
  {
    label: 'Faq',
    create: async ({ call }) =>
      idOf(await call('POST', '/api/faq/create', { json: { question: 'Q', answer: 'A', enabled: true } })),
    update: 'faq/update',
    remove: 'faq/delete',
    body: () => ({ json: { question: 'Renamed', answer: 'A', enabled: true } }),
  },
  {
    label: 'Offer',
    create: async ({ call }) => idOf(await call('POST', '/api/offer/create', { form: form(offerFields()) })),
    update: 'offer/update',
    remove: 'offer/delete',
    body: () => ({ form: form({ ...offerFields(), title: 'Renamed' }) }),
  },
];

/** A body as an HTTP client sends it: its bytes, with their Content-Type and Content-Length. */
async function encoded(init: { json?: unknown; form?: FormData }) {
  const draft = new Request('http://console.test/', {
    method: 'POST',
    body: init.form ?? JSON.stringify(init.json),
    headers: init.form ? {} : { 'Content-Type': 'application/json' },
  });
  const bytes = new Uint8Array(await draft.arrayBuffer());
  const headers = {
    'Content-Type': draft.headers.get('content-type')!,
    'Content-Length': String(bytes.length),
  };
  return { bytes, headers };
}

/** An update sent with its Content-Length, so the route finds the record before it reads the body. */
async function sendUpdate({ app, token }: Server, path: string, init: { json?: unknown; form?: FormData }) {
  const { bytes, headers } = await encoded(init);
  const response = await app.request(path, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}`, ...headers },
    body: bytes,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/**
 * Sends an update whose body stops after its first bytes until `release()`: the route has found the record and is
 * reading the body, which is when another admin's delete can land.
 */
async function heldUpdate({ app, token }: Server, path: string, init: { json?: unknown; form?: FormData }) {
  const { bytes, headers } = await encoded(init);
  let reading!: () => void;
  const bodyRead = new Promise<void>((resolve) => (reading = resolve));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let pulls = 0;
  // highWaterMark 0: nothing is pulled before the route reads, so the first pull says it is reading.
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (pulls++ === 0) {
          controller.enqueue(bytes.subarray(0, 8));
          reading();
          await released;
        } else {
          controller.enqueue(bytes.subarray(8));
          controller.close();
        }
      },
    },
    { highWaterMark: 0 },
  );
  const answer = Promise.resolve(
    app.request(path, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${token}`, ...headers },
      body,
      duplex: 'half',
    } as RequestInit),
  );
  await bodyRead;
  return {
    release,
    answer: answer.then(async (response) => ({ status: response.status, body: await response.json() })),
  };
}

describe('an update and a delete of the same record', () => {
  it.each(TARGETS)(
    '$label: 404 when it is deleted while the update is read',
    async ({ label, create, update, remove, body }) => {
      const server = await makeServer();
      const id = await create(server);
      const held = await heldUpdate(server, `/api/${update}/${id}`, body());
      expect((await server.call('DELETE', `/api/${remove}/${id}`)).status).toBe(200);
      held.release();
      expect(await held.answer).toEqual({
        status: 404,
        body: { success: false, message: `${label} not found` },
      });
      expect(readdirSync(join(server.dataDir, 'uploads'))).toEqual([]);
    },
  );

  it('Setting: 404 when its row is gone while the update is read (no route deletes it; the database can)', async () => {
    const server = await makeServer();
    const created = await server.call('POST', '/api/setting/create', {
      json: { privacy: 'P', termsCondition: 'T' },
    });
    const id = idOf(created);
    const held = await heldUpdate(server, `/api/setting/update-with-image/${id}`, {
      form: form({ privacy: 'P2', termsCondition: 'T2', file: pngFile() }),
    });
    await server.db.run('DELETE FROM settings WHERE id = $1', [id]);
    held.release();
    expect(await held.answer).toEqual({
      status: 404,
      body: { success: false, message: 'Setting not found' },
    });
    expect(readdirSync(join(server.dataDir, 'uploads'))).toEqual([]);
  });

  it.each(TARGETS)(
    '$label: answers the record it saved when a delete lands right after its write',
    async ({ create, update, remove, body }) => {
      const server = await makeServer();
      const id = await create(server);
      // The next write transaction (the update's) is followed at once by the delete, before the update answers.
      const transaction = server.db.transaction.bind(server.db);
      vi.spyOn(server.db, 'transaction').mockImplementationOnce(async (write) => {
        const result = await transaction(write);
        await server.db.run(`DELETE FROM ${remove.split('/')[0]}s WHERE id = $1`, [id]);
        return result;
      });
      const answer = await server.call('PATCH', `/api/${update}/${id}`, body());
      expect(answer.status).toBe(200);
      expect(answer.body.result).toMatchObject({ _id: id });
      expect(JSON.stringify(answer.body.result)).toContain('Renamed');
      expect((await server.call('DELETE', `/api/${remove}/${id}`)).status).toBe(404);
    },
  );

  it.each(TARGETS)(
    '$label: racing each other, the update answers 200 or 404, never 500',
    async ({ label, create, update, remove, body }) => {
      const server = await makeServer();
      const rounds = 20;
      const updates: { status: number; message: unknown }[] = [];
      for (let round = 0; round < rounds; round += 1) {
        const id = await create(server);
        // The delete starts 0 to 9 turns of the event loop after the update, so the rounds sweep the update's steps.
        const turns = round % 10;
        const [updated, deleted] = await Promise.all([
          sendUpdate(server, `/api/${update}/${id}`, body()),
          (async () => {
            for (let turn = 0; turn < turns; turn += 1) await new Promise((resolve) => setImmediate(resolve));
            return server.call('DELETE', `/api/${remove}/${id}`);
          })(),
        ]);
        expect(deleted.status).toBe(200);
        updates.push({ status: updated.status, message: updated.body.message });
      }
      expect(updates).toHaveLength(rounds);
      for (const answer of updates)
        expect([
          { status: 200, message: `${label} updated successfully` },
          { status: 404, message: `${label} not found` },
        ]).toContainEqual(answer);
      expect(readdirSync(join(server.dataDir, 'uploads'))).toEqual([]);
    },
  );

  it('two profile saves with photos at once leave only the photo that is kept', async () => {
    const { call, dataDir } = await makeServer();
    const save = () =>
      call('PATCH', '/api/admin/profile/update', {
        form: form({ email: ADMIN.email, password: ADMIN.password, file: pngFile() }),
      });
    expect((await save()).status).toBe(200);
    for (let round = 0; round < 5; round += 1) {
      const answers = await Promise.all([save(), save()]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      const kept = ((await call('GET', '/api/user/read')).body.result as { photo: string }).photo;
      expect(readdirSync(join(dataDir, 'uploads')).map((name) => `uploads/${name}`)).toEqual([kept]);
    }
  });
});

describe('multipart: "undefined" and "null" mean an empty field', () => {
  it('saves an offer whose empty minimums the old console sent as "undefined" and "null"', async () => {
    const { call, db } = await makeServer();
    const created = await call('POST', '/api/offer/create', {
      form: form({ ...offerFields(), minimumPurchaseAmount: 'undefined', minimumMember: 'null' }),
    });
    expect(created.status).toBe(200);
    expect(created.body.result).toMatchObject({ minimumPurchaseAmount: null, minimumMember: null });
    const id = idOf(created);
    const { file: _logo, document: _image, ...fields } = offerFields();
    const withMinimums = await call('PATCH', `/api/offer/update/${id}`, {
      form: form({ ...fields, minimumPurchaseAmount: '25', minimumMember: '3' }),
    });
    expect(withMinimums.body.result).toMatchObject({ minimumPurchaseAmount: 25, minimumMember: 3 });
    const emptied = await call('PATCH', `/api/offer/update/${id}`, {
      form: form({ ...fields, minimumPurchaseAmount: 'null', minimumMember: 'undefined' }),
    });
    expect(emptied.status).toBe(200);
    expect(await db.one('SELECT minimum_purchase_amount, minimum_member FROM offers')).toEqual({
      minimum_purchase_amount: null,
      minimum_member: null,
    });
  });

  it('refuses a required field sent as "undefined" or "null" as required, on every multipart route', async () => {
    const { call } = await makeServer();
    const setting = idOf(
      await call('POST', '/api/setting/create', { json: { privacy: 'P', termsCondition: 'T' } }),
    );
    const cases: [
      path: string,
      method: string,
      fields: Record<string, string | File>,
      message: string,
      field: string,
    ][] = [
      ['/api/offer/create', 'POST', { ...offerFields(), title: 'undefined' }, 'Title is required', 'title'],
      ['/api/offer/create', 'POST', { ...offerFields(), off: 'null' }, 'Off is required', 'off'],
      ['/api/event/create', 'POST', { ...eventFields(), name: 'null' }, 'Name is required', 'name'],
      ['/api/post/create', 'POST', { name: 'undefined' }, 'Name is required', 'name'],
      [
        '/api/hobbies/create',
        'POST',
        { name: 'Chess', enabled: 'null', file: pngFile() },
        'Enabled is required',
        'enabled',
      ],
      [
        `/api/setting/update-with-image/${setting}`,
        'PATCH',
        { privacy: 'null', termsCondition: 'T' },
        'Privacy policy is required',
        'privacy',
      ],
      [
        '/api/admin/profile/update',
        'PATCH',
        { email: 'undefined', password: ADMIN.password },
        'E-mail is required',
        'email',
      ],
    ];
    for (const [path, method, fields, message, field] of cases) {
      const answer = await call(method, path, { form: form(fields) });
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status: 400,
        body: { success: false, message, field },
      });
    }
  });

  it('keeps "null" as text in JSON, where it is a string like any other', async () => {
    const { call } = await makeServer();
    const offer = idOf(await call('POST', '/api/offer/create', { form: form(offerFields()) }));
    const { file: _logo, document: _image, ...fields } = offerFields();
    const json = await call('PATCH', `/api/offer/update/${offer}`, {
      json: { ...fields, enabled: true, minimumPurchaseAmount: 'null' },
    });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('Minimum purchase amount must be a number');
    const faq = await call('POST', '/api/faq/create', {
      json: { question: 'null', answer: 'undefined', enabled: true },
    });
    expect(faq.body.result).toMatchObject({ question: 'null', answer: 'undefined' });
  });
});
