// `npm run bench:activity`: the activity log's list at the product's size (1,000,000 entries).
// Seeds a DATA_DIR (or reuses BENCH_DATA_DIR when it already holds BENCH_ENTRIES entries) with entries spread over
// three years, five admins, every action and record type, written by PostgreSQL itself through the log's own triggers
// (so the day counters are the ones the server keeps), starts the real server as its own process, then sends
// BENCH_REQUESTS requests per scenario, BENCH_CONCURRENCY at a time, and reports p50 / p95 latency (counting included:
// every answer carries its count) for the unfiltered list and each filter alone on the first page, page 5,000, the
// middle page and the last page, for combined filters, and for the facets; then the size of the log's table, indexes
// and counters (pg_relation_size). Only talks to 127.0.0.1.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Db } from '../server/db/postgres/db';
import { RECORD_TYPES } from '../contract/activity';
import { ACTIVITY_ACTIONS } from '../contract/moderation';
import { bootstrap } from '../server/seed/bootstrap';
import {
  ADMIN,
  measure as measureRequests,
  openBenchDatabase,
  signIn,
  startServer,
  stopServer,
} from './bench-support';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 100);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const PORT = Number(process.env.BENCH_PORT ?? 3928);
const BUDGET_MS = 50;
/** The entries span three years up to this instant, one every ~95 s at a million. */
const END = Date.parse('2026-01-01T00:00:00.000Z');
const SPAN_SECONDS = 3 * 365 * 86_400;
const ADMINS = 5;

/** The bootstrap admin plus four more, and a million entries among them, through the log's insert trigger. */
async function seed(dataDir: string) {
  const opened = await openBenchDatabase(dataDir);
  const { db } = opened;
  const { n: seeded } = await db.one<{ n: number }>(
    "SELECT coalesce(sum(n), 0)::bigint AS n FROM activity_days WHERE dim = 'all'",
  );
  if (seeded === ENTRIES) return opened;
  if (seeded > 0) {
    await opened.close();
    throw new Error(`${dataDir} holds ${seeded} entries, not ${ENTRIES}`);
  }
  await bootstrap(db, { ...ADMIN, twoFactorRequired: false });
  const stamp = new Date().toISOString();
  for (let i = 1; i < ADMINS; i += 1)
    await db.run(
      "INSERT INTO users (id, role, name, surname, email, created_at, updated_at) VALUES ($1, 'admin', $2, 'Moderator', $3, $4, $4)",
      [`${'a'.repeat(23)}${i}`, `Admin ${i}`, `admin${i}@example.com`, stamp],
    );
  const step = SPAN_SECONDS / ENTRIES;
  const start = END / 1000 - SPAN_SECONDS;
  await db.run(
    `WITH admins AS (
       SELECT row_number() OVER (ORDER BY rowid) - 1 AS i, id, name || ' ' || surname AS name, email
       FROM users WHERE role = 'admin'
     )
     INSERT INTO activity (id, created_at, admin_id, admin_name, admin_email, action, record_type, record_id,
       record_name, summary, reason)
     SELECT lpad(to_hex($1::bigint + floor(n * $2::float8)::bigint), 8, '0') || lpad(to_hex(n), 16, '0'),
       to_timestamp($1::bigint + n * $2::float8), a.id, a.name, a.email,
       ($3::text[])[n % array_length($3::text[], 1) + 1],
       ($4::text[])[(n / 3) % array_length($4::text[], 1) + 1],
       lpad(to_hex(n % 5000), 24, '0'), 'Record ' || (n % 5000), 'name: "Yoga" → "Hot yoga"',
       CASE WHEN n % 9 = 4 THEN 'Spam links in chat' END
     FROM generate_series(0, $5::bigint - 1) AS n JOIN admins a ON a.i = (n * 7 / 11) % $6`,
    [start, step, ACTIVITY_ACTIONS, RECORD_TYPES, ENTRIES, ADMINS],
  );
  // The visibility map too, as autovacuum would leave it: deep pages are read from the indexes alone.
  await db.run('VACUUM ANALYZE');
  return opened;
}

function sizes(db: Db) {
  return db.many<{ name: string; bytes: number }>(
    "SELECT relname AS name, pg_relation_size(oid) AS bytes FROM pg_class WHERE relname LIKE 'activity%' ORDER BY relname",
  );
}

const measure = (path: string, token: string) =>
  measureRequests({ port: PORT, path, token, requests: REQUESTS, concurrency: CONCURRENCY });

