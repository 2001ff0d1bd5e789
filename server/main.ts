import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/connection';
import { createMailer, messageIdDomain } from './lib/mail';
import { createMailQueue } from './lib/mail-queue';
import { UploadStore } from './lib/uploads';
import { bootstrap } from './seed/bootstrap';
import { seedDemo } from './seed/demo';

const config = loadConfig();
const db = openDatabase(join(config.dataDir, 'console.db'));
const firstStart = !db.prepare("SELECT 1 FROM users WHERE role = 'admin'").get();
await bootstrap(db, { email: config.adminEmail, password: config.adminPassword });
if (firstStart && config.seedDemo) {
  console.log('First start: creating demo data…');
  await seedDemo(db, new UploadStore(config.dataDir));
}

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

const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  console.log(`Admin console and API on http://localhost:${info.port}`);
  if (firstStart)
    console.log(
      `Sign in with ${config.adminEmail} / ${config.adminPassword === 'Admin@123' ? 'Admin@123' : '(ADMIN_PASSWORD)'}`,
    );
  console.log(
    `Data in ${config.dataDir}${config.smtpUrl ? '' : `; outgoing mail in ${join(config.dataDir, 'outbox')}`}`,
  );
});

let stopping = false;
function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping…`);
  // The messages in flight are recorded before the database closes; the rest stay queued for the next start.
  const queueStopped = mailQueue.stop();
  server.close(() => {
    void queueStopped.then(() => {
      db.close();
      process.exit(0);
    });
  });
  setTimeout(() => {
    db.close();
    process.exit(0);
  }, 3000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
