// `npm run bench:mail`: one mail to All Users on the real server, at 100,000 and 1,000,000 users (or the sizes given:
// `npm run bench:mail -- 100000`). Per size: seeds a temporary DATA_DIR, starts the server as its own process, sends
// one mail to everyone with the file transport, and reports the create answer, a Send Mail list page and recipients
// pages (time and bytes, median of 5, measured while the mail goes out), the time until every recipient has it, and
// the server's peak RSS meanwhile (VmRSS sampled every 100 ms). Then the crash run: a second mail to everyone, the
// server killed with SIGKILL mid-send and started again, and the outbox counted per recipient (every recipient at
// least once, at most 200 duplicates; BENCH_CRASH=0 skips it). Only talks to 127.0.0.1; the temporary directory is
// removed at the end.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, opendirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../server/db/connection';
import { newId } from '../server/lib/ids';
import { bootstrap } from '../server/seed/bootstrap';
import { FIRST_NAMES, LAST_NAMES } from '../server/seed/demo';

const SIZES = (process.argv.slice(2).length ? process.argv.slice(2) : ['100000', '1000000']).map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 3927);
/** BENCH_CRASH=0 skips the crash run (it sends the mail to everyone a second time). */
const CRASH_RUN = !['0', 'off', 'false'].includes(process.env.BENCH_CRASH ?? '');
const BASE = `http://127.0.0.1:${PORT}`;
/** The longest any wait may last: seeding aside, nothing here should come near it. */
const DEADLINE_MS = 90 * 60_000;
const root = fileURLToPath(new URL('..', import.meta.url));
// The file transport: every message is one .eml file in the outbox, which the crash run counts.
const withoutSmtp = { ...process.env };
delete withoutSmtp.SMTP_URL;

type Mail = {
  _id: string;
  recipientCount: number;
  delivery: { queued: number; sent: number; failed: number };
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

function seed(dataDir: string, users: number) {
  const db = openDatabase(join(dataDir, 'console.db'));
  return bootstrap(db, { email: 'admin@example.com', password: 'Admin@123' }).then(() => {
    const insert = db.prepare(
      `INSERT INTO users (id, role, name, surname, email, phone_number, country_code, gender, enabled, created_at, updated_at)
       VALUES (?, 'user', ?, ?, ?, ?, '+44', ?, ?, ?, ?)`,
    );
    db.transaction(() => {
      for (let i = 0; i < users; i += 1) {
        const name = FIRST_NAMES[i % FIRST_NAMES.length]!;
        const surname = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!;
        const at = new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString();
        insert.run(
          newId(),
          name,
          surname,
          `${name}.${surname}.${i}@example.com`.toLowerCase(),
          String(7000000000 + i),
          i % 2 ? 'Male' : 'Female',
          i % 9 === 4 ? 0 : 1,
          at,
          at,
        );
      }
    })();
    db.pragma('optimize');
    db.close();
  });
}

function startServer(dataDir: string): ChildProcess {
  const log = createWriteStream(join(dataDir, 'server.log'), { flags: 'a' });
  // node itself runs the server (tsx as a loader), so its pid is the server's: RSS and SIGKILL reach it.
  const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { ...withoutSmtp, PORT: String(PORT), DATA_DIR: dataDir, SEED_DEMO: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout!.pipe(log);
  server.stderr!.pipe(log);
  return server;
}

async function waitForServer() {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    try {
      if ((await fetch(`${BASE}/api/childsafetypolicy`)).ok) return;
    } catch {
      /* not up yet */
    }
    await sleep(200);
  }
  throw new Error('The server did not start within 60 s');
}

async function stopServer(server: ChildProcess, signal: NodeJS.Signals) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill(signal);
  await Promise.race([exited, sleep(10_000)]);
}

async function signIn() {
  const answer = await fetch(`${BASE}/api/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@example.com', password: 'Admin@123', isRole: 'admin' }),
  });
  return ((await answer.json()) as { result: { token: string } }).result.token;
}

async function timed(token: string, path: string, init: RequestInit = {}) {
  const started = performance.now();
  const response = await fetch(`${BASE}${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...init.headers },
  });
  const bytes = (await response.arrayBuffer()).byteLength;
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`${path} answered ${response.status}`);
  return { elapsed, bytes };
}

