import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { createApp } from '../app';
import { dbOver, type Db } from '../db/postgres/db';
import { createPool } from '../db/postgres/pool';
import { ROLE_LABELS, type Role } from '../../contract/roles';
import { issueToken, startSession } from '../lib/auth';
import { newId } from '../lib/ids';
import { createMailer, type Mailer } from '../lib/mail';
import { createMailQueue, type MailQueueOptions } from '../lib/mail-queue';
import { createRestrictionSweeper } from '../lib/restrictions';
import { STRIKE_DAYS_DEFAULT } from '../../contract/restrictions';
import { fileKeeper, UploadStore } from '../lib/uploads';
import { bootstrap } from '../seed/bootstrap';
import { seedDemo } from '../seed/demo';
import { createDatabase } from './postgres/database';

export const ADMIN = { email: 'admin@example.com', password: 'Admin@123' };
export const SECRET = 'test-secret-that-is-long-enough';

/**
 * A fresh app over a fresh database (a copy of the run's migrated template) and data dir, driven in-process with
 * app.request(). Made inside a test, it stops its mail worker and closes its pool when the test finishes; made
 * elsewhere (beforeAll), whoever made it may call close(), and the run's teardown drops the database regardless.
 */
export async function makeServer(
  options: {
    seedUsers?: number;
    /** An existing database (`databaseUrl` of an earlier server): a restart over the same data. */
    databaseUrl?: string;
    dataDir?: string;
    distDir?: string;
    trustProxy?: boolean;
    /** TWO_FACTOR_REQUIRED on the first start (off unless given, so that the admin signs in with the password). */
    twoFactorRequired?: boolean;
    /** SESSION_IDLE_MINUTES (30 unless given). */
    sessionIdleMinutes?: number;
    mailer?: Mailer;
    /** The mail queue's clock, schedule and sizes; `start: false` leaves its worker to the test (queue.drain()). */
    queue?: Partial<Omit<MailQueueOptions, 'db' | 'mailer'>> & { start?: boolean };
    /** The restriction sweep's clock (ms since the epoch) and interval; it sweeps once as the server starts. */
    restrictions?: { clock?: () => number; intervalMs?: number };
    /** STRIKE_DAYS (180 unless given). */
    strikeDays?: number;
  } = {},
) {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'console-api-test-'));
  const databaseUrl = options.databaseUrl ?? (await createDatabase());
  const pool = createPool(databaseUrl);
  const db = dbOver(pool);
  await bootstrap(db, { ...ADMIN, twoFactorRequired: options.twoFactorRequired ?? false });
  if (options.seedUsers !== undefined)
    await seedDemo(db, new UploadStore(dataDir), { users: options.seedUsers });
  await fileKeeper(db, new UploadStore(dataDir)).sweep();
  const config = {
    dataDir,
    jwtSecret: SECRET,
    tokenTtlSeconds: 3600,
    sessionIdleMinutes: options.sessionIdleMinutes ?? 30,
    publicUrl: 'http://console.test',
    trustProxy: options.trustProxy ?? false,
    strikeDays: options.strikeDays ?? STRIKE_DAYS_DEFAULT,
  };
  // The mailer the app gets, counting the messages being sent: the outbox's .eml file exists from the moment its
  // write starts, and is whole only once the transport's send() has settled.
  const transport = options.mailer ?? createMailer({ dataDir, smtpUrl: undefined, from: 'test@localhost' });
  let sending = 0;
  const mailer: Mailer = {
    async send(mail) {
      sending += 1;
      try {
        await transport.send(mail);
      } finally {
        sending -= 1;
      }
    },
  };
  const { start = true, ...queueOptions } = options.queue ?? {};
  const queue = createMailQueue({ db, mailer, domain: 'console.test', ...queueOptions });
  if (start) queue.start();
  const app = createApp({ db, config, mailer, mailQueue: queue, distDir: options.distDir });
  const sweeper = createRestrictionSweeper({ db, ...options.restrictions });
  sweeper.start();
  let closed: Promise<void> | undefined;
  /** Stops the mail worker and the restriction sweep, then closes the pool (once; later calls wait for the first). */
  const close = () => (closed ??= Promise.all([queue.stop(), sweeper.stop()]).then(() => pool.end()));
  try {
    onTestFinished(close);
  } catch {
    /* made outside a test */
  }
  const { id: adminId } = await db.one<{ id: string }>(
    "SELECT id FROM users WHERE role = 'admin' ORDER BY rowid LIMIT 1",
  );
  const token = await sessionToken(db, adminId);

  /** `remote` stands in for the socket's peer address, which app.request() does not have. */
  async function call(
    method: string,
    path: string,
    init: {
      json?: unknown;
      form?: FormData;
      body?: string;
      token?: string | null;
      headers?: Record<string, string>;
      remote?: string;
    } = {},
  ) {
    const headers: Record<string, string> = { ...init.headers };
    const bearer = init.token === undefined ? token : init.token;
    if (bearer) headers.Authorization = `Bearer ${bearer}`;
    let body: string | FormData | undefined = init.body;
    if (init.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(init.json);
    } else if (init.form) body = init.form;
    const env = init.remote ? { incoming: { socket: { remoteAddress: init.remote } } } : undefined;
    const response = await app.request(path, { method, headers, body }, env);
    const text = await response.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      /* not JSON */
    }
    return { status: response.status, headers: response.headers, body: json, text };
  }

  /**
   * The messages in the outbox (DATA_DIR/outbox, one .eml file each). Throws while a message is still being sent, so
   * that a file is never read half written: call it inside vi.waitFor(), which tries again.
   */
  const outbox = () => {
    if (sending > 0) throw new Error(`${sending} message(s) still being sent`);
    const dir = join(dataDir, 'outbox');
    return readdirSync(dir)
      .filter((file) => file.endsWith('.eml'))
      .map((file) => readFileSync(join(dir, file), 'utf8'));
  };

  return {
    app,
    db: db as Db,
    pool,
    databaseUrl,
    dataDir,
    token,
    adminId,
    call,
    outbox,
    queue,
    sweeper,
    close,
  };
}

