import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, statSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';

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
  });
});
