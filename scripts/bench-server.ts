// `npm run bench:server`: the reference server under load, on this machine, with 100,000 users.
// Seeds a temporary DATA_DIR, starts the real server as its own process, then keeps 8 requests in flight for a few
// seconds per scenario and reports p50/p95 latency and requests per second. Only talks to 127.0.0.1.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/connection';
import { newId } from '../server/lib/ids';
import { bootstrap } from '../server/seed/bootstrap';
import { FIRST_NAMES, LAST_NAMES } from '../server/seed/demo';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const CONCURRENCY = 8;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 6);
const PORT = Number(process.env.BENCH_PORT ?? 3917);
const root = fileURLToPath(new URL('..', import.meta.url));

async function seed(dataDir: string) {
  const db = openDatabase(join(dataDir, 'console.db'));
  await bootstrap(db, { email: 'admin@example.com', password: 'Admin@123' });
  const user = db.prepare(
    `INSERT INTO users (id, role, name, surname, email, phone_number, country_code, gender, enabled, is_verified, created_at, updated_at)
     VALUES (?, 'user', ?, ?, ?, ?, '+44', ?, ?, ?, ?, ?)`,
  );
  const plan = db.prepare('INSERT INTO user_plans (user_id, product_id, status) VALUES (?, ?, ?)');
  const hobby = db.prepare(
    "INSERT INTO hobbies (id, name, enabled, created_at, updated_at) VALUES (?, ?, 1, datetime('now'), datetime('now'))",
  );
  db.transaction(() => {
    for (let i = 0; i < USERS; i += 1) {
      const id = newId();
      const name = FIRST_NAMES[i % FIRST_NAMES.length]!;
      const surname = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!;
      const at = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
      user.run(
        id,
        name,
        surname,
        `${name}.${surname}.${i}@example.com`.toLowerCase(),
        String(7000000000 + i),
        i % 2 ? 'Male' : 'Female',
        i % 9 === 4 ? 0 : 1,
        i % 3 === 0 ? 1 : 0,
        at,
        at,
      );
      if (i % 5 < 3) plan.run(id, ['silver', 'gold', 'platinum'][i % 3]!, 'active');
    }
    for (let i = 0; i < 40; i += 1) hobby.run(newId(), `Hobby ${i}`);
  })();
  db.pragma('optimize');
  db.close();
}

async function waitForServer() {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/childsafetypolicy`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The server did not start');
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
  latencies.sort((a, b) => a - b);
  const at = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))]!;
  return {
    label,
    path,
    p50: at(50),
    p95: at(95),
    rps: latencies.length / elapsed,
    requests: latencies.length,
    failures,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'console-bench-'));
console.log(`Seeding ${USERS.toLocaleString('en')} users in ${dataDir}…`);
await seed(dataDir);
const server = spawn(join(root, 'node_modules', '.bin', 'tsx'), [join(root, 'server', 'main.ts')], {
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: '0' },
  stdio: 'ignore',
});
try {
  await waitForServer();
  const login = await fetch(`http://127.0.0.1:${PORT}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'Admin@123', isRole: 'admin' }),
  });
  const token = ((await login.json()) as { result: { token: string } }).result.token;
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
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
