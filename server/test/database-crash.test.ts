import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readPostmasterPid } from '../db/postgres/cluster';

/**
 * The embedded PostgreSQL killed with kill -9 (issue 27): nothing the API acknowledged is lost, the server answers 503
 * while its database is down and carries on once it is back, and a server killed with it starts again on the crashed
 * cluster.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const running = new Set<ReturnType<typeof spawn>>();
const dataDirs: string[] = [];
afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
  // A test that fails after killing its server leaves the postmaster that server started: a fast shutdown.
  for (const dataDir of dataDirs) {
    const held = readPostmasterPid(join(dataDir, 'pg'));
    try {
      if (held && readFileSync(`/proc/${held.pid}/cmdline`, 'utf8').includes(join(dataDir, 'pg')))
        process.kill(held.pid, 'SIGINT');
    } catch {
      // Gone already.
    }
  }
});

/** `npm start`'s server process on `dataDir` (its embedded PostgreSQL in dataDir/pg), on a free port. */
function startServer(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      DATA_DIR: dataDir,
      PORT: '0',
      SEED_DEMO: '1',
      TWO_FACTOR_REQUIRED: 'false',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  void exited.then(() => running.delete(child));
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const url = /Admin console and API on (http:\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    });
    void exited.then(() => reject(new Error(`The server exited: ${output}`)));
  });
  return { child, listening, exited, output: () => output };
}

type Answer = { status: number; body: { result?: unknown; message?: string } };

function client(url: string) {
  let token = '';
  const call = async (method: string, path: string, json?: unknown): Promise<Answer> => {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: {
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
        ...(json === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    return { status: response.status, body: (await response.json()) as Answer['body'] };
  };
  return {
    call,
    async signIn() {
      const answer = await call('POST', '/api/login', { email: 'admin@example.com', password: 'Admin@123' });
      expect(answer.status).toBe(200);
      token = (answer.body.result as { token: string }).token;
    },
    useToken(other: string) {
      token = other;
    },
    get token() {
      return token;
    },
  };
}

/** Kills the embedded postmaster of `dataDir` with SIGKILL; resolves with its pid. */
function killPostmaster(dataDir: string): number {
  const { pid } = readPostmasterPid(join(dataDir, 'pg'))!;
  expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8')).toContain(join(dataDir, 'pg'));
  process.kill(pid, 'SIGKILL');
  return pid;
}

describe('the embedded PostgreSQL killed with kill -9', () => {
  it('loses nothing acknowledged; the server answers 503 meanwhile, restarts it, and starts again on it', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'console-pg-crash-'));
    dataDirs.push(dataDir);
    const first = startServer(dataDir);
    const api = client(await first.listening);
    await api.signIn();

    // Three acknowledged writes: a member's status, a catalogue entry, a mail queued.
    const member = (
      (await api.call('GET', '/api/admin/list?page=1&items=1')).body.result as { _id: string }[]
    )[0]!;
    // A deactivation is a restriction ('restrictions'): it cites a policy, a Report Element.
    const policy = await api.call('POST', '/api/reportelement/create', { message: 'Spam', enabled: true });
    const policyId = (policy.body.result as { _id: string })._id;
    expect(
      (
        await api.call('PATCH', `/api/admin/status/${member._id}?enabled=false`, {
          restriction: { policyId, facts: 'Spam links sent to members', endsAt: null },
        })
      ).status,
    ).toBe(200);
    expect((await api.call('POST', '/api/language/create', { name: 'Cornish', enabled: true })).status).toBe(
      200,
    );
    const mail = await api.call('POST', '/api/mail-send/create', {
      title: 'Before the crash',
      body: 'Hello',
      users: [member._id],
    });
    expect(mail.status).toBe(200);

    killPostmaster(dataDir);
    // While the database is down the API answers 503 with a message, never crashes; the server starts the database
    // again, and the pool finds it on the same port.
    const statuses: number[] = [];
    const deadline = Date.now() + 90_000;
    for (;;) {
      const answer = await api.call('GET', '/api/language/listAll');
      statuses.push(answer.status);
      if (answer.status === 503)
        expect(answer.body).toEqual({
          success: false,
          message: 'The database is unavailable; try again in a moment',
        });
      // The dead postmaster's sessions may answer for a moment before they notice and end.
      if ((answer.status === 200 && statuses.includes(503)) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(statuses.at(-1)).toBe(200);
    expect(statuses).toContain(503);
    expect(new Set(statuses)).toEqual(new Set([200, 503]));
    expect(first.child.exitCode).toBeNull();

    const readBack = async () => {
      const read = await api.call('GET', `/api/user/read/${member._id}`);
      expect((read.body.result as { enabled: boolean }).enabled).toBe(false);
      const languages = (await api.call('GET', '/api/language/listAll')).body.result as { name: string }[];
      expect(languages.map((row) => row.name)).toContain('Cornish');
      const mails = (await api.call('GET', '/api/mail-send/list?page=1&limit=10')).body.result as {
        _id: string;
        title: string;
      }[];
      expect(mails.map((row) => row._id)).toContain((mail.body.result as { _id: string })._id);
    };
    await readBack();
    // And it writes again.
    expect((await api.call('POST', '/api/language/create', { name: 'Manx', enabled: true })).status).toBe(
      200,
    );

    // The server and its database both killed (a machine losing power, near enough): the next start finds the dead
    // cluster's lock file, PostgreSQL recovers, and everything acknowledged is there.
    first.child.kill('SIGKILL');
    await first.exited;
    killPostmaster(dataDir);
    const second = startServer(dataDir);
    const url = await second.listening;
    const again = client(url);
    again.useToken(api.token);
    const languages = (await again.call('GET', '/api/language/listAll')).body.result as { name: string }[];
    expect(languages.map((row) => row.name)).toEqual(expect.arrayContaining(['Cornish', 'Manx']));
    const read = await again.call('GET', `/api/user/read/${member._id}`);
    expect((read.body.result as { enabled: boolean }).enabled).toBe(false);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);
});
