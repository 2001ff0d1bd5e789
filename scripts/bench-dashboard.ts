// `npm run bench:dashboard`: the work dashboard's figures ('work-dashboard') at the product's size.
// Seeds a DATA_DIR (or reuses BENCH_DATA_DIR when it already holds BENCH_USERS members) with BENCH_USERS members
// (default 1,000,000; seed:scale's, joining over five years) of whom BENCH_RECENT (default 100,000) joined in the last
// 30 days, BENCH_REPORTS chat reports (default 200,000, over the last year), 20,000 'restrict' entries in the activity
// log over the last 60 days and 50 mails, all written by PostgreSQL through the server's own triggers; starts the real
// server as its own process and sends BENCH_REQUESTS requests (default 200), BENCH_CONCURRENCY at a time, to
// GET /api/admin/dashboard/figures, reporting p50 / p95 against the 100 ms target. For comparison it times, in the
// database, what the figures would cost counted from the rows: the last 30 days' members per day over users. Only
// talks to 127.0.0.1.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measure, seedUsers, signIn, startServer, stopServer } from './bench-support';

const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const RECENT = Math.min(USERS, Number(process.env.BENCH_RECENT ?? 100_000));
const REPORTS = Number(process.env.BENCH_REPORTS ?? 200_000);
const RESTRICTIONS = 20_000;
const MAILS = 50;
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 1);
const PORT = Number(process.env.BENCH_PORT ?? 3929);
const TARGET_MS = 100;
const DAY = 86_400_000;

const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'console-bench-dashboard-'));
const keep = Boolean(process.env.BENCH_DATA_DIR);
console.log(
  `${existsSync(join(dataDir, 'pg')) || process.env.DATABASE_URL ? 'Using' : 'Seeding'} ${USERS.toLocaleString('en')} members in ${dataDir}…`,
);
const seedStarted = performance.now();
const opened = await seedUsers(dataDir, USERS);
const { db } = opened;
const { n: reportsThere } = await db.one<{ n: number }>('SELECT count(*)::int AS n FROM chat_reports');
if (reportsThere === 0) {
  const now = Date.now();
  // The newest RECENT members joined in the last 30 days (seed:scale spreads them over five years): the range a count
  // of the rows would walk is as large as the product's.
  await db.run(
    `UPDATE users SET created_at = to_timestamp(($1::float8 - (rowid % 2592000) * 1000) / 1000)
     WHERE role = 'user' AND rowid > (SELECT max(rowid) FROM users) - $2`,
    [now, RECENT],
  );
  await db.run(
    `INSERT INTO chat_reports (id, message, reporter_id, reported_id, created_at, updated_at)
     SELECT lpad(to_hex(n), 24, '0'), 'Rude', NULL, NULL, to_timestamp(($1::float8 - n * $2::float8) / 1000),
       to_timestamp(($1::float8 - n * $2::float8) / 1000)
     FROM generate_series(1, $3::int) AS n`,
    [now, (365 * DAY) / REPORTS, REPORTS],
  );
  await db.run("INSERT INTO activity_actions (action) VALUES ('restrict') ON CONFLICT DO NOTHING");
  await db.run(
    `INSERT INTO activity (id, created_at, admin_id, action, record_type, record_id, summary)
     SELECT 'ff' || lpad(to_hex(n), 22, '0'), to_timestamp(($1::float8 - n * $2::float8) / 1000), NULL, 'restrict',
       'user', NULL, 'Restricted'
     FROM generate_series(1, $3::int) AS n`,
    [now, (60 * DAY) / RESTRICTIONS, RESTRICTIONS],
  );
  await db.run(
    `INSERT INTO mails (id, title, body, created_at, updated_at, recipient_count, sent_count, failed_count)
     SELECT 'ee' || lpad(to_hex(n), 22, '0'), 'Mail ' || n, '<p>Hi</p>', to_timestamp(($1::float8 - n * 3600000) / 1000),
       to_timestamp(($1::float8 - n * 3600000) / 1000), 1000, 990, 10
     FROM generate_series(1, $2::int) AS n`,
    [now, MAILS],
  );
  await db.run('VACUUM ANALYZE');
}
console.log(`Ready in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);

// What a count of the rows would cost: the last 30 days' new members per day, from users itself.
const counted: number[] = [];
for (let run = 0; run < 5; run += 1) {
  const started = performance.now();
  await db.many(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) FROM users
     WHERE role = 'user' AND created_at >= now() - interval '30 days' GROUP BY 1`,
  );
  counted.push(performance.now() - started);
}
const { n: inWindow } = await db.one<{ n: number }>(
  "SELECT sum(n)::int AS n FROM day_counts WHERE series = 'members' AND day >= to_char(now() - interval '29 days', 'YYYY-MM-DD')",
);
await opened.close();

const server = await startServer({ port: PORT, dataDir });
try {
  const token = await signIn(PORT);
  const path = '/api/admin/dashboard/figures';
  await measure({ port: PORT, path, token, requests: 20, concurrency: CONCURRENCY }); // warm-up
  const result = await measure({ port: PORT, path, token, requests: REQUESTS, concurrency: CONCURRENCY });
  if (result.failures) console.log(`  (${result.failures} failed or empty answers)`);
  console.log(
    `\n${USERS.toLocaleString('en')} members (${inWindow.toLocaleString('en')} joined in the last 30 days), ${REPORTS.toLocaleString('en')} chat reports, ${RESTRICTIONS.toLocaleString('en')} restrictions, ${MAILS} mails`,
  );
  console.log(
    `GET ${path}: p50 ${result.p50.toFixed(1)} / p95 ${result.p95.toFixed(1)} ms, ${REQUESTS} requests, ${CONCURRENCY} at a time (target ${TARGET_MS} ms: ${result.p95 <= TARGET_MS ? 'met' : 'NOT met'})`,
  );
  console.log(
    `For comparison, counting the 30 days' members from users: ${Math.min(...counted).toFixed(1)}-${Math.max(...counted).toFixed(1)} ms in the database`,
  );
} finally {
  await stopServer(server);
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
