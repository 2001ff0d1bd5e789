import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { dbOver, type Db } from '../db/postgres/db';
import { createPool } from '../db/postgres/pool';
import { createMailer, type OutgoingMail } from '../lib/mail';
import { createMailQueue, LEASE_MS, type MailQueueOptions, RETRY_DELAYS_MS } from '../lib/mail-queue';
import { makeServer } from './harness';
import { smtpStub } from './smtp-stub';

/**
 * Sent mail as a durable job (DECISIONS "Mail"), seen as the API shows it: the list's delivery counts and the
 * recipients route, with workers stopped, crashed and restarted over the same database.
 */

type Mail = {
  _id: string;
  recipientCount: number;
  delivery: { queued: number; sent: number; failed: number };
};
type Recipient = { _id: string; email: string; state: string; attempts: number; error: string | null };

const MINUTE = 60_000;

/** A transport that keeps each accepted message's Message-ID; `after` runs once it has accepted one. */
function recorder(after: (accepted: string[]) => void = () => {}) {
  const accepted: string[] = [];
  return {
    accepted,
    mailer: {
      async send(mail: OutgoingMail) {
        accepted.push(mail.messageId!);
        after(accepted);
      },
    },
  };
}

const transient = () => Object.assign(new Error('451 4.3.0 Try again later'), { responseCode: 451 });

async function mailList(call: Awaited<ReturnType<typeof makeServer>>['call']) {
  return (await call('GET', '/api/mail-send/list?page=1&limit=10')).body.result as Mail[];
}

async function recipientsOf(call: Awaited<ReturnType<typeof makeServer>>['call'], mailId: string) {
  const answer = await call('GET', `/api/mail-send/recipients/${mailId}?limit=100`);
  expect(answer.status).toBe(200);
  return answer.body.result as Recipient[];
}

async function enabledUserIds(db: Db) {
  return (await db.many<{ id: string }>("SELECT id FROM users WHERE role = 'user' AND enabled")).map(
    (row) => row.id,
  );
}

/** A worker of another process over the same database: a pool of its own, closed when the test finishes. */
function anotherWorker(databaseUrl: string, options: Omit<MailQueueOptions, 'db' | 'domain'>) {
  const pool = createPool(databaseUrl);
  onTestFinished(() => pool.end());
  return createMailQueue({ db: dbOver(pool), domain: 'console.test', ...options });
}

