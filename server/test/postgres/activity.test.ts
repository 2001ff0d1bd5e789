import { describe, expect, it } from 'vitest';
import type { Pool } from '../../db/postgres/pool';
import { freshDatabase } from './database';

async function logOne(pool: Pool) {
  await pool.query(
    `INSERT INTO activity (id, created_at, admin_id, action, record_type, record_id, summary)
     VALUES ('a1', '2026-11-26T10:00:00.000Z', 'admin1', 'create', 'faq', 'f1', 'Created FAQ')`,
  );
}

describe('the activity log is append-only', () => {
  it.each([
    ['UPDATE', "UPDATE activity SET summary = 'rewritten'"],
    ['DELETE', 'DELETE FROM activity'],
    ['DELETE of no row', 'DELETE FROM activity WHERE false'],
    ['TRUNCATE', 'TRUNCATE activity'],
  ])('refuses %s', async (_, sql) => {
    const { pool } = await freshDatabase();
    await logOne(pool);
    await expect(pool.query(sql)).rejects.toMatchObject({
      message: 'The activity log is append-only',
      code: '23001',
    });
    const { rows } = await pool.query('SELECT id, summary FROM activity');
    expect(rows).toEqual([{ id: 'a1', summary: 'Created FAQ' }]);
  });

  it('takes new entries', async () => {
    const { pool } = await freshDatabase();
    await logOne(pool);
    await pool.query(
      `INSERT INTO activity (id, created_at, action, record_type, summary)
       VALUES ('a2', '2026-11-26T10:00:01.000Z', 'delete', 'faq', 'Deleted FAQ')`,
    );
    expect((await pool.query('SELECT count(*) AS n FROM activity')).rows).toEqual([{ n: 2 }]);
  });
});
