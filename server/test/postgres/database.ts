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
 * A new database's URL: migrated (a copy of the run's template), or empty (`migrated: false`, a copy of template0).
 * Nothing closes or drops it before the run's teardown: for servers made outside a test (beforeAll).
 */
export async function createDatabase({ migrated = true } = {}): Promise<string> {
  const { template: runTemplate } = inject('postgres');
  const name = `${runTemplate}_${randomBytes(6).toString('hex')}`;
  const template = migrated ? runTemplate : 'template0';
  await asAdmin((client) => client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`));
  return databaseUrl(inject('postgres').url, name);
}

/**
 * A database of the test's own: migrated (a copy of the run's template), or empty (`migrated: false`, a copy of
 * template0). Its pool closes when the test finishes; the run's teardown drops the databases.
 */
export async function freshDatabase({ migrated = true } = {}): Promise<{ url: string; pool: Pool }> {
  const url = await createDatabase({ migrated });
  const pool = createPool(url);
  onTestFinished(() => pool.end());
  return { url, pool };
}
