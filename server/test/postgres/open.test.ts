import { describe, expect, it } from 'vitest';
import { migrationFiles } from '../../db/postgres/migrate';
import { openPostgres } from '../../db/postgres/open';
import { freshDatabase } from './database';

describe('openPostgres', () => {
  it('migrates the database DATABASE_URL names and starts none of its own', async () => {
    const { url } = await freshDatabase({ migrated: false });
    const dataDir = '/nonexistent/data-dir';
    const db = await openPostgres({ databaseUrl: url, dataDir });
    try {
      expect(db.url).toBe(url);
      const { rows } = await db.pool.query('SELECT name FROM schema_migrations ORDER BY name');
      expect(rows.map((row) => row.name)).toEqual(migrationFiles());
    } finally {
      await db.close();
    }
  });
});
