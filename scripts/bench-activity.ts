// `npm run bench:activity`: the activity log's list at the product's size (1,000,000 entries).
// Seeds a DATA_DIR (or reuses BENCH_DATA_DIR when it already holds BENCH_ENTRIES entries) with entries spread over
// three years, five admins, every action and record type, written by SQLite itself through the log's own triggers
// (so the day counters are the ones the server keeps), starts the real server as its own process, then sends
// BENCH_REQUESTS requests per scenario, BENCH_CONCURRENCY at a time, and reports p50 / p95 latency (counting included:
// every answer carries its count) for the unfiltered list and each filter alone on the first page, page 5,000, the
// middle page and the last page, for combined filters, and for the facets; then the size of the log's table, indexes
// and counters (dbstat). Only talks to 127.0.0.1.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../server/db/connection';
import { RECORD_TYPES } from '../contract/activity';
import { ACTIVITY_ACTIONS } from '../contract/moderation';
import { bootstrap } from '../server/seed/bootstrap';
import { ADMIN, measure as measureRequests, signIn, startServer, stopServer } from './bench-support';

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
  // BENCH_DATA_DIR may name a folder that does not exist yet: the first run seeds it, the next ones reuse it.
  mkdirSync(dataDir, { recursive: true });
  const db = openDatabase(join(dataDir, 'console.db'));
  const seeded = (db.prepare('SELECT count(*) AS n FROM activity').get() as { n: number }).n;
  if (seeded === ENTRIES) return db;
  if (seeded > 0) throw new Error(`${dataDir} holds ${seeded} entries, not ${ENTRIES}`);
  await bootstrap(db, ADMIN);
  db.pragma('cache_size = -400000');
  const stamp = new Date().toISOString();
  for (let i = 1; i < ADMINS; i += 1)
    db.prepare(
      "INSERT INTO users (id, role, name, surname, email, created_at, updated_at) VALUES (?, 'admin', ?, 'Moderator', ?, ?, ?)",
    ).run(`${'a'.repeat(23)}${i}`, `Admin ${i}`, `admin${i}@example.com`, stamp, stamp);
  const admins = db
    .prepare("SELECT id, name || ' ' || surname AS name, email FROM users WHERE role = 'admin'")
    .all();
  db.exec('CREATE TEMP TABLE bench_admins (i INTEGER PRIMARY KEY, id TEXT, name TEXT, email TEXT)');
  const addAdmin = db.prepare('INSERT INTO bench_admins VALUES (?, ?, ?, ?)');
  admins.forEach((admin, i) => {
    const { id, name, email } = admin as { id: string; name: string; email: string };
    addAdmin.run(i, id, name, email);
  });
  const step = SPAN_SECONDS / ENTRIES;
  db.transaction(() => {
    db.exec(`WITH RECURSIVE seq(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM seq WHERE n + 1 < ${ENTRIES})
      INSERT INTO activity (id, created_at, admin_id, admin_name, admin_email, action, record_type, record_id,
        record_name, summary, reason)
      SELECT printf('%08x%016x', ${END / 1000 - SPAN_SECONDS} + CAST(n * ${step} AS INTEGER), n),
        strftime('%Y-%m-%dT%H:%M:%fZ', ${END / 1000 - SPAN_SECONDS} + n * ${step}, 'unixepoch'),
        a.id, a.name, a.email,
        json_extract('${JSON.stringify(ACTIVITY_ACTIONS)}', '$[' || (n % ${ACTIVITY_ACTIONS.length}) || ']'),
        json_extract('${JSON.stringify(RECORD_TYPES)}', '$[' || ((n / 3) % ${RECORD_TYPES.length}) || ']'),
        printf('%024x', n % 5000), 'Record ' || (n % 5000), 'name: "Yoga" → "Hot yoga"',
        CASE WHEN n % 9 = 4 THEN 'Spam links in chat' END
      FROM seq JOIN bench_admins a ON a.i = (n * 7 / 11) % ${ADMINS}`);
  })();
  db.pragma('optimize');
  return db;
}

function sizes(db: ReturnType<typeof openDatabase>) {
  return db
    .prepare(
      `SELECT name, sum(pgsize) AS bytes FROM dbstat WHERE name LIKE 'activity%' OR name = 'sqlite_autoindex_activity_days_1'
       GROUP BY name ORDER BY name`,
    )
    .all() as { name: string; bytes: number }[];
}

const measure = (path: string, token: string) =>
  measureRequests({ port: PORT, path, token, requests: REQUESTS, concurrency: CONCURRENCY });

const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'console-bench-activity-'));
const keep = Boolean(process.env.BENCH_DATA_DIR);
console.log(
  `${existsSync(join(dataDir, 'console.db')) ? 'Using' : 'Seeding'} ${ENTRIES.toLocaleString('en')} entries in ${dataDir}…`,
);
const seedStarted = performance.now();
const db = await seed(dataDir);
console.log(`Ready in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
const storage = sizes(db);
const counterRows = (db.prepare('SELECT count(*) AS n FROM activity_days').get() as { n: number }).n;
const someAdmin = (
  db.prepare("SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1").get() as { id: string }
).id;
db.close();

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
