import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD_MESSAGES } from '../../contract/admin-password';
import { isLoopback, loadConfig } from '../config';
import { dbOver } from '../db/postgres/db';
import { createPool } from '../db/postgres/pool';
import { hashPassword } from '../lib/passwords';
import { createDatabase } from './postgres/database';

const root = fileURLToPath(new URL('../..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'console-listen-test-'));
// Run as root, the embedded PostgreSQL runs as the user postgres, which must reach DATA_DIR/pg.
chmodSync(dataDir, 0o755);
const running = new Set<ReturnType<typeof spawn>>();

/**
 * `npm start`'s server process (server/main.ts) on DATA_DIR, any free port, with `env` on top of a plain one: the
 * embedded PostgreSQL in DATA_DIR/pg unless `env` gives DATABASE_URL.
 */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server', 'main.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0', SEED_DEMO: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  void exited.then(() => running.delete(child));
  /** The URL it says it listens on. */
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const url = /Admin console and API on (http:\S+)/.exec(output)?.[1];
      if (url) resolve(url);
    });
    void exited.then(() => reject(new Error(`The server exited: ${output}`)));
  });
  // Awaited only by the tests that expect the server to start.
  listening.catch(() => undefined);
  return { child, listening, exited, output: () => output };
}

afterAll(() => {
  for (const child of running) child.kill('SIGKILL');
});

/** Whether a TCP connection to host:port is accepted. */
const accepts = (host: string, port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, host);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

describe('the address the server listens on', () => {
  it('is 127.0.0.1 unless HOST says otherwise', async () => {
    const server = startServer({});
    const url = await server.listening;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const port = Number(new URL(url).port);
    expect((await fetch(`${url}/api/childsafetypolicy`)).status).toBe(200);
    const outside = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && !address.internal && address.family === 'IPv4');
    if (outside) expect(await accepts(outside.address, port)).toBe(false);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    // The embedded PostgreSQL stopped with the server.
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 120_000);

  it('refuses every interface while the admin still has the default password, and allows it once changed', async () => {
    // A database whose admin has the default password.
    const DATABASE_URL = await createDatabase();
    const loopback = startServer({ DATABASE_URL });
    await loopback.listening;
    loopback.child.kill('SIGTERM');
    expect(await loopback.exited).toBe(0);
    const refused = startServer({ HOST: '0.0.0.0', DATABASE_URL });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain(
      'Refusing to listen on 0.0.0.0: the admin admin@example.com still has the default password (Admin@123)',
    );

    // A first start with the default password is refused before anything is created.
    const fresh = mkdtempSync(join(tmpdir(), 'console-listen-test-'));
    const freshUrl = await createDatabase();
    const first = startServer({ HOST: '::', DATA_DIR: fresh, DATABASE_URL: freshUrl });
    expect(await first.exited).toBe(1);
    expect(first.output()).toContain('Refusing to listen on ::');
    const freshPool = createPool(freshUrl);
    expect(await dbOver(freshPool).one('SELECT count(*) AS n FROM users')).toEqual({ n: 0 });
    await freshPool.end();

    const pool = createPool(DATABASE_URL);
    await dbOver(pool).run("UPDATE users SET password_hash = $1 WHERE role = 'admin'", [
      await hashPassword('n3w-password'),
    ]);
    await pool.end();
    const allowed = startServer({ HOST: '0.0.0.0', DATABASE_URL });
    const url = await allowed.listening;
    expect((await fetch(`${url}/api/childsafetypolicy`)).status).toBe(200);
    allowed.child.kill('SIGTERM');
    expect(await allowed.exited).toBe(0);
  }, 120_000);

  it('refuses a first start whose ADMIN_PASSWORD breaks the admin password rule, before anything is created', async () => {
    const DATABASE_URL = await createDatabase();
    for (const [password, message] of [
      ['password', ADMIN_PASSWORD_MESSAGES.short],
      ['Admin@123', ADMIN_PASSWORD_MESSAGES.published],
      ['qwertyuiop12', ADMIN_PASSWORD_MESSAGES.common],
    ]) {
      const refused = startServer({ DATABASE_URL, ADMIN_PASSWORD: password! });
      expect(await refused.exited, password).toBe(1);
      expect(refused.output()).toContain(
        `Refusing to start: ADMIN_PASSWORD is refused for the first admin (${message}).`,
      );
    }
    const pool = createPool(DATABASE_URL);
    expect(await dbOver(pool).one('SELECT count(*) AS n FROM users')).toEqual({ n: 0 });
    await pool.end();
    const strong = startServer({ DATABASE_URL, ADMIN_PASSWORD: 'plum-ferry-42' });
    await strong.listening;
    strong.child.kill('SIGTERM');
    expect(await strong.exited).toBe(0);
  }, 120_000);

  it('creates one admin and one set of demo data when two servers start together on an empty database', async () => {
    const DATABASE_URL = await createDatabase();
    const servers = [1, 2].map(() =>
      startServer({
        DATABASE_URL,
        SEED_DEMO: '1',
        DATA_DIR: mkdtempSync(join(tmpdir(), 'console-listen-test-')),
      }),
    );
    await Promise.all(servers.map((server) => server.listening));
    const pool = createPool(DATABASE_URL);
    const db = dbOver(pool);
    expect(await db.many('SELECT role, count(*) AS n FROM users GROUP BY role ORDER BY role')).toEqual([
      { role: 'admin', n: 1 },
      { role: 'user', n: 300 },
    ]);
    expect(await db.one('SELECT count(*) AS n FROM settings')).toEqual({ n: 1 });
    await pool.end();
    for (const server of servers) server.child.kill('SIGTERM');
    expect(await Promise.all(servers.map((server) => server.exited))).toEqual([0, 0]);
  }, 120_000);

  it('reads HOST as an IP address or localhost, and knows which are loopback', () => {
    expect(loadConfig({ DATA_DIR: dataDir }).host).toBe('127.0.0.1');
    expect(loadConfig({ DATA_DIR: dataDir, HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(() => loadConfig({ DATA_DIR: dataDir, HOST: 'example.com' })).toThrow(
      'Invalid configuration: HOST: must be an IP address or localhost',
    );
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '::ffff:127.0.0.1'])
      expect(isLoopback(host)).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.0.2.2', 'fd00::2', '::ffff:192.0.2.2'])
      expect(isLoopback(host)).toBe(false);
  });
});