describe('durable mail delivery', () => {
  it('carries on where a stopped worker left off: nothing lost, nothing acknowledged twice', async () => {
    let stopped: Promise<void> | undefined;
    const first = recorder((accepted) => {
      if (accepted.length === 12) stopped = server.queue.stop();
    });
    const server = await makeServer({
      seedUsers: 30,
      mailer: first.mailer,
      queue: { start: false, batchSize: 5, expandBatch: 7 },
    });
    const created = await server.call('POST', '/api/mail-send/create', {
      json: { title: 'To everyone', body: 'Hello', users: ['all'] },
    });
    const mail = created.body.result as Mail;
    const audience = await enabledUserIds(server.db);
    expect(mail.recipientCount).toBe(audience.length);

    server.queue.start();
    await vi.waitFor(() => expect(stopped).toBeDefined());
    await stopped;
    // Stopped between deliveries, with the All Users audience only partly expanded into deliveries.
    const [midway] = await mailList(server.call);
    expect(midway!.delivery).toEqual({
      queued: audience.length - first.accepted.length,
      sent: first.accepted.length,
      failed: 0,
    });
    expect(new Set(first.accepted).size).toBe(first.accepted.length);
    const cursor = await server.db.one<{ expand_after: number | null }>(
      'SELECT expand_after FROM mails WHERE id = $1',
      [mail._id],
    );
    expect(cursor.expand_after).not.toBeNull();

    // A new worker on its own connection, as after a restart: the stopped one gave back what it had not sent.
    const second = recorder();
    await anotherWorker(server.databaseUrl, { mailer: second.mailer, batchSize: 5, expandBatch: 7 }).drain();

    const [done] = await mailList(server.call);
    expect(done!.delivery).toEqual({ queued: 0, sent: audience.length, failed: 0 });
    const everything = [...first.accepted, ...second.accepted];
    expect(everything.toSorted()).toEqual(
      audience.map((userId) => `<${mail._id}.${userId}@console.test>`).toSorted(),
    );
  });

  it('resends after a crash only the messages that were in flight, under the same Message-ID', async () => {
    const accepted: string[] = [];
    const unanswered: (() => void)[] = [];
    // From the 10th message on, the transport takes the message and the process "dies" before hearing back.
    const crashing = {
      send(mail: OutgoingMail) {
        accepted.push(mail.messageId!);
        return accepted.length >= 10
          ? new Promise<void>((resolve) => unanswered.push(resolve))
          : Promise.resolve();
      },
    };
    const server = await makeServer({ seedUsers: 30, mailer: crashing, queue: { concurrency: 4 } });
    const created = await server.call('POST', '/api/mail-send/create', {
      json: { title: 'To everyone', body: 'Hello', users: ['all'] },
    });
    const mail = created.body.result as Mail;
    // Its four lanes are each stuck on a message the transport accepted: 9 recorded, 4 in flight.
    await vi.waitFor(() => expect(accepted).toHaveLength(13));
    const inFlight = accepted.slice(9);
    await vi.waitFor(async () => expect((await mailList(server.call))[0]!.delivery.sent).toBe(9));

    // A new worker on its own connection, as after a restart once the dead worker's lease on its batch has run out.
    const restarted = recorder();
    await anotherWorker(server.databaseUrl, {
      mailer: restarted.mailer,
      clock: () => Date.now() + LEASE_MS,
    }).drain();

    const everything = [...accepted, ...restarted.accepted];
    const expected = (await enabledUserIds(server.db)).map(
      (userId) => `<${mail._id}.${userId}@console.test>`,
    );
    expect([...new Set(everything)].toSorted()).toEqual(expected.toSorted());
    const duplicates = everything.filter((id, index) => everything.indexOf(id) !== index);
    expect(duplicates.toSorted()).toEqual(inFlight.toSorted());
    const [done] = await mailList(server.call);
    expect(done!.delivery).toEqual({ queued: 0, sent: expected.length, failed: 0 });

    // The dead worker's late answers record nothing: its claims are another's now.
    const stopped = server.queue.stop();
    for (const answer of unanswered) answer();
    await stopped;
    expect(accepted).toHaveLength(13);
    expect((await mailList(server.call))[0]!.delivery).toEqual({
      queued: 0,
      sent: expected.length,
      failed: 0,
    });
  });

  it('retries a transient failure on its backoff and records the try that succeeds', async () => {
    let time = Date.parse('2030-01-01T00:00:00.000Z');
    const send = vi
      .fn<(mail: OutgoingMail) => Promise<void>>()
      .mockRejectedValueOnce(transient())
      .mockRejectedValueOnce(transient())
      .mockResolvedValue();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { call, db, queue } = await makeServer({
        seedUsers: 2,
        mailer: { send },
        queue: { start: false, clock: () => time },
      });
      const userId = (await enabledUserIds(db))[0]!;
      const mailId = (
        (await call('POST', '/api/mail-send/create', { json: { title: 'T', body: 'B', users: [userId] } }))
          .body.result as Mail
      )._id;

      await queue.drain();
      expect(send).toHaveBeenCalledTimes(1);
      expect(await recipientsOf(call, mailId)).toEqual([
        expect.objectContaining({
          state: 'queued',
          attempts: 1,
          error: '451 4.3.0 Try again later',
          updatedAt: '2030-01-01T00:00:00.000Z',
        }),
      ]);

      time += RETRY_DELAYS_MS[0]! - 1;
      await queue.drain();
      expect(send).toHaveBeenCalledTimes(1);
      time += 1;
      await queue.drain();
      expect(send).toHaveBeenCalledTimes(2);

      time += RETRY_DELAYS_MS[1]! - 1;
      await queue.drain();
      expect(send).toHaveBeenCalledTimes(2);
      time += 1;
      await queue.drain();
      expect(send).toHaveBeenCalledTimes(3);
      expect(send.mock.calls.map(([mail]) => mail.messageId)).toEqual(
        Array(3).fill(`<${mailId}.${userId}@console.test>`),
      );
      expect(await recipientsOf(call, mailId)).toEqual([
        expect.objectContaining({ state: 'sent', attempts: 3, updatedAt: '2030-01-01T00:06:00.000Z' }),
      ]);
      expect((await mailList(call))[0]!.delivery).toEqual({ queued: 0, sent: 1, failed: 0 });
    } finally {
      logged.mockRestore();
    }
  });

  it('gives up after six tries over more than an hour, with the last reason', async () => {
    let time = Date.parse('2030-01-01T00:00:00.000Z');
    const send = vi.fn<(mail: OutgoingMail) => Promise<void>>().mockRejectedValue(transient());
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { call, db, queue } = await makeServer({
        seedUsers: 2,
        mailer: { send },
        queue: { start: false, clock: () => time },
      });
      const mailId = (
        (
          await call('POST', '/api/mail-send/create', {
            json: { title: 'T', body: 'B', users: [(await enabledUserIds(db))[0]] },
          })
        ).body.result as Mail
      )._id;
      const start = time;
      await queue.drain();
      for (const delay of RETRY_DELAYS_MS) {
        time += delay;
        await queue.drain();
      }
      expect(send).toHaveBeenCalledTimes(6);
      expect(time - start).toBeGreaterThanOrEqual(60 * MINUTE);
      expect(await recipientsOf(call, mailId)).toEqual([
        expect.objectContaining({
          state: 'failed',
          attempts: 6,
          error: 'Gave up after 6 tries: 451 4.3.0 Try again later',
        }),
      ]);
      time += 24 * 60 * MINUTE;
      await queue.drain();
      expect(send).toHaveBeenCalledTimes(6);
      expect((await mailList(call))[0]!.delivery).toEqual({ queued: 0, sent: 0, failed: 1 });
    } finally {
      logged.mockRestore();
    }
  });

  it('records a permanent refusal (SMTP 5xx, unusable address) with its reason at once, and sends the rest', async () => {
    const smtp = await smtpStub((address) =>
      address.startsWith('refused')
        ? '550 5.1.1 <refused@example.com>: Recipient address rejected'
        : '250 OK',
    );
    try {
      const dataDir = mkdtempSync(join(tmpdir(), 'mail-queue-'));
      const { call, db, queue } = await makeServer({
        seedUsers: 3,
        dataDir,
        mailer: createMailer({ dataDir, smtpUrl: smtp.url, from: 'Console <no-reply@console.test>' }),
        queue: { start: false },
      });
      const [accepted, refused, unusable] = await enabledUserIds(db);
      await db.run('UPDATE users SET email = $1 WHERE id = $2', ['refused@example.com', refused!]);
      // A comma would make the transport read two recipients.
      await db.run('UPDATE users SET email = $1 WHERE id = $2', ['a@example.com,b@example.com', unusable!]);
      const mailId = (
        (
          await call('POST', '/api/mail-send/create', {
            json: { title: 'T', body: 'Over SMTP', users: [accepted, refused, unusable] },
          })
        ).body.result as Mail
      )._id;

      await queue.drain();
      const byId = new Map((await recipientsOf(call, mailId)).map((row) => [row._id, row]));
      expect(byId.get(accepted!)).toMatchObject({ state: 'sent', attempts: 1, error: null });
      expect(byId.get(refused!)).toMatchObject({ state: 'failed', attempts: 1 });
      expect(byId.get(refused!)!.error).toContain(
        '550 5.1.1 <refused@example.com>: Recipient address rejected',
      );
      expect(byId.get(unusable!)).toMatchObject({
        state: 'failed',
        attempts: 1,
        error: 'Invalid e-mail address',
      });
      expect(smtp.messages).toHaveLength(1);
      // Unfolded: a long header continues on the next line.
      expect(smtp.messages[0]!.replace(/\n\s+/g, ' ')).toContain(
        `Message-ID: <${mailId}.${accepted}@console.test>`,
      );
      expect((await mailList(call))[0]!.delivery).toEqual({ queued: 0, sent: 1, failed: 2 });
    } finally {
      await smtp.close();
    }
  });

  it('stores neither the mail nor any delivery when its transaction fails', async () => {
    const send = vi.fn(() => Promise.resolve());
    const { call, db, queue } = await makeServer({ seedUsers: 6, mailer: { send }, queue: { start: false } });
    const ids = (await enabledUserIds(db)).slice(0, 3);
    const before = (await mailList(call)).length;
    const deliveries = async () =>
      (await db.one<{ n: number }>('SELECT count(*) AS n FROM mail_deliveries')).n;
    const stored = await deliveries();
    // The third delivery's insert fails, as a full disk would fail it.
    await db.run(`CREATE FUNCTION fail_third() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF new.user_id = '${ids[2]}' THEN
          RAISE EXCEPTION 'could not extend file: No space left on device' USING ERRCODE = 'disk_full';
        END IF;
        RETURN new;
      END $$`);
    await db.run(
      'CREATE TRIGGER fail_third BEFORE INSERT ON mail_deliveries FOR EACH ROW EXECUTE FUNCTION fail_third()',
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const failed = await call('POST', '/api/mail-send/create', {
        json: { title: 'T', body: 'B', users: ids },
      });
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({ success: false, message: 'Something went wrong on the server' });
    } finally {
      logged.mockRestore();
    }
    await db.run('DROP TRIGGER fail_third ON mail_deliveries');
    // An unknown id after two valid ones: refused, and the two are not kept either.
    const unknown = await call('POST', '/api/mail-send/create', {
      json: { title: 'T', body: 'B', users: [...ids.slice(0, 2), 'ffffffffffffffffffffffff'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('User ffffffffffffffffffffffff not found');

    expect(await mailList(call)).toHaveLength(before);
    expect(await deliveries()).toBe(stored);
    await queue.drain();
    expect(send).not.toHaveBeenCalled();
  });

  it('keeps the counts right when a recipient is deleted', async () => {
    const { call, db, queue } = await makeServer({ seedUsers: 6, queue: { start: false } });
    const ids = (await enabledUserIds(db)).slice(0, 3);
    const mailId = (
      (await call('POST', '/api/mail-send/create', { json: { title: 'T', body: 'B', users: ids } })).body
        .result as Mail
    )._id;
    await queue.drain();
    await db.run('DELETE FROM users WHERE id = $1', [ids[0]!]);
    const [mail] = await mailList(call);
    expect(mail).toMatchObject({
      _id: mailId,
      recipientCount: 2,
      delivery: { queued: 0, sent: 2, failed: 0 },
    });
    expect((await recipientsOf(call, mailId)).map((row) => row._id).toSorted()).toEqual(
      ids.slice(1).toSorted(),
    );
  });
});

describe("a mail's counters", () => {
  // Counts that agree with the delivery rows, however many rows one statement writes (the triggers run once per
  // statement); mail from before delivery rows existed arrives through the importer.
  it('follow outcomes recorded in one statement and deliveries deleted with their users', async () => {
    const { db } = await makeServer();
    const stamp = '2026-01-01T00:00:00.000Z';
    const [ann, bob, cat] = ['a', 'b', 'c'].map((char) => char.repeat(24));
    for (const [id, name] of [
      [ann, 'Ann'],
      [bob, 'Bob'],
      [cat, 'Cat'],
    ] as const)
      await db.run(
        "INSERT INTO users (id, role, name, email, created_at, updated_at) VALUES ($1, 'user', $2, $3, $4, $4)",
        [id!, name, `${name.toLowerCase()}@example.com`, stamp],
      );
    const mailId = 'd'.repeat(24);
    await db.run(
      `INSERT INTO mails (id, title, body, recipient_count, created_at, updated_at)
       VALUES ($1, 'Old', 'Body', 3, $2, $2)`,
      [mailId, stamp],
    );
    await db.run('INSERT INTO mail_deliveries (mail_id, user_id) SELECT $1, unnest($2::text[])', [
      mailId,
      [ann!, bob!, cat!],
    ]);
    const counters = () =>
      db.one('SELECT recipient_count, sent_count, failed_count, expand_after FROM mails WHERE id = $1', [
        mailId,
      ]);

    await db.run(
      `UPDATE mail_deliveries SET state = CASE WHEN user_id = $2 THEN 'failed' ELSE 'sent' END, attempts = 1
       WHERE mail_id = $1`,
      [mailId, cat!],
    );
    expect(await counters()).toEqual({
      recipient_count: 3,
      sent_count: 2,
      failed_count: 1,
      expand_after: null,
    });
    await db.run('DELETE FROM users WHERE id = ANY($1::text[])', [[ann!, cat!]]);
    expect(await counters()).toEqual({
      recipient_count: 1,
      sent_count: 1,
      failed_count: 0,
      expand_after: null,
    });
  });
});
