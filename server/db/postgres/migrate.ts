import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Pool } from './pool';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations', import.meta.url));

/** The advisory lock's key (any constant of this database's choosing): the ASCII of "console\0". */
const LOCK = '7165066974239417600';

/** The steps in `dir`, named NNN_what.sql, in their numbers' order. */
export function migrationFiles(dir = MIGRATIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name))
    .sort();
}

/**
 * Applies the steps that the database has not recorded, each in its own transaction, and returns their names. The
 * advisory lock makes processes that start together take turns: the second finds the steps recorded and applies none.
 * Never edit a step that has shipped: add one.
 */
export async function migrate(pool: Pool, dir = MIGRATIONS_DIR): Promise<string[]> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('SELECT pg_advisory_lock($1)', [LOCK]);
    try {
      await client.query(
        'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
      );
      const { rows } = await client.query<{ name: string }>('SELECT name FROM schema_migrations');
      const done = new Set(rows.map((row) => row.name));
      const applied: string[] = [];
      for (const name of migrationFiles(dir)) {
        if (done.has(name)) continue;
        await client.query('BEGIN');
        try {
          await client.query(readFileSync(join(dir, name), 'utf8'));
          await client.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw new Error(`Migration ${name} failed: ${(error as Error).message}`, { cause: error });
        }
        applied.push(name);
      }
      return applied;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [LOCK]);
    }
  } catch (error) {
    broken = error as Error;
    throw error;
  } finally {
    // A session that failed mid-way may still hold the lock or a transaction: it is closed, not reused.
    client.release(broken);
  }
}
