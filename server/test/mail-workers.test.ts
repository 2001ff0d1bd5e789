import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
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
function startWorker(databaseUrl: string, smtpUrl: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, databaseUrl, smtpUrl, String(LEASE_MS)], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