const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'console-bench-activity-'));
const keep = Boolean(process.env.BENCH_DATA_DIR);
console.log(
  `${existsSync(join(dataDir, 'pg')) || process.env.DATABASE_URL ? 'Using' : 'Seeding'} ${ENTRIES.toLocaleString('en')} entries in ${dataDir}…`,
);
const seedStarted = performance.now();
const seeded = await seed(dataDir);
console.log(`Ready in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
const storage = await sizes(seeded.db);
const counterRows = (await seeded.db.one<{ n: number }>('SELECT count(*) AS n FROM activity_days')).n;
const someAdmin = (
  await seeded.db.one<{ id: string }>("SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1")
).id;
await seeded.close();

const server = await startServer({ port: PORT, dataDir });
try {
  const token = await signIn(PORT);

  const year = new Date(END).getUTCFullYear() - 1;
  const single = [
    ['no filter', ''],
    ['action=update', '&action=update'],
    ['recordType=faq', '&recordType=faq'],
    ['admin', `&admin=${someAdmin}`],
    ['from (last 90 days)', `&from=${new Date(END - 90 * 86_400_000).toISOString()}`],
    ['to (before the last year)', `&to=${year}-01-01T12:34:56.789Z`],
    ['from + to (one month)', `&from=${year}-03-10T08:00:00Z&to=${year}-04-10T08:00:00Z`],
  ] as const;
  const combined = [
    ['action + recordType', '&action=update&recordType=faq'],
    ['action + admin', `&action=deactivate&admin=${someAdmin}`],
    ['action + from + to', `&action=create&from=${year}-03-10T08:00:00Z&to=${year}-04-10T08:00:00Z`],
    [
      'recordType + admin + from + to',
      `&recordType=user&admin=${someAdmin}&from=${year}-01-01&to=${year + 1}-01-01`,
    ],
  ] as const;

  console.log(
    `\n${REQUESTS} requests per scenario, ${CONCURRENCY} at a time, 10 a page, ${ENTRIES.toLocaleString('en')} entries\n`,
  );
  console.log(
    '| filter | entries | page 1 p50 / p95 (ms) | page 5,000 | middle page | p50 / p95 | last page |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  let worstSingle = 0;
  let worstCombined = 0;
  for (const [group, scenarios] of [
    ['single', single],
    ['combined', combined],
  ] as const) {
    for (const [label, filter] of scenarios) {
      const first = await measure(`/api/activity/list?limit=10${filter}`, token);
      const pages = Math.max(1, Math.ceil(first.count / 10));
      const middle = Math.ceil(pages / 2);
      const cells: string[] = [];
      for (const page of [1, 5000, middle, pages]) {
        if (page > pages) {
          cells.push('—');
          continue;
        }
        const path = `/api/activity/list?limit=10&page=${page}${filter}`;
        await measure(path, token); // warm-up: the index's pages into the cache
        const result = await measure(path, token);
        if (result.failures) console.log(`  (${result.failures} failed or empty answers: ${path})`);
        if (group === 'single') worstSingle = Math.max(worstSingle, result.p95);
        else worstCombined = Math.max(worstCombined, result.p95);
        cells.push(`${result.p50.toFixed(1)} / ${result.p95.toFixed(1)}`);
      }
      console.log(
        `| ${label} | ${first.count.toLocaleString('en')} | ${cells[0]} | ${cells[1]} | ${middle.toLocaleString('en')} | ${cells[2]} | ${cells[3]} |`,
      );
    }
  }
  await measure('/api/activity/facets', token);
  const facets = await measure('/api/activity/facets', token);
  console.log(`\nFacets: p50 ${facets.p50.toFixed(1)} / p95 ${facets.p95.toFixed(1)} ms`);
  console.log(
    `\nWorst p95, one filter or none: ${worstSingle.toFixed(1)} ms (budget ${BUDGET_MS} ms: ${worstSingle <= BUDGET_MS ? 'met' : 'NOT met'})`,
  );
  console.log(`Worst p95, combined filters: ${worstCombined.toFixed(1)} ms`);

  console.log(`\nStorage (dbstat), ${counterRows.toLocaleString('en')} day-counter rows:\n`);
  console.log('| table / index | MB |');
  console.log('|---|---:|');
  for (const { name, bytes } of storage) console.log(`| ${name} | ${(bytes / 1e6).toFixed(1)} |`);
} finally {
  await stopServer(server);
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