/**
 * A token of a new session of the admin `adminId`, as a sign-in from `userAgent` would start it (the test server's
 * policy: TOKEN_TTL 3600 s, 30 idle minutes); `ttlSeconds` may be negative for a token that has expired.
 */
export async function sessionToken(
  db: Db,
  adminId: string,
  { tokenVersion = 0, ttlSeconds = 3600, userAgent = '' } = {},
) {
  const sessionId = await db.transaction((tx) =>
    startSession(
      tx,
      { tokenTtlSeconds: 3600, sessionIdleMinutes: 30 },
      { adminId, ip: 'unknown', userAgent, at: new Date() },
    ),
  );
  return issueToken({ id: adminId, tokenVersion, sessionId }, SECRET, ttlSeconds);
}

/**
 * A new admin of `role` (contract/roles.ts; null for an admin without one) and a token of a new session of theirs.
 * Their e-mail is `<role>-<n>@example.com`.
 */
let adminsMade = 0;
export async function adminWithRole(db: Db, role: Role | null) {
  adminsMade += 1;
  const id = newId();
  await db.run(
    `INSERT INTO users (id, role, admin_role, name, surname, email, created_at, updated_at)
     VALUES ($1, 'admin', $2, $3, 'Admin', $4, now(), now())`,
    [id, role, role ? ROLE_LABELS[role] : 'Roleless', `${role ?? 'none'}-${adminsMade}@example.com`],
  );
  return { id, token: await sessionToken(db, id) };
}

/**
 * The body of a member's deactivation ('restrictions': every deactivation is a restriction): a permanent one citing a
 * policy, a Report Element put in the database for it (no activity entry), with `facts`; `withheld` withholds the
 * statement (no mail).
 */
export async function restrictionBody(
  db: Db,
  { facts = 'Spam links sent to members', withheld }: { facts?: string; withheld?: string } = {},
) {
  const policyId = newId();
  await db.run(
    `INSERT INTO report_elements (id, message, enabled, created_at, updated_at) VALUES ($1, $2, true, now(), now())`,
    [policyId, `Policy ${policyId.slice(-6)}`],
  );
  return {
    restriction: { policyId, facts, endsAt: null, ...(withheld ? { withheldReason: withheld } : {}) },
  };
}

export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export function pngFile(name = 'icon.png') {
  return new File([PNG_BYTES], name, { type: 'image/png' });
}

/** Tomorrow as YYYY-MM-DD (a date the forms accept as not past). */
export const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** A multipart body of these fields. */
export function form(fields: Record<string, string | File>) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  return body;
}

/** A valid offer's multipart fields, with its two images. */
export const offerFields = () => ({
  title: 'Deal',
  off: '10',
  expireDate: tomorrow(),
  description: '<p>d</p>',
  enabled: 'true',
  file: pngFile(),
  document: pngFile(),
});

/** A valid event's multipart fields, with its image. */
export const eventFields = () => ({
  name: 'Quiz night',
  venue: 'The Crown',
  startTime: '18:30',
  endTime: '21:00',
  date: tomorrow(),
  numberOfParticipants: '20',
  file: pngFile(),
});
