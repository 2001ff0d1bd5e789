import { join } from 'node:path';
import { startEmbedded } from './cluster';
import { migrate } from './migrate';
import { createPool, type Pool } from './pool';

export type Postgres = {
  pool: Pool;
  url: string;
  /** Closes the pool, then stops the embedded cluster if this process started one. */
  close(): Promise<void>;
};

/**
 * The server's database, brought up to date: the one DATABASE_URL names when given (nothing is started), otherwise
 * the embedded cluster in DATA_DIR/pg.
 */
export async function openPostgres(options: {
  databaseUrl: string | undefined;
  dataDir: string;
}): Promise<Postgres> {
  const cluster = options.databaseUrl ? undefined : await startEmbedded(join(options.dataDir, 'pg'));
  const url = options.databaseUrl ?? cluster!.url;
  const pool = createPool(url);
  try {
    await migrate(pool);
  } catch (error) {
    await pool.end();
    await cluster?.stop();
    throw error;
  }
  return {
    pool,
    url,
    async close() {
      await pool.end();
      await cluster?.stop();
    },
  };
}
