import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { http } from 'msw';
import pg from 'pg';
import { inject, onTestFinished } from 'vitest';
import { ROLE_LABELS, type Role } from '@contract/roles';
import { createApp } from '../../server/app';
import { dbOver, type Db } from '../../server/db/postgres/db';
import { createPool, databaseUrl, type Pool } from '../../server/db/postgres/pool';
import { issueToken, startSession } from '../../server/lib/auth';
import { newId } from '../../server/lib/ids';
import { createMailer } from '../../server/lib/mail';
import { createMailQueue, type MailQueue } from '../../server/lib/mail-queue';
import { createRestrictionSweeper } from '../../server/lib/restrictions';
import { STRIKE_DAYS_DEFAULT } from '@contract/restrictions';
import { CONSOLE_ADMIN } from './api-fixture';

/**
 * The reference server behind the console's tests: its app (server/app.ts) answering in-process, over a database of
 * the test file's own, copied from the run's template with the demo data (tests/support/global-setup.ts). MSW stays
 * the network layer: `apiHandlers` hand every /api and /uploads request to the app, and a test's own handlers
 * (faults: slow, 500, 401, offline, a malformed answer) layer over them with server.use().
 */

const SECRET = 'console-test-secret-that-is-long-enough';
const TOKEN_TTL_SECONDS = 3600;

type Admin = { _id: string; name: string; surname: string; email: string; photo: string; role: Role | null };

type Running = {
  app: ReturnType<typeof createApp>;
  db: Db;
  pool: Pool;
  url: string;
  dataDir: string;
  owner: Admin;
  mailQueue: MailQueue;
  close: () => Promise<void>;
};

let running: Running | undefined;
/** The admin the console is signed in as, and the token of their session. */
let signedIn: { admin: Admin; token: string } | undefined;

/** The requests the server is answering now, each with its method and path. */
const inFlight = new Map<Promise<Response>, string>();

/**
 * Waits for the requests the server is answering (a screen's last calls, sent as it was taken down) to be answered,
 * at most `ms`: the ones still unanswered then, as 'GET /api/…'. After a test (setup.ts), so that none of its calls
 * is answered during the next test over the same data; before the server stops, so that none loses its pool.
 */
export async function settleRequests(ms = 2000): Promise<string[]> {
  if (inFlight.size === 0) return [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(inFlight.keys()),
    new Promise((resolve) => (timer = setTimeout(resolve, ms))),
  ]);
  clearTimeout(timer);
  return [...inFlight.values()];
}

function current(): Running {
  if (!running) throw new Error('The test API server has not started (tests/support/setup.ts starts it)');
  return running;
}

