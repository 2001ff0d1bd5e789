import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { migrate, migrationFiles, MIGRATIONS_DIR } from '../../db/postgres/migrate';
import { freshDatabase } from './database';

/** The work dashboard's day counts (migration 014): what is there when it runs is counted once. */
describe('day_counts', () => {
  it('is backfilled from the members and chat reports already there', async () => {
    const { pool } = await freshDatabase({ migrated: false });
    const before = mkdtempSync(join(tmpdir(), 'console-migrations-'));
    onTestFinished(() => rmSync(before, { recursive: true, force: true }));
    for (const name of migrationFiles().filter((file) => file < '014'))
      copyFileSync(join(MIGRATIONS_DIR, name), join(before, name));
    await migrate(pool, before);

    await pool.query(
      `INSERT INTO users (id, role, email, created_at, updated_at)
       SELECT 'u' || n, CASE WHEN n % 5 = 0 THEN 'admin' ELSE 'user' END, 'u' || n || '@example.com',
         timestamptz '2026-11-01 23:30:00+00' + (n % 3) * interval '1 day', now()
       FROM generate_series(1, 40) AS n`,
    );
    await pool.query(
      `INSERT INTO chat_reports (id, message, created_at, updated_at)
       SELECT 'r' || n, 'Rude', timestamptz '2026-11-02 00:30:00+00' + (n % 2) * interval '1 day', now()
       FROM generate_series(1, 7) AS n`,
    );
    expect(await migrate(pool)).toContain('014_member_notes.sql');

    const { rows } = await pool.query<{ series: string; day: string; n: string }>(
      'SELECT series, day, n FROM day_counts ORDER BY series, day',
    );
    expect(rows.map(({ series, day, n }) => [series, day, Number(n)])).toEqual([
      ['members', '2026-11-01', 11],
      ['members', '2026-11-02', 11],
      ['members', '2026-11-03', 10],
      ['reports', '2026-11-02', 3],
      ['reports', '2026-11-03', 4],
    ]);
  });
});
