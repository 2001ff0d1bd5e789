import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { DEFAULT_ADMIN_PASSWORD, isLoopback, loadConfig } from './config';
import { hasAdmin, lockFirstStart } from './db/first-start';
import { MAIL_CHANNEL } from './db/mail';
import { dbOver } from './db/postgres/db';
import { listen } from './db/postgres/listen';
import { openPostgres } from './db/postgres/open';
import { createMailer, messageIdDomain } from './lib/mail';
import { createMailQueue } from './lib/mail-queue';
import { createRestrictionSweeper } from './lib/restrictions';
import { fileKeeper, UploadStore } from './lib/uploads';
import { adminPasswordSettingRefusal, adminsWithDefaultPassword, bootstrap } from './seed/bootstrap';
import { seedDemo } from './seed/demo';

const config = loadConfig();
const postgres = await openPostgres({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const db = dbOver(postgres.pool);
const firstStart = !(await hasAdmin(db));
const weakPassword = firstStart ? await adminPasswordSettingRefusal(config) : undefined;
if (weakPassword) {
  console.error(weakPassword);
  await postgres.close();
  process.exit(1);
}
// The default password is published: a server whose admin still has it is reachable from this machine only.
const defaulted = firstStart
  ? config.adminPassword === DEFAULT_ADMIN_PASSWORD
    ? [config.adminEmail]
    : []
  : await adminsWithDefaultPassword(db);
if (defaulted.length && !isLoopback(config.host)) {
  console.error(
    `Refusing to listen on ${config.host}: the admin ${defaulted.join(', ')} still has the default password (${DEFAULT_ADMIN_PASSWORD}), which the README publishes. Set ADMIN_PASSWORD before the first start, or start with HOST=127.0.0.1, sign in and change the password in the profile, then start with HOST=${config.host} again.`,
  );
  await postgres.close();
  process.exit(1);
}
// Servers starting together on an empty database take turns: the first creates the admin and the demo data, the
// others wait for its commit and find them.
await db.transaction(async (tx) => {
  await lockFirstStart(tx);
  const empty = !(await hasAdmin(tx));
  await bootstrap(tx, {
    email: config.adminEmail,
    password: config.adminPassword,
    twoFactorRequired: config.twoFactorRequired,
  });
  if (empty && config.seedDemo) {
    console.log('First start: creating demo data…');
    await seedDemo(tx, new UploadStore(config.dataDir));
  }
});
// Files no row refers to: what a crash between a file's write and its commit, or before its removal, left behind.
await fileKeeper(db, new UploadStore(config.dataDir)).sweep();

const mailer = createMailer({ dataDir: config.dataDir, smtpUrl: config.smtpUrl, from: config.mailFrom });
// Picks up where the last run stopped: mail still queued, or an All Users audience half expanded.
const mailQueue = createMailQueue({ db, mailer, domain: messageIdDomain(config.mailFrom) });
const app = createApp({
  db,
  config,
  mailer,
  mailQueue,
  distDir: fileURLToPath(new URL('../dist', import.meta.url)),
});
mailQueue.start();
// Suspensions whose time came while no server ran end now; then every minute.
const restrictionSweeper = createRestrictionSweeper({ db });
restrictionSweeper.start();
// Mail stored by another process on the database wakes this worker at once (the queue's poll is the fallback).
const mailWake = await listen(postgres.url, MAIL_CHANNEL, () => mailQueue.wake());

const everywhere = config.host === '0.0.0.0' || config.host === '::';
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  const host = everywhere ? 'localhost' : config.host.includes(':') ? `[${config.host}]` : config.host;
  console.log(
    `Admin console and API on http://${host}:${info.port}${everywhere ? ' (and every other address of this machine)' : ''}`,
  );
  if (firstStart)
    console.log(
      `Sign in with ${config.adminEmail} / ${config.adminPassword === DEFAULT_ADMIN_PASSWORD ? DEFAULT_ADMIN_PASSWORD : '(ADMIN_PASSWORD)'}`,
    );
  else if (defaulted.length)
    console.log(
      `The admin still has the default password: change it in the profile before setting HOST to an address other machines reach.`,
    );
  console.log(
    `Data in ${config.databaseUrl ? 'the PostgreSQL of DATABASE_URL' : join(config.dataDir, 'pg')} and ${config.dataDir}${config.smtpUrl ? '' : `; outgoing mail in ${join(config.dataDir, 'outbox')}`}`,
  );
});

let stopping = false;
/** The database closes last (and the embedded PostgreSQL stops): the mail in flight is recorded before. */
let closing: Promise<void> | undefined;
const closeAndExit = () => {
  if (closing) return;
  closing = mailWake.close().then(() => postgres.close());
  void closing.then(
    () => process.exit(0),
    (error: unknown) => {
      console.error('Stopping the database failed:', error);
      process.exit(1);
    },
  );
};
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping…`);
  // The messages in flight are recorded before the database closes; the rest stay queued for the next start.
  const queueStopped = Promise.all([mailQueue.stop(), restrictionSweeper.stop()]).then(() => undefined);
  server.close(() => void queueStopped.then(closeAndExit, closeAndExit));
  // Neither clients keeping connections open nor a send that hangs hold the stop up for long: what was not recorded
  // stays queued, and is delivered once its lease ends.
  setTimeout(closeAndExit, 3000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
