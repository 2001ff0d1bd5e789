import { describe, expect, it } from 'vitest';
import { freshDatabase } from './database';

describe('the PostgreSQL schema', () => {
  it('reads times back as the ISO strings written, and counts as numbers', async () => {
    const { pool } = await freshDatabase();
    await pool.query(
      `INSERT INTO faqs (id, question, answer, created_at, updated_at)
       VALUES ('f1', 'Q', 'A', '2026-11-26T10:00:00.123Z', '2026-11-26T10:00:00.124Z')`,
    );
    const { rows } = await pool.query(
      'SELECT created_at, updated_at, enabled, count(*) OVER () AS n FROM faqs',
    );
    expect(rows).toEqual([
      { created_at: '2026-11-26T10:00:00.123Z', updated_at: '2026-11-26T10:00:00.124Z', enabled: true, n: 1 },
    ]);
  });

  it('refuses a second account for an e-mail address in another case', async () => {
    const { pool } = await freshDatabase();
    const add = (id: string, email: string) =>
      pool.query(`INSERT INTO users (id, email, created_at, updated_at) VALUES ($1, $2, now(), now())`, [
        id,
        email,
      ]);
    await add('u1', 'Ana@Example.com');
    await expect(add('u2', 'ana@example.COM')).rejects.toMatchObject({
      code: '23505',
      constraint: 'users_email',
    });
  });

  it('finds users by any part of a name, e-mail or phone, accents and case aside, through the trigram index', async () => {
    const { pool } = await freshDatabase();
    await pool.query(
      `INSERT INTO users (id, name, surname, email, phone_number, created_at, updated_at) VALUES
       ('u1', 'Ñandú', 'Pérez', 'nandu@example.com', '+34 600 111 222', now(), now()),
       ('u2', 'Zoë', 'Smith', 'zoe@example.com', '+44 700 333 444', now(), now())`,
    );
    const search = async (text: string) => {
      const client = await pool.connect();
      try {
        // The table is tiny: without this the planner reads it whole, and the test would say nothing of the index.
        await client.query('SET enable_seqscan = off');
        const sql = `SELECT id FROM users WHERE name ILIKE $1 OR surname ILIKE $1 OR email ILIKE $1
          OR phone_number ILIKE $1`;
        const plan = await client.query(`EXPLAIN ${sql}`, [`%${text}%`]);
        const { rows } = await client.query(sql, [`%${text}%`]);
        return {
          ids: rows.map((row) => row.id).sort(),
          plan: plan.rows.map((row) => row['QUERY PLAN']).join('\n'),
        };
      } finally {
        client.release();
      }
    };
    const accented = await search('ñan');
    expect(accented.ids).toEqual(['u1']);
    expect(accented.plan).toContain('users_search');
    expect((await search('PÉR')).ids).toEqual(['u1']);
    expect((await search('zoË')).ids).toEqual(['u2']);
    expect((await search('333 4')).ids).toEqual(['u2']);
  });
});
