import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrate, migrationFiles } from '../../db/postgres/migrate';
import { createPool } from '../../db/postgres/pool';
import { freshDatabase } from './database';

/** A migrations folder of the given steps; step 002 sleeps so that a second migrator arrives while it runs. */
function stepsDir(steps: Record<string, string>) {
  const dir = mkdtempSync(join(tmpdir(), 'console-migrations-'));
  for (const [name, sql] of Object.entries(steps)) writeFileSync(join(dir, name), sql);
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const STEPS = {
  '001_log.sql': 'CREATE TABLE log (step text NOT NULL);',
  '002_slow.sql': "INSERT INTO log VALUES ('002'); SELECT pg_sleep(0.3);",
  '003_more.sql': "INSERT INTO log VALUES ('003');",
};

describe('migrations', () => {
  it('applies each step exactly once when two processes start together, and nothing on a re-run', async () => {
    const { url } = await freshDatabase({ migrated: false });
    const dir = stepsDir(STEPS);
    const first = createPool(url);
    const second = createPool(url);
    try {
      const applied = await Promise.all([migrate(first, dir), migrate(second, dir)]);
      expect(applied.flat().sort()).toEqual(['001_log.sql', '002_slow.sql', '003_more.sql']);
      expect(applied.map((names) => names.length).sort()).toEqual([0, 3]);
      const { rows } = await first.query('SELECT step FROM log ORDER BY step');
      expect(rows).toEqual([{ step: '002' }, { step: '003' }]);
      expect(await migrate(second, dir)).toEqual([]);
    } finally {
      await Promise.all([first.end(), second.end()]);
    }
  });

  it("brings an empty database to the project's schema, two migrators at once", async () => {
    const { url, pool } = await freshDatabase({ migrated: false });
    const other = createPool(url);
    try {
      const applied = await Promise.all([migrate(pool), migrate(other)]);
      expect(applied.flat()).toEqual(migrationFiles());
      const { rows } = await pool.query('SELECT name FROM schema_migrations ORDER BY name');
      expect(rows.map((row) => row.name)).toEqual(migrationFiles());
      expect(await migrate(pool)).toEqual([]);
    } finally {
      await other.end();
    }
  });

  it('leaves nothing of a step that fails, and records the steps before it', async () => {
    const { pool } = await freshDatabase({ migrated: false });
    const dir = stepsDir({
      '001_log.sql': STEPS['001_log.sql'],
      '002_broken.sql': "INSERT INTO log VALUES ('002'); SELECT no_such_column FROM log;",
    });
    await expect(migrate(pool, dir)).rejects.toThrow(/Migration 002_broken.sql failed: .*no_such_column/);
    expect((await pool.query('SELECT count(*) AS n FROM log')).rows).toEqual([{ n: 0 }]);
    expect((await pool.query('SELECT name FROM schema_migrations')).rows).toEqual([{ name: '001_log.sql' }]);
  });
});
