// `npm run bench:queue`: the review queue at the product's size (1,000,000 members, 100,000 open items).
// Seeds a DATA_DIR (or reuses BENCH_DATA_DIR when it already holds BENCH_USERS members and BENCH_ITEMS reports) with
// the members (bench-support's seedUsers), four more admins and BENCH_ITEMS open chat reports written by PostgreSQL
// itself, whose trigger makes them the queue's items (a hundredth of them claimed by the other admins); starts the real
// server as its own process, then reports p50 / p95 latency of the queue's page (first page unfiltered and by state,
// assignee and kind; a deep page), the count, and "Claim next" (BENCH_REQUESTS claims, one at a time, then two admins'
// sessions at once), and a case page's data ('review-cases': the queue's first case), beside a one-row read's as a
// baseline. Exits 1 when the first page, a case page or Claim next is over 50 ms at p95. Only talks to 127.0.0.1.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  percentile,
  seedUsers,
  signIn,
  startServer,
  stopServer,
  measure as measureRequests,
} from './bench-support';

const USERS = Number(process.env.BENCH_USERS ?? 1_000_000);
const ITEMS = Number(process.env.BENCH_ITEMS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 3931);
const BUDGET_MS = 50;
const ADMINS = 4;

const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'console-bench-queue-'));
const keep = Boolean(process.env.BENCH_DATA_DIR);
console.log(
  `${existsSync(join(dataDir, 'pg')) || process.env.DATABASE_URL ? 'Using' : 'Seeding'} ${USERS.toLocaleString('en')} members and ${ITEMS.toLocaleString('en')} open items in ${dataDir}…`,
);
const seedStarted = performance.now();
const seeded = await seedUsers(dataDir, USERS);
const { db } = seeded;
const { n: reports } = await db.one<{ n: number }>('SELECT count(*)::bigint AS n FROM chat_reports');
if (Number(reports) !== ITEMS) {
  if (Number(reports) > 0) throw new Error(`${dataDir} holds ${reports} chat reports, not ${ITEMS}`);
  const stamp = new Date().toISOString();
  for (let i = 1; i <= ADMINS; i += 1)
    await db.run(
      "INSERT INTO users (id, role, admin_role, name, surname, email, created_at, updated_at) VALUES ($1, 'admin', 'moderator', $2, 'Moderator', $3, $4, $4) ON CONFLICT DO NOTHING",
      [`${'b'.repeat(23)}${i}`, `Moderator ${i}`, `moderator${i}@example.com`, stamp],
    );
  // One report every ~5 minutes over the last year, about members spread over the whole table, oldest first.
  await db.run(
    `WITH members AS (SELECT min(rowid) AS low, max(rowid) - min(rowid) AS span FROM users WHERE role = 'user')
     INSERT INTO chat_reports (id, message, reporter_id, reported_id, created_at, updated_at)
     SELECT 'c' || lpad(to_hex(n), 23, '0'), 'Report ' || n,
       (SELECT id FROM users WHERE rowid >= m.low + (n * 7919) % m.span AND role = 'user' ORDER BY rowid LIMIT 1),
       (SELECT id FROM users WHERE rowid >= m.low + (n * 104729) % m.span AND role = 'user' ORDER BY rowid LIMIT 1),
       t, t
     FROM generate_series(1, $1::bigint) AS n, members m,
       LATERAL (SELECT now() - interval '365 days' + n * (interval '365 days' / $1::bigint) AS t) x
     ORDER BY n`,
    [ITEMS],
  );
  // A hundredth claimed by the other admins, as a working day leaves the queue.
  await db.run(
    `UPDATE review_items SET state = 'claimed', assignee_id = $1 || (1 + (hashtext(id) & 3))::text, claimed_at = now()
     WHERE id IN (SELECT id FROM review_items WHERE state = 'open' ORDER BY created_at, id LIMIT $2)`,
    ['b'.repeat(23), Math.floor(ITEMS / 100)],
  );
  await db.run('VACUUM ANALYZE');
}
console.log(`Ready in ${((performance.now() - seedStarted) / 1000).toFixed(0)} s`);
const counts = await db.many<{ state: string; n: number }>(
  'SELECT state, sum(n)::bigint AS n FROM review_counts GROUP BY state ORDER BY state',
);
const someAdmin = `${'b'.repeat(23)}1`;
await seeded.close();