async function newDatabase(): Promise<string> {
  const { url } = inject('postgres');
  const { template } = inject('consoleApi');
  const name = `${template}_${Math.random().toString(16).slice(2, 12)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  } finally {
    await client.end();
  }
  return databaseUrl(url, name);
}

async function dropDatabase(databaseUrlToDrop: string) {
  const name = new URL(databaseUrlToDrop).pathname.slice(1);
  const client = new pg.Client({ connectionString: inject('postgres').url });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

async function start(): Promise<Running> {
  const url = await newDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'console-web-test-'));
  cpSync(inject('consoleApi').dataDir, dataDir, { recursive: true });
  const pool = createPool(url, { max: 4 });
  const db = dbOver(pool);
  const config = {
    dataDir,
    jwtSecret: SECRET,
    tokenTtlSeconds: TOKEN_TTL_SECONDS,
    sessionIdleMinutes: 30,
    publicUrl: 'http://localhost:3000',
    trustProxy: false,
    strikeDays: STRIKE_DAYS_DEFAULT,
  };
  const mailer = createMailer({ dataDir, smtpUrl: undefined, from: 'test@localhost' });
  const mailQueue = createMailQueue({ db, mailer, domain: 'console.test' });
  mailQueue.start();
  const sweeper = createRestrictionSweeper({ db });
  sweeper.start();
  const app = createApp({ db, config, mailer, mailQueue });
  const row = await db.one<{
    id: string;
    name: string;
    surname: string;
    photo: string | null;
    admin_role: Role;
  }>('SELECT id, name, surname, photo, admin_role FROM users WHERE email = $1', [CONSOLE_ADMIN.email]);
  const owner: Admin = {
    _id: row.id,
    name: row.name,
    surname: row.surname,
    email: CONSOLE_ADMIN.email,
    photo: row.photo ?? '',
    role: row.admin_role,
  };
  const close = async () => {
    await Promise.all([mailQueue.stop(), sweeper.stop()]);
    await pool.end();
    await dropDatabase(url);
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { app, db, pool, url, dataDir, owner, mailQueue, close };
}

/** Starts the test file's server (tests/support/setup.ts, before the file's tests). */
export async function startApiServer() {
  running = await start();
  signedIn = undefined;
}

/** Stops it and drops its database (after the file's tests). */
export async function stopApiServer() {
  const stopping = running;
  running = undefined;
  signedIn = undefined;
  // A request the last test's screen sent as it was taken down is answered before the pool closes under it. One
  // still running is left to fail on the closed pool: its test has ended, and the next one has another server.
  const unanswered = await settleRequests();
  if (unanswered.length)
    console.warn(`The test API server stopped while answering ${unanswered.join(', ')} (over 2 s)`);
  await stopping?.close();
}

/**
 * Puts the demo data back: a new copy of the template and a new server over it, as at the start of the file, signed
 * in as its Owner again (call signInAs() after it for another admin). For the tests whose writes the next test must
 * not see (a file's beforeEach(resetData)); the others share the file's data.
 */
export async function resetData() {
  await stopApiServer();
  await startApiServer();
  await signInAs('owner');
}

/** Every API and media request, answered by the reference server. */
export const apiHandlers = [
  http.all('*/api/*', ({ request }) => answerFromServer(request)),
  http.all('*/uploads/*', ({ request }) => answerFromServer(request)),
];

/** The reference server's answer to `request`. */
export async function answerFromServer(request: Request): Promise<Response> {
  const answer = Promise.resolve(current().app.fetch(request));
  inFlight.set(answer, `${request.method} ${new URL(request.url).pathname}`);
  void answer.finally(() => inFlight.delete(answer)).catch(() => undefined);
  return answer;
}

/** The routes the reference server answers, as its app lists them: a method and a path ('GET', '/api/faq/read/:id'). */
export function serverRoutes(): { method: string; path: string }[] {
  return current().app.routes.map(({ method, path }) => ({ method, path }));
}

async function tokenFor(adminId: string) {
  const { db } = current();
  const sessionId = await db.transaction((tx) =>
    startSession(
      tx,
      { tokenTtlSeconds: TOKEN_TTL_SECONDS, sessionIdleMinutes: 30 },
      { adminId, ip: 'unknown', userAgent: 'console test', at: new Date() },
    ),
  );
  return issueToken({ id: adminId, tokenVersion: 0, sessionId }, SECRET, TOKEN_TTL_SECONDS);
}

let adminsMade = 0;

/**
 * Signs the console's tests in as an admin of `role` from now on (a new admin of that role, with a session of their
 * own), or as the seed's Owner (`'owner'` with no new admin unless `fresh`). renderApp() stores this session.
 */
export async function signInAs(role: Role | null = 'owner', { fresh = false } = {}) {
  const { db, owner } = current();
  if (role === 'owner' && !fresh) {
    signedIn = { admin: owner, token: await tokenFor(owner._id) };
    return signedIn;
  }
  adminsMade += 1;
  const admin: Admin = {
    _id: newId(),
    name: role ? ROLE_LABELS[role] : 'Roleless',
    surname: 'Admin',
    email: `${role ?? 'none'}-${adminsMade}@example.com`,
    photo: '',
    role,
  };
  await db.run(
    `INSERT INTO users (id, role, admin_role, name, surname, email, photo, created_at, updated_at)
     VALUES ($1, 'admin', $2, $3, $4, $5, '', now(), now())`,
    [admin._id, role, admin.name, admin.surname, admin.email],
  );
  signedIn = { admin, token: await tokenFor(admin._id) };
  return signedIn;
}

/** The admin and token the console is signed in with (the seed's Owner until signInAs() chose another). */
export async function currentAdmin() {
  return signedIn ?? (await signInAs('owner'));
}

/** The signed-in admin as known synchronously: renderApp() needs it after the file's beforeAll signed in. */
export function signedInNow() {
  if (!signedIn) throw new Error('No admin is signed in: setup.ts signs in the Owner before each test');
  return signedIn;
}

type Answer<T> = { status: number; body: T & { success?: boolean; message?: string } };

/**
 * The API as a client sees it, for a test's arrangement and its check of what the console did: a request to the
 * reference server with the signed-in admin's token (`token: null` for none), its JSON answer parsed.
 */
export async function callApi<T = Record<string, unknown>>(
  method: string,
  path: string,
  init: { json?: unknown; form?: FormData; token?: string | null } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {};
  const token = init.token === undefined ? (await currentAdmin()).token : init.token;
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | FormData | undefined;
  if (init.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(init.json);
  } else if (init.form) body = init.form;
  const response = await current().app.request(path, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Answer<T>['body'] };
}

/** Shorthands of callApi for a successful call: its `result` (or the whole answer), or an error naming the refusal. */
export const api = {
  async get<T = unknown>(path: string): Promise<T> {
    return expectOk<T>(await callApi('GET', path), 'GET', path);
  },
  async post<T = unknown>(path: string, json?: unknown): Promise<T> {
    return expectOk<T>(await callApi('POST', path, { json }), 'POST', path);
  },
  async patch<T = unknown>(path: string, json?: unknown): Promise<T> {
    return expectOk<T>(await callApi('PATCH', path, { json }), 'PATCH', path);
  },
  async put<T = unknown>(path: string, json?: unknown): Promise<T> {
    return expectOk<T>(await callApi('PUT', path, { json }), 'PUT', path);
  },
  async delete<T = unknown>(path: string): Promise<T> {
    return expectOk<T>(await callApi('DELETE', path), 'DELETE', path);
  },
  async form<T = unknown>(method: string, path: string, form: FormData): Promise<T> {
    return expectOk<T>(await callApi(method, path, { form }), method, path);
  },
};

function expectOk<T>(answer: Answer<unknown>, method: string, path: string): T {
  if (answer.status >= 400)
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  const body = answer.body as { result?: unknown };
  return (body.result !== undefined ? body.result : body) as T;
}

/**
 * The test file's database, for what no API shows (a row's stored column) or to arrange what no API can (a report
 * from a member): plain SQL against the server's schema (server/db/postgres/migrations).
 */
export function testDb(): Db {
  return current().db;
}

/**
 * Invites an admin as the signed-in admin would (POST /api/admin/admins/invite), and reads the link's token from the
 * invitation mail the server stored: the invitee's admin as the Admins list answers it, and the token the invitation
 * page (/invitation/<token>) and POST /api/invitation/accept take.
 */
export async function inviteAdmin(invitee: { name: string; email: string; role: Role }) {
  const admin = await api.post<{ _id: string; name: string; email: string }>(
    '/api/admin/admins/invite',
    invitee,
  );
  const { body } = await testDb().one<{ body: string }>(
    `SELECT m.body FROM admin_invitations i JOIN mails m ON m.id = i.mail_id
     WHERE i.admin_id = $1 AND i.ended_at IS NULL`,
    [admin._id],
  );
  const token = /\/invitation\/([\w-]+)/.exec(body)?.[1];
  if (!token) throw new Error(`The invitation mail of ${invitee.email} holds no link`);
  return { admin, token };
}

/** The server's data directory (its outbox of sent mail, its uploads). */
export function serverDataDir(): string {
  return current().dataDir;
}

/**
 * Holds the server's mail queue for the rest of the test: a mail stored meanwhile stays queued (its delivery shows
 * as going out) until deliverMail() works through what is due. The worker starts again after the test.
 */
export async function holdMail() {
  const { mailQueue } = current();
  await mailQueue.stop();
  onTestFinished(() => mailQueue.start());
}

/** While the queue is held (holdMail): delivers every delivery due now, into serverDataDir()'s outbox. */
export async function deliverMail() {
  await current().mailQueue.drain();
}
