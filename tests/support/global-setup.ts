import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dbOver } from '../../server/db/postgres/db';
import { createPool, databaseUrl } from '../../server/db/postgres/pool';
import { UploadStore } from '../../server/lib/uploads';
import { bootstrap } from '../../server/seed/bootstrap';
import { seedDemo } from '../../server/seed/demo';
import startPostgres from '../../server/test/postgres/global-setup';
import { CONSOLE_ADMIN } from './api-fixture';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The database the console's tests copy, one per test file (the demo data), and its uploaded media. */
    consoleApi: { template: string; dataDir: string };
  }
}

/**
 * The console's tests run against the reference server (tests/support/api-server.ts): the run's PostgreSQL (embedded,
 * or TEST_DATABASE_URL) with a template database holding the demo data that `npm start` seeds, which each test file
 * copies. Its media files are written once here, and each file's server copies them.
 */
export default async function setup(project: TestProject) {
  const stopPostgres = await startPostgres(project);
  const { url, template: migrated } = project.getProvidedContext().postgres;
  const template = `${migrated}_console`;
  const dataDir = mkdtempSync(join(tmpdir(), 'console-web-test-media-'));
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${template} TEMPLATE ${migrated}`);
  } finally {
    await admin.end();
  }
  const pool = createPool(databaseUrl(url, template), { max: 2 });
  try {
    const db = dbOver(pool);
    await bootstrap(db, { ...CONSOLE_ADMIN, twoFactorRequired: false });
    await seedDemo(db, new UploadStore(dataDir));
  } finally {
    await pool.end();
  }
  project.provide('consoleApi', { template, dataDir });
  return async () => {
    await stopPostgres();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
