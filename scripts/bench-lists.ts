// `npm run bench:lists`: sorted users pages and the users export at the product's size (1,000,000 users).
// Seeds a DATA_DIR (or reuses BENCH_DATA_DIR when it already holds BENCH_USERS users), starts the real server as its
// own process, then:
// - sends BENCH_REQUESTS requests per scenario, BENCH_CONCURRENCY at a time, for every sort field both ways, with and
//   without the status / plan filters, on the first page, page 5,000 and the middle page (the deepest: a page past
//   the middle is read from the other end), and reports p50 / p95 latency;
// - exports the whole list (and a sorted one), reading the stream as a client does, and reports the time, the bytes,
//   the rows, and the server's resident memory before and at its peak during the export (sampled every 50 ms);
// - reports the size of the sort indexes (pg_relation_size).
// BENCH_ONLY=sorted, searched or export runs that part alone.
// Only talks to 127.0.0.1.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../server/db/postgres/db';
import {
  measure as measureRequests,
  memoryMb,
  seedUsers,
  signIn,
  startServer,
  stopServer,
} from './bench-support';

const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const PORT = Number(process.env.BENCH_PORT ?? 3927);
const ONLY = process.env.BENCH_ONLY;
const runs = (part: 'sorted' | 'searched' | 'export') => !ONLY || ONLY === part;

function indexSizes(db: Db) {
  return db.many<{ name: string; bytes: number }>(
    `SELECT relname AS name, pg_relation_size(oid) AS bytes FROM pg_class
     WHERE relname LIKE 'users\\_sort\\_%' OR relname IN ('users', 'users_search', 'users_role', 'users_role_enabled', 'users_role_plan', 'users_role_plan_enabled')
     ORDER BY relname`,
  );
}

const measure = (path: string, token: string) =>
  measureRequests({ port: PORT, path, token, requests: REQUESTS, concurrency: CONCURRENCY });

async function exportAll(query: string, token: string, pid: number) {
  const before = memoryMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, memoryMb(pid))), 50);
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${PORT}/api/admin/list/export${query}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  let bytes = 0;
  let lines = 0;
  const reader = response.body!.getReader();
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    bytes += chunk.value.length;
    for (const byte of chunk.value) if (byte === 10) lines += 1;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, memoryMb(pid));
  return {
    seconds,
    bytes,
    rows: lines - 1,
    total: Number(response.headers.get('x-total-count')),
    before,
    peak,
  };
}

