// `npm run bench:flood`: the admin's sign-ins and profile saves while many client addresses flood the
// sign-in with wrong passwords. The real server runs as its own process on a fresh DATA_DIR with TRUST_PROXY, so each
// flooding client is the X-Forwarded-For address it sends. Two floods of SECONDS each, two requests in flight per
// address: a new e-mail each attempt (no such account), then the admin's e-mail. Meanwhile, every PROBE_MS: the admin
// signs in from the address it signed in from before the flood, signs in from a new address, and saves its profile
// (PATCH /api/admin/profile/update, which checks the password). Only talks to 127.0.0.1; bounded in time.
// BENCH_ADDRESSES (75), BENCH_SECONDS (15), BENCH_PORT (3937); BENCH_ENTRY names another server's main module.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ADMIN, percentile, sleep, startServer, stopServer } from './bench-support';

const ADDRESSES = Number(process.env.BENCH_ADDRESSES ?? 75);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const PORT = Number(process.env.BENCH_PORT ?? 3937);
const PARALLEL = 2;
const PROBE_MS = 500;
const TARGET_MS = 1000;
const BASE = `http://127.0.0.1:${PORT}`;
/** Where the admin signs in from before and during the floods. */
const ADMIN_HOME = '192.0.2.10';

type Probe = { ms: number; status: number };

/** CPU seconds `pid` has used (user and system), from /proc: what the flood cost the server, whatever the load. */
function cpuSeconds(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

async function call(path: string, address: string, init: RequestInit = {}) {
  const started = performance.now();
  try {
    const response = await fetch(`${BASE}${path}`, {
      ...init,
      headers: { ...(init.headers as Record<string, string>), 'X-Forwarded-For': address },
      signal: AbortSignal.timeout(10_000),
    });
    const body = (await response.json().catch(() => ({}))) as { result?: { token?: string } };
    return { status: response.status, body, ms: performance.now() - started };
  } catch {
    return { status: 0, body: {}, ms: performance.now() - started };
  }
}

const signIn = (address: string, email: string, password: string) =>
  call('/api/login', address, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, isRole: 'admin' }),
  });

function saveProfile(token: string) {
  const form = new FormData();
  form.set('email', ADMIN.email);
  form.set('password', ADMIN.password);
  return call('/api/admin/profile/update', ADMIN_HOME, {
    method: 'PATCH',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
}

/** Calls `probe` every PROBE_MS (or as soon as the last answer came, if later) until `deadline`. */
async function every(deadline: number, probe: (index: number) => Promise<Probe>) {
  const probes: Probe[] = [];
  for (let index = 0; performance.now() < deadline; index += 1) {
    const at = performance.now();
    probes.push(await probe(index));
    await sleep(Math.max(0, at + PROBE_MS - performance.now()));
  }
  return probes;
}

/** The admin's three probes until `deadline`; `fresh` makes the new addresses of this round. */
async function adminProbes(deadline: number, token: string, fresh: (index: number) => string) {
  const [home, elsewhere, saves] = await Promise.all([
    every(deadline, () => signIn(ADMIN_HOME, ADMIN.email, ADMIN.password)),
    every(deadline, (index) => signIn(fresh(index), ADMIN.email, ADMIN.password)),
    every(deadline, async () => {
      const saved = await saveProfile(token);
      token = saved.body.result?.token ?? token;
      return saved;
    }),
  ]);
  return [
    ['sign-in, address signed in before', home],
    ['sign-in, new address', elsewhere],
    ['profile save', saves],
  ] as const;
}

const rows = (when: string, results: Awaited<ReturnType<typeof adminProbes>>) =>
  results.map(([label, probes]) => {
    const ms = probes.map((probe) => probe.ms);
    const over = ms.filter((value) => value > TARGET_MS).length;
    const statuses = new Map<number, number>();
    for (const probe of probes.filter((each) => each.status !== 200))
      statuses.set(probe.status, (statuses.get(probe.status) ?? 0) + 1);
    const failed = [...statuses].map(([status, count]) => `${count} × ${status}`).join(', ') || '0';
    return `| ${label}, ${when} | ${probes.length} | ${percentile(ms, 50).toFixed(0)} | ${percentile(ms, 95).toFixed(0)} | ${Math.max(...ms).toFixed(0)} | ${over} | ${failed} |`;
  });

/**
 * ADDRESSES flooding addresses (10.<round>.x.y), PARALLEL attempts in flight each, each attempt sent as soon as the
 * last answer came, for SECONDS; the admin's probes run alongside.
 */
async function flood(
  round: number,
  label: string,
  when: string,
  email: (attempt: number) => string,
  token: string,
) {
  const deadline = performance.now() + SECONDS * 1000;
  const cpuBefore = cpuSeconds(server.pid!);
  const statuses = new Map<number, number>();
  let attempts = 0;
  const client = async (address: string) => {
    while (performance.now() < deadline) {
      const { status } = await signIn(address, email((attempts += 1)), 'wrong-password');
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
  };
  const clients = Array.from({ length: ADDRESSES }, (_, i) => `10.${round}.${i >> 8}.${i & 255}`).flatMap(
    (address) => Array.from({ length: PARALLEL }, () => client(address)),
  );
  const [results] = await Promise.all([
    adminProbes(deadline, token, (index) => `198.51.${round}.${index + 1}`),
    ...clients,
  ]);
  const answers = [...statuses]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status} × ${count.toLocaleString('en')}`)
    .join(', ');
  const cpu = cpuSeconds(server.pid!) - cpuBefore;
  console.log(
    `\n${label}: ${attempts.toLocaleString('en')} attempts in ${SECONDS} s, answers ${answers}; the server used ${cpu.toFixed(1)} s of CPU (${((cpu / attempts) * 1000).toFixed(2)} ms an attempt)`,
  );
  return rows(when, results);
}

const dataDir = mkdtempSync(join(tmpdir(), 'console-bench-flood-'));
const server = await startServer({
  port: PORT,
  dataDir,
  env: { ...process.env, HOST: '127.0.0.1', TRUST_PROXY: '1' },
  ...(process.env.BENCH_ENTRY ? { entry: process.env.BENCH_ENTRY } : {}),
});
try {
  const first = await signIn(ADMIN_HOME, ADMIN.email, ADMIN.password);
  const token = first.body.result?.token;
  if (first.status !== 200 || !token) throw new Error(`The admin's sign-in answered ${first.status}`);
  console.log(
    `${ADDRESSES} flooding addresses, ${PARALLEL} attempts in flight each, ${SECONDS} s per flood; the admin every ${PROBE_MS} ms (target: every answer 200 within ${TARGET_MS} ms)`,
  );
  const table = [
    ...rows('no flood', await adminProbes(performance.now() + 3000, token, (i) => `198.51.100.${i + 1}`)),
  ];
  table.push(
    ...(await flood(
      1,
      'Flood with a new e-mail each attempt',
      'new e-mails flood',
      (n) => `flood-${n}@example.com`,
      token,
    )),
  );
  table.push(
    ...(await flood(2, "Flood with the admin's e-mail", "admin's e-mail flood", () => ADMIN.email, token)),
  );
  console.log('\n| admin | probes | p50 (ms) | p95 (ms) | max (ms) | over 1 s | not 200 |');
  console.log('|---|---:|---:|---:|---:|---:|---|');
  for (const row of table) console.log(row);
} finally {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}
