import { describe, expect, it } from 'vitest';
import type { Db } from '../db/postgres/db';
import { newId } from '../lib/ids';
import { createMailer, type OutgoingMail } from '../lib/mail';
import { ADMIN, makeServer } from './harness';
import { smtpStub } from './smtp-stub';

/**
 * The announced extensions of the mail and event answers, as an API client sees them: at most 50 recipients or
 * joined users inline with their counts, the routes that page through all of them, the test send, and `features`.
 */

type Person = { _id: string; name: string; surname: string; email: string };
type Mail = {
  _id: string;
  allUsers: boolean;
  users: Person[];
  recipientCount: number;
  delivery: { queued: number; sent: number; failed: number };
};
type Recipient = Person & { state: string; attempts: number; error: string | null; updatedAt: string | null };

const NAMES = ['Zoe', 'Ann', 'Mia', 'ann', 'Omar', 'Lena', 'Ava', 'Bob'];
const stamp = '2026-01-01T00:00:00.000Z';

/** Users with repeated names (so the order falls back on ids); every tenth is disabled. */
async function addUsers(db: Db, count: number, first = 0): Promise<Person[]> {
  const enabled: Person[] = [];
  for (let i = first; i < first + count; i += 1) {
    const person = {
      _id: newId(),
      name: NAMES[i % NAMES.length]!,
      surname: `Surname${i}`,
      email: `person${i}@example.net`,
    };
    await db.run(
      `INSERT INTO users (id, role, name, surname, email, enabled, created_at, updated_at)
       VALUES ($1, 'user', $2, $3, $4, $5, $6, $6)`,
      [person._id, person.name, person.surname, person.email, i % 10 !== 9, stamp],
    );
    if (i % 10 !== 9) enabled.push(person);
  }
  return enabled;
}

