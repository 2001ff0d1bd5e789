// `npm run bench:server`: the reference server under load, on this machine, with 100,000 users.
// Seeds a temporary DATA_DIR, starts the real server as its own process, then keeps 8 requests in flight for a few
// seconds per scenario and reports p50/p95 latency and requests per second. Then a sign-in flood: 100 clients from
// 127.0.0.2 with a new e-mail each attempt, while the admin signs in and opens the dashboard from 127.0.0.1.
// BENCH_USERS sets the size (1,000,000 for the product's); BENCH_DATA_DIR names a folder to seed once and reuse (one
// bench:lists seeded with as many users will do); BENCH_ONLY=lists or flood runs one part.
// Only talks to loopback addresses.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '../server/lib/ids';
import { ADMIN, percentile, seedUsers, signIn, startServer, stopServer } from './bench-support';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const CONCURRENCY = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const PORT = Number(process.env.BENCH_PORT ?? 3917);
/** `BENCH_ONLY=flood` runs the sign-in flood alone, `lists` the list scenarios alone. */
const ONLY = process.env.BENCH_ONLY;
const FLOOD_CLIENTS = 100;
/** The admin's sign-in and dashboard during the flood: the target for each. */
const FLOOD_TARGET_MS = 500;

/** bench-support's users and 40 hobbies (the listAll scenario), unless a reused DATA_DIR has its hobbies already. */
async function seed(dataDir: string) {
  const seeded = await seedUsers(dataDir, USERS);
  const { n: hobbies } = await seeded.db.one<{ n: number }>('SELECT count(*)::int AS n FROM hobbies');
  if (hobbies === 0)
    await seeded.db.transaction(async (tx) => {
      for (let i = 0; i < 40; i += 1)
        await tx.run(
          'INSERT INTO hobbies (id, name, enabled, created_at, updated_at) VALUES ($1, $2, true, now(), now())',
          [newId(), `Hobby ${i}`],
        );
    });
  await seeded.close();
}

async function run(label: string, path: string, token: string) {
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  let failures = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const started = performance.now();
      const response = await fetch(`http://127.0.0.1:${PORT}${path}`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      await response.arrayBuffer();
      if (!response.ok) failures += 1;
      latencies.push(performance.now() - started);
    }
  };
  const began = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const elapsed = (performance.now() - began) / 1000;
  return {
    label,
    path,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    rps: latencies.length / elapsed,
    requests: latencies.length,
    failures,
  };
}

/** One sign-in attempt from the flood's address; resolves with the status. */
function floodAttempt(agent: Agent, attempt: number) {
  const body = JSON.stringify({ email: `flood-${attempt}@example.com`, password: 'guess', isRole: 'admin' });
  return new Promise<number>((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port: PORT,
        path: '/api/login',
        method: 'POST',
        agent,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      },
    );
    sent.on('error', reject);
    sent.end(body);
  });
}

type Probe = { at: number; ms: number; status: number };

/**
 * From 127.0.0.1, every 250 ms until `deadline`: the admin signs in, then opens the dashboard with the new token.
 * Times are measured from `began`.
 */
async function adminProbes(began: number, deadline: number) {
  const signIns: Probe[] = [];
  const dashboards: Probe[] = [];
  for (let probe = 0; probe < 4 * SECONDS && performance.now() < deadline; probe += 1) {
    const at = performance.now();
    const login = await fetch(`http://127.0.0.1:${PORT}/api/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...ADMIN, isRole: 'admin' }),
    });
    const answer = (await login.json()) as { result?: { token: string } };
    const signedIn = performance.now();
    signIns.push({ at: at - began, ms: signedIn - at, status: login.status });
    const dashboard = await fetch(`http://127.0.0.1:${PORT}/api/admin/dashboard`, {
      headers: { Authorization: `Bearer ${answer.result?.token ?? ''}` },
    });
    await dashboard.arrayBuffer();
    dashboards.push({ at: signedIn - began, ms: performance.now() - signedIn, status: dashboard.status });
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, at + 250 - performance.now())));
  }
  return { signIns, dashboards };
}

const probeRows = (when: string, { signIns, dashboards }: Awaited<ReturnType<typeof adminProbes>>) =>
  (
    [
      ['sign-in', signIns],
      ['GET /api/admin/dashboard', dashboards],
    ] as const
  ).map(([label, probes]) => {
    const ms = probes.map((probe) => probe.ms);
    const over = ms.filter((value) => value > FLOOD_TARGET_MS).length;
    const failed = probes.filter((probe) => probe.status !== 200).length;
    return `| ${label}, ${when} | ${probes.length} | ${percentile(ms, 50).toFixed(1)} | ${Math.max(...ms).toFixed(1)} | ${over} | ${failed} |`;
  });

