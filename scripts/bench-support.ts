// What the benchmarks share: seeding users at the product's size, the real server as its own process, signing in,
// memory from /proc, percentiles. Only talks to 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/connection';
import { bootstrap } from '../server/seed/bootstrap';
import { FIRST_NAMES, LAST_NAMES } from '../server/seed/demo';

export const ADMIN = { email: 'admin@example.com', password: 'Admin@123' };
export const root = fileURLToPath(new URL('..', import.meta.url));
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `count` users (names, e-mails, phones, genders; one in nine inactive, one in three verified, three in five with a
 * plan) and the admin, written by SQLite itself: a million in a minute or two, not hours. A DATA_DIR that already
 * holds exactly `count` users is used as it is. The database is returned open.
 */
export async function seedUsers(dataDir: string, count: number) {
  // BENCH_DATA_DIR may name a folder that does not exist yet: the first run seeds it, the next ones reuse it.
  mkdirSync(dataDir, { recursive: true });
  const db = openDatabase(join(dataDir, 'console.db'));
  const seeded = (db.prepare("SELECT count(*) AS n FROM users WHERE role = 'user'").get() as { n: number }).n;
  if (seeded === count) return db;
  if (seeded > 0) throw new Error(`${dataDir} holds ${seeded} users, not ${count}`);
  await bootstrap(db, ADMIN);
  db.pragma('cache_size = -400000');
  const names = (table: string, values: readonly string[]) => {
    db.exec(`CREATE TEMP TABLE ${table} (i INTEGER PRIMARY KEY, name TEXT)`);
    const insert = db.prepare(`INSERT INTO ${table} VALUES (?, ?)`);
    values.forEach((name, i) => insert.run(i, name));
  };
  names('first_names', FIRST_NAMES);
  names('last_names', LAST_NAMES);
  const numbers = `WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n + 1 < ${count})`;
  const id = "printf('%08x%016x', 1700000000 + n, n)";
  db.transaction(() => {
    db.exec(`${numbers}
      INSERT INTO users (id, role, name, surname, email, phone_number, country_code, gender, enabled, is_verified,
        created_at, updated_at)
      SELECT ${id}, 'user', f.name, l.name, lower(f.name || '.' || l.name || '.' || n || '@example.com'),
        CAST(7000000000 + n AS TEXT), '+44', CASE WHEN n % 2 THEN 'Male' ELSE 'Female' END, n % 9 <> 4, n % 3 = 0,
        strftime('%Y-%m-%dT%H:%M:%fZ', 1704067200 + n * 60, 'unixepoch'),
        strftime('%Y-%m-%dT%H:%M:%fZ', 1704067200 + n * 60, 'unixepoch')
      FROM seq JOIN first_names f ON f.i = n % ${FIRST_NAMES.length}
        JOIN last_names l ON l.i = (n / ${FIRST_NAMES.length}) % ${LAST_NAMES.length}`);
    db.exec(`${numbers}
      INSERT INTO user_plans (user_id, product_id, status)
      SELECT ${id}, CASE n % 3 WHEN 0 THEN 'silver' WHEN 1 THEN 'gold' ELSE 'platinum' END, 'active'
      FROM seq WHERE n % 5 < 3`);
    db.exec('DROP TABLE first_names; DROP TABLE last_names;');
  })();
  db.pragma('optimize');
  return db;
}

/**
 * The real server as its own process on `port` (node runs it with tsx as a loader, so the pid is the server's: RSS
 * and SIGKILL reach it), without demo data; its output goes to `log` when given. Resolves once it answers.
 */
export async function startServer({
  port,
  dataDir,
  env = process.env,
  log,
  entry = join(root, 'server', 'main.ts'),
}: {
  port: number;
  dataDir: string;
  env?: NodeJS.ProcessEnv;
  log?: string;
  /** Another server's main module (an older build to compare with). */
  entry?: string;
}): Promise<ChildProcess> {
  const server = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '0' },
    stdio: log ? ['ignore', 'pipe', 'pipe'] : 'ignore',
  });
  if (log) {
    const out = createWriteStream(log, { flags: 'a' });
    server.stdout!.pipe(out);
    server.stderr!.pipe(out);
  }
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (server.exitCode !== null) throw new Error(`The server exited (${server.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/childsafetypolicy`)).ok) return server;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  server.kill('SIGKILL');
  throw new Error('The server did not start within 60 s');
}

/** Stops the server with `signal` and waits (at most 10 s) for it to exit. */
export async function stopServer(server: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill(signal);
  await Promise.race([exited, sleep(10_000)]);
}

/** The admin's token from a real sign-in. */
export async function signIn(port: number) {
  const answer = await fetch(`http://127.0.0.1:${port}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, isRole: 'admin' }),
  });
  if (!answer.ok) throw new Error(`Sign-in answered ${answer.status}`);
  return ((await answer.json()) as { result: { token: string } }).result.token;
}

/** Resident memory of a process, in MB: `VmRSS` now, or `VmHWM` (its peak so far). */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM' = 'VmRSS') {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
}

/** The value at percentile `p` of `values` (which need not be sorted). */
export function percentile(values: readonly number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * `requests` GETs of `path`, `concurrency` at a time, each timed until its JSON is read: p50 / p95 (ms), the
 * answers that failed or came back empty, and the last answer's pagination count.
 */
export async function measure({
  port,
  path,
  token,
  requests,
  concurrency = 1,
}: {
  port: number;
  path: string;
  token: string;
  requests: number;
  concurrency?: number;
}) {
  const latencies: number[] = [];
  let failures = 0;
  let count = 0;
  let next = 0;
  const worker = async () => {
    while (next < requests) {
      next += 1;
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${port}${path}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as { result?: unknown; pagination?: { count: number } };
      const empty = Array.isArray(body.result) ? body.result.length === 0 : !body.result;
      if (!response.ok || empty) failures += 1;
      count = body.pagination?.count ?? 0;
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), failures, count };
}
