// A server process's mail worker, for mail-workers.test.ts: works the queue of the database given, sending over the
// SMTP server given, prints "ready" once started, and stops cleanly on SIGTERM. SIGKILL is the crash.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dbOver } from '../db/postgres/db';
import { createPool } from '../db/postgres/pool';
import { createMailer } from '../lib/mail';
import { createMailQueue } from '../lib/mail-queue';

const [databaseUrl, smtpUrl, leaseMs] = process.argv.slice(2) as [string, string, string];
const pool = createPool(databaseUrl);
const queue = createMailQueue({
  db: dbOver(pool),
  mailer: createMailer({
    dataDir: mkdtempSync(join(tmpdir(), 'mail-worker-')),
    smtpUrl,
    from: 'Console <no-reply@console.test>',
  }),
  domain: 'console.test',
  leaseMs: Number(leaseMs),
  batchSize: 20,
  idleMs: 100,
});
queue.start();
process.stdout.write('ready\n');
process.on('SIGTERM', () => void queue.stop().then(() => pool.end().then(() => process.exit(0))));
