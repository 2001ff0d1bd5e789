// `npm run bench:mail`: one mail to All Users on the real server, at 100,000 and 1,000,000 users (or the sizes given:
// `npm run bench:mail -- 100000`). Per size: seeds a temporary DATA_DIR, starts the server as its own process, sends
// one mail to everyone with the file transport, and reports the create answer, a Send Mail list page and recipients
// pages (time and bytes, median of 5, measured while the mail goes out), the time until every recipient has it, and
// the server process's peak RSS (VmHWM). Then the crash run: a second mail to everyone, the
// server killed with SIGKILL mid-send and started again, and the outbox counted per recipient (every recipient at
// least once, at most 200 duplicates; BENCH_CRASH=0 skips it). BENCH_PROCESSES=2 runs two server processes on one
// database and one DATA_DIR (the bench holds the database and gives both its DATABASE_URL), so both mail workers
// share the sending; the crash run then kills one of them. Only talks to 127.0.0.1; the temporary directory is
// removed at the end.
import { spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, opendirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  memoryMb,
  seedUsers,
  signIn,
  sleep,
  startServer,
  stopServer,
  type BenchDatabase,
} from './bench-support';

/** The bytes of the files under `dir`, however deep. */
function sizeOnDisk(dir: string): number {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .reduce(
      (sum, entry) =>
        sum + (statSync(join(entry.parentPath, entry.name), { throwIfNoEntry: false })?.size ?? 0),
      0,
    );
}

const SIZES = (process.argv.slice(2).length ? process.argv.slice(2) : ['100000', '1000000']).map(Number);
const PORT = Number(process.env.BENCH_PORT ?? 3927);
/** BENCH_CRASH=0 skips the crash run (it sends the mail to everyone a second time). */
const CRASH_RUN = !['0', 'off', 'false'].includes(process.env.BENCH_CRASH ?? '');
/** Server processes sharing the database and DATA_DIR, on BENCH_PORT, BENCH_PORT + 1, … */
const PROCESSES = Number(process.env.BENCH_PROCESSES ?? 1);
const BASE = `http://127.0.0.1:${PORT}`;
/** The longest any wait may last: seeding aside, nothing here should come near it. */
const DEADLINE_MS = 90 * 60_000;
// The file transport: every message is one .eml file in the outbox, which the crash run counts.
const withoutSmtp = { ...process.env };
delete withoutSmtp.SMTP_URL;

type Mail = {
  _id: string;
  recipientCount: number;
  delivery: { queued: number; sent: number; failed: number };
};

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

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
  /** With more than one process: the database the bench holds open, and the processes after the first. */
  let database: BenchDatabase | undefined;
  const others: ChildProcess[] = [];
  const rows: [string, string][] = [];
  const report = (label: string, value: string) => {
    rows.push([label, value]);
    console.log(`  ${label}: ${value}`);
  };
  try {
    console.log(`\n${users.toLocaleString('en')} users (${dataDir})`);
    const seeding = performance.now();
    const seeded = await seedUsers(dataDir, users);
    if (PROCESSES > 1) database = seeded;
    else await seeded.close();
    report('seed', ms(performance.now() - seeding));

    const env = database ? { ...withoutSmtp, DATABASE_URL: database.url } : withoutSmtp;
    server = await startServer({ port: PORT, dataDir, env, log: join(dataDir, 'server.log') });
    for (let i = 1; i < PROCESSES; i += 1)
      others.push(
        await startServer({ port: PORT + i, dataDir, env, log: join(dataDir, `server-${i + 1}.log`) }),
      );
    report('server processes', String(PROCESSES));
    let token = await signIn(PORT);
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
    // The process's peak so far (VmHWM): the small mails before are nothing beside this one.
    const peak = Math.max(...[server, ...others].map((process) => memoryMb(process.pid!, 'VmHWM')));
    report(
      'until every recipient has it (file transport)',
      `${(sendMs / 1000).toFixed(1)} s (${Math.round(mail.recipientCount / (sendMs / 1000))} messages/s)`,
    );
    report('delivery counts', JSON.stringify(done.delivery));
    report(`peak RSS while sending${others.length ? ' (the larger process)' : ''}`, `${peak.toFixed(0)} MB`);
    // The embedded PostgreSQL's files (data and write-ahead log); a DATABASE_URL's are not on this disk.
    if (!process.env.DATABASE_URL) {
      const onDisk = sizeOnDisk(join(dataDir, 'pg'));
      report('database on disk after the first mail', `${(onDisk / 1024 / 1024).toFixed(0)} MB`);
    }
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
    server = await startServer({ port: PORT, dataDir, env, log: join(dataDir, 'server.log') });
    token = await signIn(PORT);
    const finished = await waitUntil(token, crash.mail._id, (state) => state.delivery.queued === 0);
    report('restart until every recipient has it', ms(performance.now() - restarting));
    report('peak RSS after the restart', `${memoryMb(server.pid!, 'VmHWM').toFixed(0)} MB`);
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
    for (const other of others) await stopServer(other, 'SIGTERM');
    if (server) await stopServer(server, 'SIGTERM');
    await database?.close();
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