/**
 * The admin's sign-in and dashboard, first with no other traffic (what this machine's load alone costs), then under
 * a flood: FLOOD_CLIENTS clients on their own sockets from 127.0.0.2 (another client address than the admin's, or
 * the per-address limit would rightly refuse the admin too), each trying a new e-mail as soon as its last answer
 * came, for SECONDS. The admin's probes start with the flood.
 */
async function signInFlood() {
  const quietBegan = performance.now();
  const quiet = await adminProbes(quietBegan, quietBegan + 2000);

  const agent = new Agent({ keepAlive: true, localAddress: '127.0.0.2', maxSockets: FLOOD_CLIENTS });
  const statuses = new Map<number, number>();
  const began = performance.now();
  const deadline = began + SECONDS * 1000;
  let attempts = 0;
  const client = async () => {
    // Bounded by time and by count, whatever the server answers.
    for (let sent = 0; sent < 100_000 && performance.now() < deadline; sent += 1) {
      const status = await floodAttempt(agent, (attempts += 1)).catch(() => 0);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const [flooded] = await Promise.all([
    adminProbes(began, deadline),
    ...Array.from({ length: FLOOD_CLIENTS }, client),
  ]);
  agent.destroy();
  const elapsed = (performance.now() - began) / 1000;

  console.log(
    `\nSign-in flood: ${FLOOD_CLIENTS} clients from 127.0.0.2, a new e-mail each attempt, ${SECONDS} s; the admin from 127.0.0.1 every 250 ms (target: each answer within ${FLOOD_TARGET_MS} ms)\n`,
  );
  console.log(
    `flood: ${attempts.toLocaleString('en')} attempts (${Math.round(attempts / elapsed)}/s), answers ${[
      ...statuses,
    ]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status} × ${count.toLocaleString('en')}`)
      .join(', ')} (a 401 is answered without a hash: no account has that e-mail; a 429 or 503 is refused)`,
  );
  console.log(`\n| admin | probes | p50 (ms) | max (ms) | over ${FLOOD_TARGET_MS} ms | not 200 |`);
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const row of [...probeRows('no flood', quiet), ...probeRows('during the flood', flooded)])
    console.log(row);
  const slowest = [...flooded.signIns, ...flooded.dashboards].sort((a, b) => b.ms - a.ms).slice(0, 3);
  console.log(
    `\nslowest during the flood: ${slowest.map((probe) => `${probe.ms.toFixed(0)} ms at ${(probe.at / 1000).toFixed(2)} s`).join('; ')}`,
  );
}

async function listScenarios(token: string) {
  const scenarios = [
    ['users list, plain', '/api/admin/list?page=1&items=10'],
    ['users list, deep page', '/api/admin/list?page=5000&items=10'],
    [
      'users list, status + plan filter',
      '/api/admin/list?page=1&items=10&filter=user.enabled&equal=true&planFilter=gold',
    ],
    ['users list, searched', '/api/admin/list?page=1&items=10&q=sophia.dubois&fields=name,email,phoneNumber'],
    ['users list, searched (common)', '/api/admin/list?page=1&items=10&q=ava&fields=name,email,phoneNumber'],
    ['catalogue listAll (hobbies)', '/api/hobbies/listAll'],
  ] as const;
  await run('warm-up', scenarios[0][1], token);
  console.log(
    `\n${CONCURRENCY} concurrent clients, ${SECONDS} s each, ${USERS.toLocaleString('en')} users\n`,
  );
  console.log('| scenario | p50 (ms) | p95 (ms) | requests/s |');
  console.log('|---|---:|---:|---:|');
  for (const [label, path] of scenarios) {
    const result = await run(label, path, token);
    if (result.failures) console.log(`  (${result.failures} failed requests)`);
    console.log(
      `| ${label} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} | ${Math.round(result.rps)} |`,
    );
  }
}

const dataDir = process.env.BENCH_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'console-bench-'));
const keep = Boolean(process.env.BENCH_DATA_DIR);
console.log(
  `${existsSync(join(dataDir, 'pg')) || process.env.DATABASE_URL ? 'Using' : 'Seeding'} ${USERS.toLocaleString('en')} users in ${dataDir}…`,
);
await seed(dataDir);
const server = await startServer({ port: PORT, dataDir });
try {
  const token = await signIn(PORT);
  if (ONLY !== 'flood') await listScenarios(token);
  if (ONLY !== 'lists') await signInFlood();
} finally {
  await stopServer(server);
  if (!keep) rmSync(dataDir, { recursive: true, force: true });
}