const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'console-bench-lists-'));
const keep = Boolean(process.env.BENCH_DATA_DIR);
console.log(
  `${existsSync(join(dataDir, 'pg')) || process.env.DATABASE_URL ? 'Using' : 'Seeding'} ${USERS.toLocaleString('en')} users in ${dataDir}…`,
);
const seedStarted = performance.now();
const seeded = await seedUsers(dataDir, USERS);
console.log(`Ready in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
const sizes = await indexSizes(seeded.db);
await seeded.close();

const server = await startServer({ port: PORT, dataDir });
try {
  const token = await signIn(PORT);
  /** How many users the list's query keeps (its answer's count). */
  const countOf = async (query: string) => {
    const answer = await fetch(`http://127.0.0.1:${PORT}/api/admin/list?items=10${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await answer.json()) as { pagination: { count: number } }).pagination.count;
  };

  if (runs('sorted')) {
    const filters = [
      ['no filter', ''],
      ['Inactive', '&filter=user.enabled&equal=false'],
      ['Gold', '&planFilter=gold'],
      ['Active + Silver', '&filter=user.enabled&equal=true&planFilter=silver'],
    ] as const;
    const sorts = ['', 'name', 'email', 'created', 'status'].flatMap((field) =>
      field ? [`&sort=${field}&order=asc`, `&sort=${field}&order=desc`] : [''],
    );
    console.log(
      `\n${REQUESTS} requests per scenario, ${CONCURRENCY} at a time, 10 a page, ${USERS.toLocaleString('en')} users\n`,
    );
    console.log(
      '| filter | sort | users | page 1 p50 / p95 (ms) | page 5,000 p50 / p95 | middle page | p50 / p95 |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|');
    let worst = 0;
    for (const [label, filter] of filters) {
      const count = await countOf(filter);
      const middle = Math.ceil(count / 10 / 2);
      for (const sort of sorts) {
        const cells: string[] = [];
        for (const page of [1, 5000, middle]) {
          if (page * 10 > count) {
            cells.push('—');
            continue;
          }
          const path = `/api/admin/list?items=10&page=${page}${filter}${sort}`;
          await measure(path, token); // warm-up: the index's pages into the cache
          const result = await measure(path, token);
          if (result.failures) console.log(`  (${result.failures} failed or empty answers: ${path})`);
          worst = Math.max(worst, result.p95);
          cells.push(`${result.p50.toFixed(1)} / ${result.p95.toFixed(1)}`);
        }
        const name = sort ? sort.replace('&sort=', '').replace('&order=', ' ') : '(none: newest first)';
        console.log(
          `| ${label} | ${name} | ${count.toLocaleString('en')} | ${cells[0]} | ${cells[1]} | ${middle.toLocaleString('en')} | ${cells[2]} |`,
        );
      }
    }
    console.log(`\nWorst p95: ${worst.toFixed(1)} ms`);
  }

  if (runs('searched')) {
    console.log(
      '\nSearched (sorted: up to 10,000 matches are sorted; past that the index is walked keeping them):\n',
    );
    console.log('| query | matches | page 1 p50 / p95 (ms) | middle page | p50 / p95 |');
    console.log('|---|---:|---:|---:|---:|');
    let worstSearched = 0;
    for (const query of [
      '&q=sophia.dubois&fields=name,email,phoneNumber&sort=name',
      '&q=ava&fields=name,email,phoneNumber&sort=email&order=desc',
      '&q=ava&fields=name,email,phoneNumber&sort=name',
      '&q=son&fields=name,email&sort=created',
      '&q=example&fields=email&sort=name',
      // A full name, every word found: the users list (newest first and sorted), the mail picker, and two common words.
      '&q=Mateo%20Haddad&fields=name,email,phoneNumber',
      '&q=Mateo%20Haddad&fields=name,email,phoneNumber&sort=name',
      '&q=Mateo%20Haddad&fields=name,surname',
      '&q=ava%20son&fields=name,email,phoneNumber&sort=email&order=desc',
      '&q=Mateo%20H&fields=name,email,phoneNumber',
    ]) {
      const count = await countOf(query);
      const middle = Math.max(1, Math.ceil(count / 10 / 2));
      const cells: string[] = [];
      for (const page of [1, middle]) {
        const path = `/api/admin/list?items=10&page=${page}${query}`;
        await measure(path, token);
        const result = await measure(path, token);
        if (result.failures) console.log(`  (${result.failures} failed or empty answers: ${path})`);
        worstSearched = Math.max(worstSearched, result.p95);
        cells.push(`${result.p50.toFixed(1)} / ${result.p95.toFixed(1)}`);
      }
      console.log(
        `| \`${query.slice(1)}\` | ${count.toLocaleString('en')} | ${cells[0]} | ${middle.toLocaleString('en')} | ${cells[1]} |`,
      );
    }
    console.log(`\nWorst searched p95: ${worstSearched.toFixed(1)} ms`);
  }

  if (runs('export')) {
    console.log('\nExport (GET /api/admin/list/export), read as a client reads it:\n');
    console.log('| query | rows | X-Total-Count | MB | seconds | server RSS before → peak (MB) |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const query of [
      '',
      '?sort=name&order=desc',
      '?sort=status',
      '?filter=user.enabled&equal=false&sort=email',
      // Every user matches: their order is written to a temporary table first.
      '?q=example&fields=email&sort=name',
    ]) {
      const result = await exportAll(query, token, server.pid!);
      console.log(
        `| \`${query || '(all)'}\` | ${result.rows.toLocaleString('en')} | ${result.total.toLocaleString('en')} | ${(result.bytes / 1e6).toFixed(1)} | ${result.seconds.toFixed(1)} | ${result.before.toFixed(0)} → ${result.peak.toFixed(0)} |`,
      );
    }
  }

  console.log('\nIndex sizes (dbstat):\n');
  console.log('| index | MB |');
  console.log('|---|---:|');
  for (const { name, bytes } of sizes) console.log(`| ${name} | ${(bytes / 1e6).toFixed(1)} |`);
} finally {
  await stopServer(server);
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
