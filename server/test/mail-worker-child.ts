// A server process's mail worker, for mail-workers.test.ts: works the queue of the database given, sending over the
// SMTP server given, prints "ready" once started (and listening for other processes' mail, as server/main.ts does),
// and stops cleanly on SIGTERM. SIGKILL is the crash. Arguments: database URL, SMTP URL, lease and idle poll in ms.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MAIL_CHANNEL } from '../db/mail';
import { dbOver } from '../db/postgres/db';
import { listen } from '../db/postgres/listen';
import { createPool } from '../db/postgres/pool';
import { createMailer } from '../lib/mail';
import { createMailQueue } from '../lib/mail-queue';

const [databaseUrl, smtpUrl, leaseMs, idleMs = '100'] = process.argv.slice(2) as [
  string,
  string,
  string,
  string?,
];
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
  idleMs: Number(idleMs),
});
queue.start();
const wake = await listen(databaseUrl, MAIL_CHANNEL, () => queue.wake(), { retryMs: 200 });
process.stdout.write('ready\n');
process.on(
  'SIGTERM',
  () =>
    void queue
      .stop()
      .then(() => wake.close())
      .then(() => pool.end())
      .then(() => process.exit(0)),
);
