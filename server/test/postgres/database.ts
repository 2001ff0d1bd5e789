import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject, onTestFinished } from 'vitest';
import { createPool, databaseUrl, type Pool } from '../../db/postgres/pool';

async function asAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: inject('postgres').url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A database of the test's own, dropped when the test finishes: migrated (a copy of the run's template), or empty
 * (`migrated: false`, a copy of template0).
 */
export async function freshDatabase({ migrated = true } = {}): Promise<{ url: string; pool: Pool }> {
  const name = `console_test_${randomBytes(6).toString('hex')}`;
  const template = migrated ? inject('postgres').template : 'template0';
  await asAdmin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  const url = databaseUrl(inject('postgres').url, name);
  const pool = createPool(url);
  onTestFinished(async () => {
    await pool.end();
    await asAdmin((client) => client.query(`DROP DATABASE ${name} WITH (FORCE)`));
  });
  return { url, pool };
}
