import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { MAIL_CHANNEL } from '../db/mail';
import { makeServer } from './harness';
import { smtpStub } from './smtp-stub';

/**
 * Two server processes' mail workers over one database (issue 27): a mail to All Users reaches every user while one
 * of them is killed mid-send.
 */

const CHILD = fileURLToPath(new URL('./mail-worker-child.ts', import.meta.url));
const LEASE_MS = 1500;

type Mail = {
  _id: string;
  recipientCount: number;
  delivery: { queued: number; sent: number; failed: number };
};

/** A worker process; resolves once it has started. */
function startWorker(databaseUrl: string, smtpUrl: string, idleMs = 100): Promise<ChildProcess> {
  const args = [CHILD, databaseUrl, smtpUrl, String(LEASE_MS), String(idleMs)];
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`The worker exited (${code}): ${stderr}`)));
  });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

describe('two processes delivering one mail', () => {
  it('reach every user, each delivery recorded once, while one of them is killed mid-send', async () => {
    const server = await makeServer({ queue: { start: false } });
    await server.db.run(
      `INSERT INTO users (id, role, name, email, created_at, updated_at)
       SELECT lpad(to_hex(g), 24, '0'), 'user', 'User ' || g, 'user' || g || '@example.com', now(), now()
       FROM generate_series(1, 300) g`,
    );
    let killed = false;
    const workers: ChildProcess[] = [];
    const smtp = await smtpStub(() => {
      // The 60th message's recipient is being accepted: both workers are sending, and the first dies here.
      if (!killed && smtp.messages.length >= 60) {
        killed = true;
        workers[0]!.kill('SIGKILL');
      }
      return '250 OK';
    });
    onTestFinished(() => smtp.close());
    workers.push(await startWorker(server.databaseUrl, smtp.url));
    workers.push(await startWorker(server.databaseUrl, smtp.url));
    const [first, second] = workers as [ChildProcess, ChildProcess];

    const created = await server.call('POST', '/api/mail-send/create', {
      json: { title: 'To everyone', body: 'Hello', users: ['all'] },
    });
    const mail = created.body.result as Mail;
    expect(mail.recipientCount).toBe(300);

    await vi.waitFor(
      async () => {
        const list = await server.call('GET', '/api/mail-send/list?page=1&limit=10');
        expect((list.body.result as Mail[])[0]!.delivery).toEqual({ queued: 0, sent: 300, failed: 0 });
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(killed).toBe(true);
    expect(first.signalCode).toBe('SIGKILL');

    const messageIds = smtp.messages.map(
      (message) => /^Message-ID:\s*(<[^>]+>)/im.exec(message.replace(/\n\s+/g, ' '))![1]!,
    );
    const audience = (
      await server.db.many<{ id: string }>("SELECT id FROM users WHERE role = 'user' ORDER BY id")
    ).map(({ id }) => `<${mail._id}.${id}@console.test>`);
    expect([...new Set(messageIds)].toSorted()).toEqual(audience.toSorted());
    // Sent twice, under the same Message-ID (a receiving server keeps one): only what the killed worker had handed
    // to the transport without recording it, never more than the batch it had claimed.
    const twice = messageIds.filter((id, index) => messageIds.indexOf(id) !== index);
    expect(twice.length).toBeLessThanOrEqual(20);
    expect(new Set(twice).size).toBe(twice.length);

    second.kill('SIGTERM');
    await exited(second);
  }, 60_000);
});

describe('a mail stored by one process', () => {
  it("wakes another process's sleeping worker at once, and still does after its listening connection was cut", async () => {
    // Process A (this one) stores mail through the API and runs no worker; process B's worker polls once a minute.
    const server = await makeServer({ queue: { start: false } });
    const ids = (
      await server.db.many<{ id: string }>(
        `INSERT INTO users (id, role, name, email, created_at, updated_at)
         SELECT lpad(to_hex(g), 24, '0'), 'user', 'User ' || g, 'user' || g || '@example.com', now(), now()
         FROM generate_series(1, 3) g RETURNING id`,
      )
    ).map(({ id }) => id);
    const smtp = await smtpStub();
    onTestFinished(() => smtp.close());
    const worker = await startWorker(server.databaseUrl, smtp.url, 60_000);

    /** Stores a mail to the three users through A; resolves with how long B took to send all three. */
    const delivered = async (title: string) => {
      const before = smtp.messages.length;
      const started = Date.now();
      const created = await server.call('POST', '/api/mail-send/create', {
        json: { title, body: 'Hello', users: ids },
      });
      expect(created.status).toBe(200);
      await vi.waitFor(() => expect(smtp.messages.length).toBe(before + 3), {
        timeout: 10_000,
        interval: 20,
      });
      return Date.now() - started;
    };
    // Well under the minute's poll: B was woken by A's NOTIFY.
    expect(await delivered('First')).toBeLessThan(2500);

    const listener = () =>
      server.db.maybeOne<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()`,
        [`listen ${MAIL_CHANNEL}`],
      );
    const cut = (await listener())!.pid;
    await server.db.run('SELECT pg_terminate_backend($1)', [cut]);
    await vi.waitFor(
      async () => {
        const now = await listener();
        expect(now?.pid).toBeDefined();
        expect(now!.pid).not.toBe(cut);
      },
      { timeout: 10_000, interval: 50 },
    );
    // The wake that a new connection gives for what it may have missed has passed; B sleeps again.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await delivered('Second')).toBeLessThan(2500);

    worker.kill('SIGTERM');
    await exited(worker);
  }, 60_000);
});
