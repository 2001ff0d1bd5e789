import { describe, expect, it } from 'vitest';
import type { Pool } from '../../db/postgres/pool';
import { freshDatabase } from './database';

const STAMP = '2026-11-26T10:00:00.000Z';

/** The counts the triggers keep, beside the counts of the rows themselves; zero counts left behind are dropped. */
async function userCounts(pool: Pool) {
  const kept = await pool.query(
    'SELECT role, plan_product, enabled, n FROM user_counts WHERE n <> 0 ORDER BY 1, 2, 3',
  );
  const real = await pool.query(
    `SELECT role, coalesce(plan_product, '') AS plan_product, enabled, count(*) AS n FROM users
     GROUP BY 1, 2, 3 ORDER BY 1, 2, 3`,
  );
  return { kept: kept.rows, real: real.rows };
}

async function addUsers(pool: Pool, ids: string[], enabled = true) {
  await pool.query(
    `INSERT INTO users (id, name, email, enabled, created_at, updated_at)
     SELECT id, 'User ' || id, id || '@example.com', $2, $3, $3 FROM unnest($1::text[]) AS id`,
    [ids, enabled, STAMP],
  );
}

describe('counts kept by triggers', () => {
  it('counts users per role, plan and status through inserts, plans, status changes and deletions', async () => {
    const { pool } = await freshDatabase();
    const expectTrue = async () => {
      const { kept, real } = await userCounts(pool);
      expect(kept).toEqual(real);
    };
    await addUsers(pool, ['u1', 'u2', 'u3', 'u4']);
    await addUsers(pool, ['u5'], false);
    await pool.query(
      `INSERT INTO users (id, role, email, created_at, updated_at) VALUES ('a1', 'admin', 'a@example.com', $1, $1)`,
      [STAMP],
    );
    await expectTrue();
    expect((await userCounts(pool)).kept).toContainEqual({
      role: 'user',
      plan_product: '',
      enabled: true,
      n: 4,
    });

    await pool.query(
      "INSERT INTO user_plans (user_id, product_id) VALUES ('u1', 'gold'), ('u2', 'gold'), ('u5', 'silver')",
    );
    await expectTrue();
    await pool.query("UPDATE user_plans SET product_id = 'platinum' WHERE user_id = 'u2'");
    await expectTrue();
    await pool.query("UPDATE users SET enabled = false WHERE id IN ('u1', 'u3')");
    await expectTrue();
    await pool.query("UPDATE users SET name = 'Renamed' WHERE id = 'u4'");
    await expectTrue();
    await pool.query("DELETE FROM user_plans WHERE user_id = 'u5'");
    await expectTrue();
    await pool.query("DELETE FROM users WHERE id IN ('u2', 'u4')");
    await expectTrue();
    expect((await userCounts(pool)).kept).toEqual([
      { role: 'admin', plan_product: '', enabled: true, n: 1 },
      { role: 'user', plan_product: '', enabled: false, n: 2 },
      { role: 'user', plan_product: 'gold', enabled: false, n: 1 },
    ]);
    await pool.query('TRUNCATE users CASCADE');
    await expectTrue();
  });

  it("keeps a mail's sent and failed counts through outcomes, and its recipients through deletions", async () => {
    const { pool } = await freshDatabase();
    await addUsers(pool, ['u1', 'u2', 'u3', 'u4']);
    await pool.query(
      `INSERT INTO mails (id, title, body, recipient_count, created_at, updated_at) VALUES
       ('m1', 'Hello', 'Body', 4, $1, $1), ('m2', 'Other', 'Body', 1, $1, $1)`,
      [STAMP],
    );
    await pool.query(
      `INSERT INTO mail_deliveries (mail_id, user_id) SELECT 'm1', id FROM users;
       INSERT INTO mail_deliveries (mail_id, user_id) VALUES ('m2', 'u1')`,
    );
    const mails = async () =>
      (await pool.query('SELECT id, recipient_count, sent_count, failed_count FROM mails ORDER BY id')).rows;
    const truth = async () =>
      (
        await pool.query(
          `SELECT m.id, count(d.*) AS recipient_count, count(*) FILTER (WHERE d.state = 'sent') AS sent_count,
             count(*) FILTER (WHERE d.state = 'failed') AS failed_count
           FROM mails m LEFT JOIN mail_deliveries d ON d.mail_id = m.id GROUP BY m.id ORDER BY m.id`,
        )
      ).rows;

    await pool.query("UPDATE mail_deliveries SET state = 'sent' WHERE user_id IN ('u1', 'u2')");
    await pool.query("UPDATE mail_deliveries SET state = 'failed' WHERE mail_id = 'm1' AND user_id = 'u3'");
    await pool.query("UPDATE mail_deliveries SET attempts = 2, due_at = 5000 WHERE user_id = 'u4'");
    expect(await mails()).toEqual([
      { id: 'm1', recipient_count: 4, sent_count: 2, failed_count: 1 },
      { id: 'm2', recipient_count: 1, sent_count: 1, failed_count: 0 },
    ]);
    // A retry that succeeds turns a failure into a send.
    await pool.query("UPDATE mail_deliveries SET state = 'sent' WHERE user_id = 'u3'");
    await pool.query("DELETE FROM users WHERE id IN ('u1', 'u4')");
    expect(await mails()).toEqual(await truth());
    expect(await mails()).toEqual([
      { id: 'm1', recipient_count: 2, sent_count: 2, failed_count: 0 },
      { id: 'm2', recipient_count: 0, sent_count: 0, failed_count: 0 },
    ]);
  });

  it('counts the rows of growing lists, and chat reports per status', async () => {
    const { pool } = await freshDatabase();
    const counts = async () =>
      (await pool.query('SELECT table_name, value, n FROM row_counts WHERE n <> 0 ORDER BY 1, 2')).rows;
    await pool.query(
      `INSERT INTO posts (id, name, created_at, updated_at) SELECT 'p' || i, 'Post', $1, $1
       FROM generate_series(1, 5) AS i`,
      [STAMP],
    );
    await pool.query(
      `INSERT INTO chat_reports (id, message, created_at, updated_at) SELECT 'r' || i, 'Spam', $1, $1
       FROM generate_series(1, 3) AS i`,
      [STAMP],
    );
    await pool.query("UPDATE chat_reports SET status = 'Actioned' WHERE id = 'r1'");
    await pool.query("UPDATE chat_reports SET note = 'seen' WHERE id = 'r2'");
    await pool.query("DELETE FROM posts WHERE id IN ('p1', 'p2')");
    expect(await counts()).toEqual([
      { table_name: 'chat_reports', value: '', n: 3 },
      { table_name: 'chat_reports', value: 'Actioned', n: 1 },
      { table_name: 'chat_reports', value: 'Open', n: 2 },
      { table_name: 'posts', value: '', n: 3 },
    ]);
    await pool.query('TRUNCATE posts');
    expect(await counts()).toEqual([
      { table_name: 'chat_reports', value: '', n: 3 },
      { table_name: 'chat_reports', value: 'Actioned', n: 1 },
      { table_name: 'chat_reports', value: 'Open', n: 2 },
    ]);
  });

  it('counts activity per UTC day, overall and per action, record type and admin', async () => {
    const { pool } = await freshDatabase();
    await pool.query(
      `INSERT INTO activity (id, created_at, admin_id, action, record_type, summary) VALUES
       ('a1', '2026-11-25T23:59:59.999Z', 'admin1', 'create', 'faq', 'x'),
       ('a2', '2026-11-26T00:00:00.000Z', 'admin1', 'update', 'faq', 'x'),
       ('a3', '2026-11-26T12:00:00.000+05:00', NULL, 'update', 'user', 'x')`,
    );
    await pool.query(
      `INSERT INTO activity (id, created_at, admin_id, action, record_type, summary)
       VALUES ('a4', '2026-11-26T18:00:00.000Z', 'admin2', 'delete', 'faq', 'x')`,
    );
    const { rows } = await pool.query('SELECT dim, value, day, n FROM activity_days ORDER BY 1, 2, 3');
    expect(rows).toEqual([
      { dim: 'action', value: 'create', day: '2026-11-25', n: 1 },
      { dim: 'action', value: 'delete', day: '2026-11-26', n: 1 },
      { dim: 'action', value: 'update', day: '2026-11-26', n: 2 },
      { dim: 'admin', value: '', day: '2026-11-26', n: 1 },
      { dim: 'admin', value: 'admin1', day: '2026-11-25', n: 1 },
      { dim: 'admin', value: 'admin1', day: '2026-11-26', n: 1 },
      { dim: 'admin', value: 'admin2', day: '2026-11-26', n: 1 },
      { dim: 'all', value: '', day: '2026-11-25', n: 1 },
      { dim: 'all', value: '', day: '2026-11-26', n: 3 },
      { dim: 'type', value: 'faq', day: '2026-11-25', n: 1 },
      { dim: 'type', value: 'faq', day: '2026-11-26', n: 2 },
      { dim: 'type', value: 'user', day: '2026-11-26', n: 1 },
    ]);
  });
});
