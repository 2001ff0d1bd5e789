import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbedded } from '../../db/postgres/cluster';
import { migrate } from '../../db/postgres/migrate';
import { createPool, databaseUrl } from '../../db/postgres/pool';

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: { url: string; template: string };
  }
}

/**
 * One PostgreSQL for the run and one migrated template database, which each test copies (CREATE DATABASE … TEMPLATE).
 * TEST_DATABASE_URL (a role that may create databases, e.g. postgres://postgres:…@127.0.0.1:55499/postgres) points
 * the tests at a server that runs already; without it an embedded cluster starts in a temporary directory.
 */
export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL;
  const dir = given ? undefined : mkdtempSync(join(tmpdir(), 'console-pg-test-'));
  // A throwaway cluster need not survive a crash: without flushes to disk, each test's CREATE DATABASE is quick. Its
  // hundreds of small databases need no large cache, and each DROP DATABASE at the end scans all of it.
  const cluster = dir
    ? await startEmbedded(join(dir, 'pg'), {
        settings: {
          fsync: 'off',
          synchronous_commit: 'off',
          full_page_writes: 'off',
          shared_buffers: '128MB',
        },
      })
    : undefined;
  const url = given ?? cluster!.url;
  // The run's databases are named after it: this template, and a copy per test (database.ts), dropped at the end.
  const template = `console_test_${process.pid}`;

  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const pool = createPool(databaseUrl(url, template), { max: 1 });
  await migrate(pool);
  await pool.end();
  project.provide('postgres', { url, template });

  return async () => {
    const { rows } = await admin.query<{ name: string }>(
      "SELECT datname AS name FROM pg_database WHERE datname LIKE $1 || '%'",
      [template],
    );
    for (const { name } of rows) await admin.query(`DROP DATABASE ${name} WITH (FORCE)`);
    await admin.end();
    await cluster?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
}
