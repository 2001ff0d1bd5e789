// What the benchmarks share: seeding users at the product's size, the real server as its own process, signing in,
// memory from /proc, percentiles. Only talks to 127.0.0.1.
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, createWriteStream, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dbOver, type Db } from '../server/db/postgres/db';
import { openPostgres } from '../server/db/postgres/open';
import { seedScale } from '../server/seed/scale';

export const ADMIN = { email: 'admin@example.com', password: 'Admin@123' };
export const root = fileURLToPath(new URL('..', import.meta.url));
export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A benchmark's database: DATABASE_URL's, or the embedded PostgreSQL in DATA_DIR/pg (stopped by close()). */
export type BenchDatabase = { db: Db; url: string; close(): Promise<void> };

/** The database the server on `dataDir` will use, opened (and migrated). */
export async function openBenchDatabase(dataDir: string): Promise<BenchDatabase> {
  // BENCH_DATA_DIR may name a folder that does not exist yet: the first run seeds it, the next ones reuse it.
  mkdirSync(dataDir, { recursive: true });
  // Run as root, the embedded PostgreSQL runs as the user postgres, which must reach DATA_DIR/pg.
  chmodSync(dataDir, 0o755);
  const postgres = await openPostgres({ databaseUrl: process.env.DATABASE_URL, dataDir });
  return { db: dbOver(postgres.pool), url: postgres.url, close: () => postgres.close() };
}

/**
 * `count` users (seed:scale's members: names, e-mails, phones, genders, statuses, plans, joining dates over five
 * years) and the admin, written by PostgreSQL itself (server/seed/scale.ts): a million in minutes, not hours. A
 * database that already holds exactly `count` users is used as it is. The database is returned open: close it before
 * a server starts on the same DATA_DIR.
 */
export async function seedUsers(dataDir: string, count: number): Promise<BenchDatabase> {
  const opened = await openBenchDatabase(dataDir);
  const { db } = opened;
  const { n: seeded } = await db.one<{ n: number }>(
    "SELECT coalesce(sum(n), 0)::bigint AS n FROM user_counts WHERE role = 'user'",
  );
  if (seeded === count) return opened;
  if (seeded > 0) {
    await opened.close();
    throw new Error(`${dataDir} holds ${seeded} users, not ${count}`);
  }
  // The benchmarks sign in with the password alone.
  await seedScale(db, { users: count, admin: { ...ADMIN, twoFactorRequired: false } });
  return opened;
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
    env: { ...env, PORT: String(port), DATA_DIR: dataDir, SEED_DEMO: '0', TWO_FACTOR_REQUIRED: 'false' },
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