const server = await startServer({ port: PORT, dataDir });
let over = false;
try {
  const token = await signIn(PORT);
  const measure = (path: string) => measureRequests({ port: PORT, path, token, requests: REQUESTS });
  const row = (name: string, result: { p50: number; p95: number; failures: number }, gated = false) => {
    const late = gated && result.p95 > BUDGET_MS;
    over ||= late;
    console.log(
      `${name.padEnd(44)} p50 ${result.p50.toFixed(2).padStart(7)} ms  p95 ${result.p95.toFixed(2).padStart(7)} ms${result.failures ? `  (${result.failures} failed)` : ''}${late ? '  OVER' : ''}`,
    );
  };
  console.log(
    `Items: ${counts.map(({ state, n }) => `${state} ${Number(n).toLocaleString('en')}`).join(', ')}`,
  );

  // What any call costs on this machine now (the session check and a one-row read), for comparison.
  row('baseline: GET /api/user/read', await measure('/api/user/read'));
  row('queue page 1 (open or claimed)', await measure('/api/review-queue/list?page=1&limit=10'), true);
  row('queue page 1, state=open', await measure('/api/review-queue/list?page=1&limit=10&state=open'), true);
  row(
    'queue page 1, kind + state',
    await measure('/api/review-queue/list?page=1&limit=10&kind=case&state=open'),
    true,
  );
  row(
    'queue page 1, assignee=none',
    await measure('/api/review-queue/list?page=1&limit=10&assignee=none'),
    true,
  );
  row(
    'queue page 1, assignee=<an admin>',
    await measure(`/api/review-queue/list?page=1&limit=10&assignee=${someAdmin}`),
    true,
  );
  row('queue page 100 (deep)', await measure('/api/review-queue/list?page=100&limit=10'));
  // The case page's data ('review-cases'): the queue's first case, its reports, member summary and history in one read.
  const firstPage = await fetch(`http://127.0.0.1:${PORT}/api/review-queue/list?page=1&limit=10&kind=case`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const firstCase = ((await firstPage.json()) as { result: { _id: string }[] }).result[0];
  if (firstCase)
    row('case page (GET …/{id}/case)', await measure(`/api/review-queue/${firstCase._id}/case`), true);
  row('open count (menu)', await measure('/api/review-queue/count'), true);

  /** `requests` claims, `sessions` admins' sessions at once (each its own sign-in), timed to the answer. */
  const claims = async (requests: number, sessions: number) => {
    const tokens = await Promise.all(Array.from({ length: sessions }, () => signIn(PORT)));
    const latencies: number[] = [];
    const got = new Set<string>();
    let failures = 0;
    let next = 0;
    await Promise.all(
      tokens.map(async (bearer) => {
        while (next < requests) {
          next += 1;
          const started = performance.now();
          const answer = await fetch(`http://127.0.0.1:${PORT}/api/review-queue/claim-next`, {
            method: 'POST',
            headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
            body: '{}',
          });
          const body = (await answer.json()) as { result?: { _id: string } | null };
          latencies.push(performance.now() - started);
          if (!answer.ok || !body.result || got.has(body.result._id)) failures += 1;
          else got.add(body.result._id);
        }
      }),
    );
    return { p50: percentile(latencies, 50), p95: percentile(latencies, 95), failures };
  };
  row('Claim next, one admin', await claims(REQUESTS, 1), true);
  row('Claim next, two sessions at once', await claims(REQUESTS, 2), true);
  row('queue page 1 after the claims', await measure('/api/review-queue/list?page=1&limit=10'), true);
} finally {
  await stopServer(server);
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
console.log(over ? `Over the ${BUDGET_MS} ms budget.` : `Within the ${BUDGET_MS} ms budget.`);
process.exit(over ? 1 : 0);
