import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { serverSettings } from '../../db/postgres/cluster';

const CHILD = fileURLToPath(new URL('./cluster-child.ts', import.meta.url));

/** The postmasters running for `dataDir`: processes started as `postgres -D <dataDir> …`. */
function postmasters(dataDir: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return args[0]!.endsWith('postgres') && args[args.indexOf('-D') + 1] === dataDir;
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function until(condition: () => boolean, what: string, ms = 15_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

type Server = { child: ChildProcess; url: string; exited: Promise<number | null> };

/** A child process that starts the cluster; resolves once it prints its address, rejects with its stderr if it exits. */
function startServer(root: string): Promise<Server> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, root], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A test that fails leaves no server behind to hold the cluster from the next one.
  onTestFinished(() => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    let stdout = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes('\n')) resolve({ child, exited, url: (JSON.parse(stdout) as { url: string }).url });
    });
    void exited.then((code) => reject(new Error(`The server exited (${code}): ${stderr}`)));
  });
}

/** The settings named, as the running server has them (pg_settings' unit-less form: 8kB pages, MB, seconds). */
async function settings(url: string, names: string[]): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; value: string }>(
      'SELECT name, current_setting(name) AS value FROM pg_settings WHERE name = ANY($1)',
      [names],
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.value]));
  } finally {
    await client.end();
  }
}

/** Whether the database at `url` answers, migrated. */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('SELECT count(*) AS n FROM schema_migrations');
    return rows[0]!.n > 0;
  } finally {
    await client.end();
  }
}

describe('the embedded cluster', () => {
  const root = mkdtempSync(join(tmpdir(), 'console-pg-lifecycle-'));
  const dataDir = join(root, 'pg');
  // The server's DATA_DIR is root (0700, as mkdtemp makes it): its cluster lives in root/pg.
  afterAll(async () => {
    for (const pid of postmasters(dataDir)) process.kill(pid, 'SIGQUIT');
    await until(() => postmasters(dataDir).length === 0, 'no postmaster is left');
    rmSync(root, { recursive: true, force: true });
  });

  it('survives its server killed with SIGKILL: the next start stops the one left and runs exactly one', async () => {
    const first = await startServer(root);
    expect(await answers(first.url)).toBe(true);
    // Under root the cluster runs as postgres: DATA_DIR lets it through, and still lets nobody else list it.
    if (process.getuid?.() === 0) expect(statSync(root).mode & 0o777).toBe(0o701);
    const [left] = postmasters(dataDir);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(postmasters(dataDir)).toEqual([left]);

    const second = await startServer(root);
    expect(await answers(second.url)).toBe(true);
    const running = postmasters(dataDir);
    expect(running).toHaveLength(1);
    expect(running).not.toContain(left);

    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(postmasters(dataDir)).toEqual([]);
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('runs with settings sized for the machine, a cluster initialised without them included', async () => {
    const expected = {
      ...serverSettings(),
      fsync: 'on',
      synchronous_commit: 'on',
    };
    const asShown = (values: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(values).map(([name, value]) => [
          name,
          value.replace(/^(\d+)MB$/, (_, mb: string) =>
            Number(mb) % 1024 === 0 ? `${Number(mb) / 1024}GB` : value,
          ),
        ]),
      );
    const first = await startServer(root);
    expect(await settings(first.url, Object.keys(expected))).toEqual(asShown(expected));
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);

    // A cluster of an earlier version: postgresql.conf as initdb wrote it, no console.conf.
    const conf = join(dataDir, 'postgresql.conf');
    writeFileSync(conf, readFileSync(conf, 'utf8').replace("include_if_exists = 'console.conf'", ''));
    rmSync(join(dataDir, 'console.conf'));
    const second = await startServer(root);
    expect(await settings(second.url, Object.keys(expected))).toEqual(asShown(expected));
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('sizes memory from the machine within bounds', () => {
    const GB = 1024 ** 3;
    expect(serverSettings(16 * GB)).toEqual({
      shared_buffers: '4096MB',
      effective_cache_size: '8192MB',
      maintenance_work_mem: '512MB',
      max_wal_size: '4GB',
      min_wal_size: '256MB',
      checkpoint_timeout: '15min',
    });
    expect(serverSettings(GB / 2)).toMatchObject({
      shared_buffers: '128MB',
      effective_cache_size: '512MB',
      maintenance_work_mem: '64MB',
    });
    expect(serverSettings(256 * GB)).toMatchObject({
      shared_buffers: '8192MB',
      effective_cache_size: '65536MB',
      maintenance_work_mem: '1024MB',
    });
  });

  it('is refused to a second server while the first one runs, and stops when its server exits', async () => {
    const first = await startServer(root);
    await expect(startServer(root)).rejects.toThrow(/is in use by the server process/);
    expect(await answers(first.url)).toBe(true);
    expect(postmasters(dataDir)).toHaveLength(1);

    // Exiting without stop(): the exit hook asks the postmaster for a fast shutdown.
    first.child.kill('SIGINT');
    expect(await first.exited).toBe(0);
    await until(() => postmasters(dataDir).length === 0, 'the postmaster has stopped');
    expect(existsSync(join(dataDir, 'postmaster.pid'))).toBe(false);
  }, 120_000);
});
