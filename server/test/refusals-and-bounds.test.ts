import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { UPLOADS_UNDER_WAY } from '../lib/body';
import { newId } from '../lib/ids';
import { TEST_SENDS_PER_HOUR } from '../routes/mail';
import { RESTRICTION_MESSAGES } from '../../contract/restrictions';
import { form, makeServer, offerFields, restrictionBody, sessionToken } from './harness';

/** What the API refuses and how far it lets a client go (issue 25, item 6), as an API client meets it. */

type Server = Awaited<ReturnType<typeof makeServer>>;

async function addUser(s: Server, name = 'Ann') {
  const id = newId();
  await s.db.run(
    "INSERT INTO users (id, role, name, surname, email, created_at, updated_at) VALUES ($1, 'user', $2, 'Doe', $3, $4, $4)",
    [id, name, `${name.toLowerCase()}-${id}@example.com`, '2024-01-01T00:00:00.000Z'],
  );
  return id;
}

async function addAdmin(s: Server) {
  const id = newId();
  const stamp = new Date().toISOString();
  await s.db.run(
    "INSERT INTO users (id, role, admin_role, name, surname, email, created_at, updated_at) VALUES ($1, 'admin', 'owner', 'Other', 'Admin', $2, $3, $3)",
    [id, `admin-${id}@example.com`, stamp],
  );
  return sessionToken(s.db, id);
}

const statusReasons = async (s: Server, user: string) =>
  (
    (await s.call('GET', `/api/admin/history/${user}?kind=status`)).body.result as { reason: string | null }[]
  ).map((entry) => entry.reason);