async function median(token: string, path: string) {
  const runs = [];
  for (let i = 0; i < 5; i += 1) runs.push(await timed(token, path));
  runs.sort((a, b) => a.elapsed - b.elapsed);
  return runs[2]!;
}

async function sendToAll(token: string, title: string) {
  const started = performance.now();
  const response = await fetch(`${BASE}/api/mail-send/create`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ title, body: 'Hello everyone! This is the benchmark mail.', users: ['all'] }),
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  if (!response.ok) throw new Error(`create answered ${response.status}: ${text.slice(0, 200)}`);
  return { elapsed, bytes: Buffer.byteLength(text), mail: (JSON.parse(text) as { result: Mail }).result };
}

async function mailState(token: string, mailId: string) {
  const answer = await fetch(`${BASE}/api/mail-send/list?page=1&limit=10`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  const mails = ((await answer.json()) as { result: Mail[] }).result;
  return mails.find((mail) => mail._id === mailId)!;
}

async function waitUntil(token: string, mailId: string, done: (mail: Mail) => boolean) {
  const deadline = performance.now() + DEADLINE_MS;
  while (performance.now() < deadline) {
    const mail = await mailState(token, mailId);
    if (done(mail)) return mail;
    await sleep(250);
  }
  throw new Error(`The mail was not delivered within ${DEADLINE_MS / 60_000} min`);
}

function sampleRss(pid: number) {
  let peak = 0;
  const read = () => {
    try {
      const kbytes = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      peak = Math.max(peak, kbytes * 1024);
    } catch {
      /* the process has gone */
    }
  };
  read();
  const timer = setInterval(read, 100);
  return {
    stop() {
      clearInterval(timer);
      read();
      return peak;
    },
  };
}

/** Outbox files per recipient of one mail (their names carry `<mailId>.<userId>`), read as a stream of entries. */
function countDeliveries(dataDir: string, mailId: string) {
  const seen = new Set<string>();
  let files = 0;
  const dir = opendirSync(join(dataDir, 'outbox'));
  try {
    for (let entry = dir.readSync(); entry; entry = dir.readSync()) {
      const match = /-([0-9a-f]{24})\.([0-9a-f]{24})\.eml$/.exec(entry.name);
      if (match?.[1] !== mailId) continue;
      files += 1;
      seen.add(match[2]!);
    }
  } finally {
    dir.closeSync();
  }
  return { files, recipients: seen.size, duplicates: files - seen.size };
}

async function bench(users: number) {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-bench-mail-'));
  let server: ChildProcess | undefined;
  const rows: [string, string][] = [];
  const report = (label: string, value: string) => {
    rows.push([label, value]);
    console.log(`  ${label}: ${value}`);
  };
  try {
    console.log(`\n${users.toLocaleString('en')} users (${dataDir})`);
    const seeding = performance.now();
    await seed(dataDir, users);
    report('seed', ms(performance.now() - seeding));

    server = startServer(dataDir);
    await waitForServer();
    let token = await signIn();
    // A list page as the console shows it: ten mails, the big one among small ones.
    const someUsers = (
      (await await fetch(`${BASE}/api/admin/list?page=1&items=5`, {
        headers: { Authorization: `Bearer ${token}` },
      }).then((response) => response.json())) as { result: { _id: string }[] }
    ).result.map((user) => user._id);
    for (let i = 0; i < 8; i += 1)
      await timed(token, '/api/mail-send/create', {
        method: 'POST',
        body: JSON.stringify({ title: `Small ${i}`, body: 'Hi', users: someUsers }),
      });

    const rss = sampleRss(server.pid!);
    const sending = performance.now();
    const create = await sendToAll(token, 'Everyone');
    const mail = create.mail;
    report('recipients', mail.recipientCount.toLocaleString('en'));
    report('create answer', `${ms(create.elapsed)}, ${kb(create.bytes)}`);
    const list = await median(token, '/api/mail-send/list?page=1&limit=10');
    report('list page (10 mails), while sending', `${ms(list.elapsed)}, ${kb(list.bytes)}`);
    const recipients = `/api/mail-send/recipients/${mail._id}`;
    const pages: [string, string][] = [
      ['recipients page 1', `${recipients}?page=1&limit=10`],
      ['recipients page 5,000', `${recipients}?page=5000&limit=10`],
      ['recipients, state=sent', `${recipients}?page=1&limit=10&state=sent`],
      ['recipients, q=sophia.dubois', `${recipients}?page=1&limit=10&q=sophia.dubois`],
    ];
    for (const [label, path] of pages) {
      const page = await median(token, path);
      report(`${label}, while sending`, `${ms(page.elapsed)}, ${kb(page.bytes)}`);
    }
    const measuredAt = await mailState(token, mail._id);
    report(
      'sent when those were measured',
      `${measuredAt.delivery.sent.toLocaleString('en')} after ${((performance.now() - sending) / 1000).toFixed(1)} s`,
    );
    const done = await waitUntil(token, mail._id, (state) => state.delivery.queued === 0);
    const sendMs = performance.now() - sending;
    const peak = rss.stop();
    report(
      'until every recipient has it (file transport)',
      `${(sendMs / 1000).toFixed(1)} s (${Math.round(mail.recipientCount / (sendMs / 1000))} messages/s)`,
    );
    report('delivery counts', JSON.stringify(done.delivery));
    report('peak RSS while sending', `${(peak / 1024 / 1024).toFixed(0)} MB`);
    const database = ['console.db', 'console.db-wal']
      .map((file) => statSync(join(dataDir, file), { throwIfNoEntry: false })?.size ?? 0)
      .reduce((sum, size) => sum + size, 0);
    report('database on disk after the first mail', `${(database / 1024 / 1024).toFixed(0)} MB`);
    const first = countDeliveries(dataDir, mail._id);
    report('outbox (first mail)', `${first.recipients} recipients, ${first.duplicates} duplicates`);

    if (!CRASH_RUN) return rows;
    // The crash run.
    const crash = await sendToAll(token, 'Everyone, again');
    const crashed = await waitUntil(
      token,
      crash.mail._id,
      (state) => state.delivery.sent >= state.recipientCount * 0.4,
    );
    await stopServer(server, 'SIGKILL');
    report('killed with SIGKILL at', `${crashed.delivery.sent.toLocaleString('en')} sent`);
    const restarting = performance.now();
    server = startServer(dataDir);
    const resumedRss = sampleRss(server.pid!);
    await waitForServer();
    token = await signIn();
    const finished = await waitUntil(token, crash.mail._id, (state) => state.delivery.queued === 0);
    report('restart until every recipient has it', ms(performance.now() - restarting));
    report('peak RSS after the restart', `${(resumedRss.stop() / 1024 / 1024).toFixed(0)} MB`);
    report('delivery counts after the restart', JSON.stringify(finished.delivery));
    const second = countDeliveries(dataDir, crash.mail._id);
    const verdict =
      second.recipients === crash.mail.recipientCount && second.duplicates <= 200 ? 'PASS' : 'FAIL';
    report(
      'outbox after the crash',
      `${second.recipients.toLocaleString('en')} of ${crash.mail.recipientCount.toLocaleString('en')} recipients, ${second.duplicates} duplicates (${verdict})`,
    );
    return rows;
  } finally {
    if (server) await stopServer(server, 'SIGTERM');
    // rm unlinks a million files in a fraction of the CPU time rmSync takes; rmSync where there is no rm.
    if (spawnSync('rm', ['-rf', dataDir]).status !== 0) rmSync(dataDir, { recursive: true, force: true });
  }
}

const results: [number, [string, string][]][] = [];
for (const users of SIZES) results.push([users, await bench(users)]);
console.log(`\n| measure | ${results.map(([users]) => `${users.toLocaleString('en')} users`).join(' | ')} |`);
console.log(`|---|${results.map(() => '---:').join('|')}|`);
for (const [index, [label]] of results[0]![1].entries())
  console.log(`| ${label} | ${results.map(([, rows]) => rows[index]?.[1] ?? '').join(' | ')} |`);