const byName = (a: { name: string; _id: string }, b: { name: string; _id: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;
const summary = ({ _id, name, surname, email }: Person) => ({ _id, name, surname, email });

describe('a mail at any audience size', () => {
  it('carries at most 50 recipients, in name order, with the recipient count and delivery counts', async () => {
    const { call, db, queue } = await makeServer({ queue: { start: false } });
    const everyone = (await addUsers(db, 75)).toSorted(byName);
    const chosen = everyone.slice(10, 61);

    const toAll = await call('POST', '/api/mail-send/create', {
      json: { title: 'All', body: 'B', users: 'all' },
    });
    const toChosen = await call('POST', '/api/mail-send/create', {
      json: { title: 'Chosen', body: 'B', users: chosen.map((user) => user._id) },
    });
    expect(toAll.body.result).toMatchObject({
      allUsers: true,
      users: everyone.slice(0, 50).map(summary),
      recipientCount: everyone.length,
      delivery: { queued: everyone.length, sent: 0, failed: 0 },
    });
    expect(toChosen.body.result).toMatchObject({
      allUsers: false,
      users: chosen.slice(0, 50).map(summary),
      recipientCount: 51,
      delivery: { queued: 51, sent: 0, failed: 0 },
    });

    await queue.drain();
    const list = await call('GET', '/api/mail-send/list?page=1&limit=10');
    const [chosenMail, allMail] = list.body.result as Mail[];
    expect(chosenMail).toMatchObject({
      _id: (toChosen.body.result as Mail)._id,
      users: chosen.slice(0, 50).map(summary),
      recipientCount: 51,
      delivery: { queued: 0, sent: 51, failed: 0 },
    });
    expect(allMail).toMatchObject({
      _id: (toAll.body.result as Mail)._id,
      users: everyone.slice(0, 50).map(summary),
      recipientCount: everyone.length,
      delivery: { queued: 0, sent: everyone.length, failed: 0 },
    });
  });

  it('keeps All Users to the users of the moment it was sent', async () => {
    const { call, db, queue } = await makeServer({ queue: { start: false } });
    const before = await addUsers(db, 12);
    const created = await call('POST', '/api/mail-send/create', {
      json: { title: 'T', body: 'B', users: ['all'] },
    });
    await addUsers(db, 5, 12);
    await queue.drain();
    const mailId = (created.body.result as Mail)._id;
    const recipients = await call('GET', `/api/mail-send/recipients/${mailId}?limit=100`);
    expect(recipients.body.pagination).toMatchObject({ count: before.length });
    expect((recipients.body.result as Recipient[]).map((row) => row._id).toSorted()).toEqual(
      before.map((user) => user._id).toSorted(),
    );
  });
});

describe('GET /api/mail-send/recipients/{mailId}', () => {
  async function mailToEveryone(options: { failFor?: string[] } = {}) {
    const refused = new Set(options.failFor ?? []);
    const mailer = {
      send: (mail: OutgoingMail) =>
        refused.has(mail.to)
          ? Promise.reject(Object.assign(new Error('550 5.1.1 Mailbox unavailable'), { responseCode: 550 }))
          : Promise.resolve(),
    };
    const server = await makeServer({ mailer, queue: { start: false } });
    const everyone = (await addUsers(server.db, 80)).toSorted(byName);
    const created = await server.call('POST', '/api/mail-send/create', {
      json: { title: 'T', body: 'B', users: ['all'] },
    });
    return { ...server, everyone, mailId: (created.body.result as Mail)._id };
  }

  async function allPages(call: Awaited<ReturnType<typeof makeServer>>['call'], path: string, limit: number) {
    const rows: Recipient[] = [];
    for (let page = 1; page <= 50; page += 1) {
      const answer = await call('GET', `${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=${limit}`);
      expect(answer.status).toBe(200);
      const result = answer.body.result as Recipient[];
      rows.push(...result);
      if (result.length < limit) return { rows, count: (answer.body.pagination as { count: number }).count };
    }
    throw new Error('more pages than expected');
  }

  it('pages every recipient in name order, before and after the worker reaches them', async () => {
    const { call, queue, everyone, mailId } = await mailToEveryone();
    const first = await call('GET', `/api/mail-send/recipients/${mailId}?page=2&limit=20`);
    expect(first.body).toMatchObject({ success: true, pagination: { count: everyone.length } });
    expect(first.body.result).toEqual(
      everyone
        .slice(20, 40)
        .map((user) => ({ ...summary(user), state: 'queued', attempts: 0, error: null, updatedAt: null })),
    );

    await queue.drain();
    // Read in small pages (users walked in name order) and in one large one (the set sorted): the same list.
    const walked = await allPages(call, `/api/mail-send/recipients/${mailId}`, 7);
    const sorted = await allPages(call, `/api/mail-send/recipients/${mailId}`, 100);
    expect(walked.rows.map((row) => row._id)).toEqual(everyone.map((user) => user._id));
    expect(sorted.rows).toEqual(walked.rows);
    expect(walked.rows.every((row) => row.state === 'sent' && row.attempts === 1 && row.updatedAt)).toBe(
      true,
    );
    expect(walked.count).toBe(everyone.length);

    const past = await call('GET', `/api/mail-send/recipients/${mailId}?page=99&limit=10`);
    expect(past.body).toMatchObject({ result: [], pagination: { count: everyone.length, page: 99 } });
    const capped = await call('GET', `/api/mail-send/recipients/${mailId}?limit=500`);
    expect(capped.body.pagination).toMatchObject({ items: 100 });
    expect(capped.body.result).toHaveLength(everyone.length);
  });

  it('filters by state, with the failure reason', async () => {
    const failing = ['person3@example.net', 'person17@example.net', 'person40@example.net'];
    const { call, queue, everyone, mailId } = await mailToEveryone({ failFor: failing });
    await queue.drain();
    for (const limit of [2, 100]) {
      const failed = await allPages(call, `/api/mail-send/recipients/${mailId}?state=failed`, limit);
      expect(failed.count).toBe(3);
      expect(failed.rows).toEqual(
        everyone
          .filter((user) => failing.includes(user.email))
          .map((user) =>
            expect.objectContaining({
              _id: user._id,
              state: 'failed',
              attempts: 1,
              error: '550 5.1.1 Mailbox unavailable',
            }),
          ),
      );
      const sent = await allPages(call, `/api/mail-send/recipients/${mailId}?state=sent`, limit * 20);
      expect(sent.count).toBe(everyone.length - 3);
      expect(sent.rows.map((row) => row._id)).toEqual(
        everyone.filter((user) => !failing.includes(user.email)).map((user) => user._id),
      );
      const queued = await call('GET', `/api/mail-send/recipients/${mailId}?state=queued&limit=${limit}`);
      expect(queued.body).toMatchObject({ result: [], pagination: { count: 0 } });
    }
  });

  it('searches name, surname and e-mail, in any case, from 2 characters, every word of it', async () => {
    const { call, queue, everyone, mailId } = await mailToEveryone();
    const matching = (q: string) =>
      everyone
        .filter((user) =>
          q
            .split(' ')
            .every((word) =>
              [user.name, user.surname, user.email].some((field) =>
                field.toLowerCase().includes(word.toLowerCase()),
              ),
            ),
        )
        .map((user) => user._id);
    // Before the worker has expanded the audience and after, small pages and large ones: every way it is read.
    for (const phase of ['queued', 'delivered']) {
      if (phase === 'delivered') await queue.drain();
      for (const q of [
        'ANN',
        'an',
        'surname1',
        'person7',
        '@example.net',
        'zz',
        'ann surname1',
        'Surname7 an',
        'an 7',
        'ann nobody',
      ]) {
        for (const limit of [3, 100]) {
          const found = await allPages(
            call,
            `/api/mail-send/recipients/${mailId}?q=${encodeURIComponent(q)}`,
            limit,
          );
          expect(
            found.rows.map((row) => row._id),
            `${phase} ${q} ${limit}`,
          ).toEqual(matching(q));
          expect(found.count, `${phase} ${q} ${limit}`).toBe(matching(q).length);
        }
      }
    }
    const oneLetter = await call('GET', `/api/mail-send/recipients/${mailId}?q=a`);
    expect(oneLetter.body.pagination).toMatchObject({ count: everyone.length });
  });

  it('refuses what it cannot answer', async () => {
    const { call, mailId } = await mailToEveryone();
    const refusals: [string, number, string][] = [
      ['/api/mail-send/recipients/ffffffffffffffffffffffff', 404, 'Mail not found'],
      ['/api/mail-send/recipients/nope', 400, 'Invalid id'],
      [`/api/mail-send/recipients/${mailId}?state=bounced`, 400, 'State must be queued, sent or failed'],
      [
        `/api/mail-send/recipients/${mailId}?q=${'x'.repeat(101)}`,
        400,
        'The search must be at most 100 characters',
      ],
      [`/api/mail-send/recipients/${mailId}?page=0`, 400, 'Page must be a whole number of 1 or more'],
    ];
    for (const [path, status, message] of refusals) {
      const answer = await call('GET', path);
      expect({ path, status: answer.status, body: answer.body }).toEqual({
        path,
        status,
        body: { success: false, message },
      });
    }
    expect((await call('GET', `/api/mail-send/recipients/${mailId}`, { token: null })).status).toBe(401);
  });
});

describe('POST /api/mail-send/test', () => {
  it('sends one message to the signed-in admin at once, and stores no mail', async () => {
    const { call, outbox } = await makeServer({ seedUsers: 2 });
    const before = (await call('GET', '/api/mail-send/list')).body.pagination;
    const answer = await call('POST', '/api/mail-send/test', {
      json: { title: 'Preview', body: 'Looks right?' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      success: true,
      message: `Test mail sent to ${ADMIN.email}`,
      result: { email: ADMIN.email },
    });
    // Sent before the answer: the outbox holds it already.
    const sent = outbox();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain(`To: ${ADMIN.email}`);
    expect(sent[0]).toContain('Subject: Preview');
    expect((await call('GET', '/api/mail-send/list')).body.pagination).toEqual(before);
  });

  it("applies the rules of a mail, and answers 502 with the transport's reason when it fails", async () => {
    const smtp = await smtpStub(() => '550 5.7.1 Relaying denied');
    try {
      const { call } = await makeServer({
        mailer: createMailer({ dataDir: '/nonexistent', smtpUrl: smtp.url, from: 'no-reply@console.test' }),
      });
      expect((await call('POST', '/api/mail-send/test', { json: { body: 'B' } })).body).toEqual({
        success: false,
        message: 'Title is required',
        field: 'title',
      });
      expect(
        (await call('POST', '/api/mail-send/test', { json: { title: 'T', body: 'b'.repeat(50_001) } })).body,
      ).toEqual({ success: false, message: 'Body must be at most 50000 characters', field: 'body' });
      const failed = await call('POST', '/api/mail-send/test', { json: { title: 'T', body: 'B' } });
      expect(failed.status).toBe(502);
      expect(failed.body).toEqual({
        success: false,
        message:
          "The test mail could not be sent: Can't send mail - all recipients were rejected: 550 5.7.1 Relaying denied",
      });
    } finally {
      await smtp.close();
    }
  });
});

describe('features in the sign-in answer', () => {
  it('names the extensions this server offers', async () => {
    const { call } = await makeServer();
    const answer = await call('POST', '/api/login', { json: { ...ADMIN, isRole: 'admin' }, token: null });
    expect(answer.status).toBe(200);
    expect((answer.body.result as { features: string[] }).features).toEqual(
      expect.arrayContaining(['mail-recipients', 'mail-test', 'event-joined']),
    );
  });
});

describe("an event's joined users", () => {
  async function eventWithParticipants(count: number) {
    const server = await makeServer();
    const people = (await addUsers(server.db, count)).toSorted(byName);
    const eventId = newId();
    await server.db.run(
      `INSERT INTO events (id, name, venue, date, start_time, end_time, number_of_participants, created_at, updated_at)
       VALUES ($1, 'Picnic', 'Park', '2030-01-01T00:00:00.000Z', '12:00', '14:00', 100, $2, $2)`,
      [eventId, stamp],
    );
    await server.db.run('INSERT INTO event_participants (event_id, user_id) SELECT $1, unnest($2::text[])', [
      eventId,
      people.map((person) => person._id),
    ]);
    return { ...server, people, eventId };
  }

  it('carries at most 50 by name with the count, in the list and when read', async () => {
    const { call, people, eventId } = await eventWithParticipants(66);
    const inline = people.slice(0, 50).map(({ _id, name }) => ({ _id, name }));
    const list = await call('GET', '/api/event/list-admin?page=1&limit=10');
    expect((list.body.result as { _id: string }[]).find((event) => event._id === eventId)).toMatchObject({
      joinedUsers: inline,
      joinedCount: people.length,
    });
    const read = await call('GET', `/api/event/read/${eventId}`);
    expect(read.body.result).toMatchObject({ joinedUsers: inline, joinedCount: people.length });
  });

  it('pages and searches them at GET /api/event/joined/{eventId}', async () => {
    const { call, people, eventId } = await eventWithParticipants(66);
    const page = await call('GET', `/api/event/joined/${eventId}?page=3&limit=20`);
    expect(page.body).toMatchObject({ success: true, pagination: { count: people.length } });
    expect(page.body.result).toEqual(people.slice(40, 60).map(summary));
    const searched = await call('GET', `/api/event/joined/${eventId}?q=PERSON1&limit=100`);
    const expected = people.filter((person) => person.email.startsWith('person1'));
    expect(searched.body.pagination).toMatchObject({ count: expected.length });
    expect((searched.body.result as { _id: string }[]).map((row) => row._id)).toEqual(
      expected.map((person) => person._id),
    );
    expect((await call('GET', '/api/event/joined/ffffffffffffffffffffffff')).body).toEqual({
      success: false,
      message: 'Event not found',
    });
    expect((await call('GET', '/api/event/joined/nope')).body).toEqual({
      success: false,
      message: 'Invalid id',
    });
  });
});