describe('dates', () => {
  it('refuses a day that does not exist as a filter, and a time past 23:59', async () => {
    const s = await makeServer();
    for (const [query, message] of [
      ['from=2020-02-30', 'From must be a date that exists (2020-02-30 does not)'],
      ['to=2021-02-29', 'To must be a date that exists (2021-02-29 does not)'],
      ['from=2020-04-31T10:00:00Z', 'From must be a date that exists (2020-04-31T10:00:00Z does not)'],
      ['to=2020-01-01T24:00:00Z', 'To must be a date'],
      ['to=2020-01-01T23:60:00Z', 'To must be a date'],
      ['from=2020-13-01', 'From must be a date'],
      ['from=2020-01-32', 'From must be a date'],
    ]) {
      const answer = await s.call('GET', `/api/activity/list?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toEqual({ success: false, message });
    }
    for (const query of ['from=2020-02-29', 'to=2020-12-31T23:59:59Z', 'from=2024-02-29T00:00:00%2B02:00'])
      expect((await s.call('GET', `/api/activity/list?${query}`)).status, query).toBe(200);
  });

  it('refuses a day that does not exist in a record, as it does a filter', async () => {
    const s = await makeServer();
    const answer = await s.call('POST', '/api/offer/create', {
      form: form({ ...offerFields(), expireDate: '2099-02-30' }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('Expire date must be a date that exists (2099-02-30 does not)');
  });
});

describe('lists with one order', () => {
  it('refuse sort and order on the activity, history, recipients and joined lists', async () => {
    const s = await makeServer();
    const user = await addUser(s);
    const mail = await s.call('POST', '/api/mail-send/create', {
      json: { title: 'T', body: 'B', users: [user] },
    });
    const mailId = (mail.body.result as { _id: string })._id;
    const eventId = newId();
    await s.db.run(
      `INSERT INTO events (id, name, venue, date, start_time, end_time, number_of_participants, image, created_at, updated_at)
       VALUES ($1, 'Quiz', 'Pub', '2030-01-01', '18:00', '20:00', 10, 'uploads/x.png', $2, $2)`,
      [eventId, '2024-01-01T00:00:00.000Z'],
    );
    const lists = {
      '/api/activity/list': 'newest first',
      [`/api/admin/history/${user}`]: 'newest first',
      [`/api/mail-send/recipients/${mailId}`]: 'in name order',
      [`/api/event/joined/${eventId}`]: 'in name order',
    };
    for (const [path, order] of Object.entries(lists)) {
      expect((await s.call('GET', path)).status, path).toBe(200);
      expect((await s.call('GET', `${path}?sort=&order=`)).status, `${path} (empty)`).toBe(200);
      for (const query of ['sort=name', 'order=desc', 'sort=created&order=asc']) {
        const answer = await s.call('GET', `${path}?${query}`);
        expect(answer.status, `${path}?${query}`).toBe(400);
        expect(answer.body.message).toBe(
          `This list cannot be sorted: it is always ${order}; send no sort or order`,
        );
      }
    }
  });

  it('keep validating sort and order on the lists that sort', async () => {
    const s = await makeServer();
    expect((await s.call('GET', '/api/chat-report/list?sort=created&order=desc')).status).toBe(200);
    expect((await s.call('GET', '/api/chat-report/list?sort=name')).body.message).toBe(
      'Sort must be one of created',
    );
    expect((await s.call('GET', '/api/mail-send/list?sort=title&order=up')).body.message).toBe(
      'Order must be asc or desc',
    );
  });
});

describe('reasons and notes', () => {
  const pasted = ' Spam\u202E links\u0007 \r\nsecond\tline\u2066 here\u0000\u007F\rthird ';
  const kept = 'Spam links \nsecond line here\nthird';

  it("keep line breaks and drop control and direction characters from a status reason and a restriction's facts", async () => {
    const s = await makeServer();
    const user = await addUser(s);
    // A deactivation is a restriction ('restrictions'): its facts are the entry's reason.
    const answer = await s.call('PATCH', `/api/admin/status/${user}?enabled=false`, {
      json: await restrictionBody(s.db, { facts: pasted }),
    });
    expect(answer.status).toBe(200);
    expect(await statusReasons(s, user)).toEqual([kept]);
    await s.call('PATCH', `/api/admin/status/${user}?enabled=true`, { json: { reason: pasted } });
    expect(await statusReasons(s, user)).toEqual([kept, kept]);
    // Only invisible characters: no reason at all.
    await s.call('PATCH', `/api/admin/status/${user}?enabled=false`, { json: await restrictionBody(s.db) });
    await s.call(
      'PATCH',
      `/api/admin/status/${user}?enabled=true&reason=${encodeURIComponent('\u202E\u0001')}`,
    );
    expect(await statusReasons(s, user)).toEqual([null, 'Spam links sent to members', kept, kept]);
  });

  it('do the same for a case note, and count its length after cleaning', async () => {
    const s = await makeServer();
    const reportId = newId();
    const stamp = '2024-01-01T00:00:00.000Z';
    await s.db.run('INSERT INTO chat_reports (id, message, created_at, updated_at) VALUES ($1, $2, $3, $3)', [
      reportId,
      'Rude',
      stamp,
    ]);
    const answer = await s.call('PATCH', `/api/chat-report/case/${reportId}`, {
      json: { status: 'Dismissed', note: pasted },
    });
    expect(answer.status).toBe(200);
    expect((answer.body.result as { note: string }).note).toBe(kept);
    const padded = `${'n'.repeat(1000)}${'\u202E'.repeat(50)}`;
    const long = await s.call('PATCH', `/api/chat-report/case/${reportId}`, {
      json: { status: 'Dismissed', note: padded },
    });
    expect(long.status).toBe(200);
  });
});

describe('a status change’s reason in the body', () => {
  it('is taken from a JSON body, kept out of the URL, as from the query', async () => {
    const s = await makeServer();
    const user = await addUser(s);
    const off = await s.call('PATCH', `/api/admin/status/${user}?enabled=false`, {
      json: await restrictionBody(s.db, { facts: 'Fake profile' }),
    });
    expect(off.body).toEqual({
      success: true,
      message: 'User deactivated successfully',
      result: { reference: expect.stringMatching(/^R-/), closed: 0 },
    });
    const answer = await s.call('PATCH', `/api/admin/status/${user}?enabled=true`, {
      json: { reason: 'Appeal upheld' },
    });
    expect(answer.body).toEqual({ success: true, message: 'User activated successfully' });
    await s.call('PATCH', `/api/admin/status/${user}?enabled=false`, { json: await restrictionBody(s.db) });
    await s.call('PATCH', `/api/admin/status/${user}?enabled=true&reason=Mistaken%20report`);
    expect(await statusReasons(s, user)).toEqual([
      'Mistaken report',
      'Spam links sent to members',
      'Appeal upheld',
      'Fake profile',
    ]);
    // A reason alone deactivates no one: a deactivation is a restriction ('restrictions').
    const bare = await s.call('PATCH', `/api/admin/status/${user}?enabled=false`, {
      json: { reason: 'Fake profile' },
    });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ message: RESTRICTION_MESSAGES.policyRequired, field: 'policyId' });
    expect(await statusReasons(s, user)).toHaveLength(4);
  });

  it('is refused when sent twice, too long, or in a body that is not a JSON object', async () => {
    const s = await makeServer();
    const user = await addUser(s);
    const path = `/api/admin/status/${user}?enabled=false`;
    const refusals: [string, Parameters<Server['call']>[2], string][] = [
      [`${path}&reason=b`, { json: { reason: 'a' } }, 'Send the reason once, in the body or in the query'],
      [path, { json: { reason: 'x'.repeat(501) } }, 'Reason must be at most 500 characters'],
      [path, { json: ['Spam'] }, 'The request body must be a JSON object'],
      [
        path,
        { body: 'reason=Spam', headers: { 'Content-Type': 'text/plain' } },
        'The request body must be a JSON object',
      ],
    ];
    for (const [at, init, message] of refusals) {
      const answer = await s.call('PATCH', at, init);
      expect(answer.status, message).toBe(400);
      expect(answer.body.message).toBe(message);
    }
    expect(await statusReasons(s, user)).toEqual([]);
  });
});

/** A multipart upload that sends its first bytes and then waits until `end` says how it ends. */
function stalledUpload(s: Server, token = s.token) {
  let started!: () => void;
  const reading = new Promise<void>((resolve) => (started = resolve));
  let finish!: (how: 'fail') => void;
  const ended = new Promise<'fail'>((resolve) => (finish = resolve));
  let pulls = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (pulls++ === 0) {
          controller.enqueue(
            new TextEncoder().encode(
              '--stall\r\nContent-Disposition: form-data; name="image1"; filename="a.png"\r\n\r\n',
            ),
          );
          started();
          return;
        }
        await ended;
        controller.error(new Error('connection lost'));
      },
    },
    { highWaterMark: 0 },
  );
  const answer = Promise.resolve(
    s.app.request('/api/post/create', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'multipart/form-data; boundary=stall' },
      body,
      duplex: 'half',
    } as RequestInit),
  ).then(async (response) => ({ status: response.status, body: (await response.json()) as unknown }));
  return { reading, answer, fail: () => finish('fail') };
}

const upload = (s: Server, token = s.token) =>
  s.call('POST', '/api/post/create', { form: form({ name: '' }), token });

describe('uploads under way', () => {
  it('are bounded per admin (429) and in all (503), and a place frees when an upload fails or finishes', async () => {
    const s = await makeServer();
    const mine = Array.from({ length: UPLOADS_UNDER_WAY.perAdmin }, () => stalledUpload(s));
    await Promise.all(mine.map((held) => held.reading));

    const refused = await upload(s);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      message: `At most ${UPLOADS_UNDER_WAY.perAdmin} uploads at once: wait for one to finish`,
    });
    expect(refused.headers.get('Retry-After')).toBe('5');

    // Other admins fill the server's bound.
    const others: ReturnType<typeof stalledUpload>[] = [];
    let free = UPLOADS_UNDER_WAY.total - UPLOADS_UNDER_WAY.perAdmin;
    while (free > 0) {
      const token = await addAdmin(s);
      for (let i = 0; i < Math.min(free, UPLOADS_UNDER_WAY.perAdmin - 1); i += 1)
        others.push(stalledUpload(s, token));
      free -= Math.min(free, UPLOADS_UNDER_WAY.perAdmin - 1);
    }
    await Promise.all(others.map((held) => held.reading));
    const late = await addAdmin(s);
    const full = await upload(s, late);
    expect(full.status).toBe(503);
    expect(full.body).toEqual({
      success: false,
      message: 'The server is receiving too many uploads right now: try again in a moment',
    });

    // One of mine fails: its place goes to the next upload, which is read (and refused for what it holds).
    mine[0]!.fail();
    expect((await mine[0]!.answer).status).toBe(400);
    expect((await upload(s, late)).body.message).toBe('Name is required');
    // A finished upload frees its place too: every later one is read.
    for (let i = 0; i < 3; i += 1) expect((await upload(s, late)).body.message).toBe('Name is required');

    for (const held of [...mine.slice(1), ...others]) held.fail();
    await Promise.all([...mine, ...others].map((held) => held.answer));
    expect((await upload(s)).body.message).toBe('Name is required');
  });
});

describe('test sends', () => {
  it(`allow ${TEST_SENDS_PER_HOUR} an hour per admin, then 429 with when to try again`, async () => {
    const s = await makeServer();
    // A refused body is no send.
    expect((await s.call('POST', '/api/mail-send/test', { json: { title: '', body: 'B' } })).status).toBe(
      400,
    );
    for (let i = 0; i < TEST_SENDS_PER_HOUR; i += 1)
      expect(
        (await s.call('POST', '/api/mail-send/test', { json: { title: `T${i}`, body: 'B' } })).status,
      ).toBe(200);
    const refused = await s.call('POST', '/api/mail-send/test', { json: { title: 'One more', body: 'B' } });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      message: `At most ${TEST_SENDS_PER_HOUR} test mails an hour: try again in 60 minutes`,
    });
    expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(3500);
    // Another admin has their own.
    const other = await addAdmin(s);
    expect(
      (await s.call('POST', '/api/mail-send/test', { json: { title: 'Mine', body: 'B' }, token: other }))
        .status,
    ).toBe(200);
  });
});

describe('answers of the API', () => {
  it('carry Cache-Control: no-store, refusals and public calls too; uploaded media stay cacheable', async () => {
    const s = await makeServer();
    for (const [path, token] of [
      ['/api/admin/list', undefined],
      ['/api/user/read', undefined],
      ['/api/activity/list?from=2020-02-30', undefined],
      ['/api/no-such-route', undefined],
      ['/api/admin/list', null],
      ['/api/childsafetypolicy', null],
    ] as const) {
      const answer = await s.call('GET', path, { token });
      expect(answer.headers.get('Cache-Control'), `${path} ${answer.status}`).toBe('no-store');
    }
    const created = await s.call('POST', '/api/offer/create', { form: form(offerFields()) });
    const image = (created.body.result as { image: string }).image;
    expect((await s.app.request(`/${image}`)).headers.get('Cache-Control')).toBe('public, max-age=86400');
  });
});

describe('the outbox', () => {
  it('loses the half-written messages a crash left when the server starts, and keeps whole ones', async () => {
    const first = await makeServer();
    const outbox = join(first.dataDir, 'outbox');
    const half = join(outbox, '2026-01-01T00-00-00-000Z-0123456789abcdef01234567.eml.part');
    const whole = join(outbox, '2026-01-01T00-00-00-000Z-0123456789abcdef01234568.eml');
    writeFileSync(half, 'Subject: half');
    writeFileSync(whole, 'Subject: whole');
    await makeServer({ dataDir: first.dataDir });
    expect(existsSync(half)).toBe(false);
    expect(existsSync(whole)).toBe(true);
  });
});
