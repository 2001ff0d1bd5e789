import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CATALOGUE_API, type CataloguePaths } from '../../contract/catalogues';
import { openDatabase } from '../import/sqlite-database';
import { IMPORTED_TABLES, importSqlite, ImportRefused } from '../import/sqlite';
import { migrate as migrateSqlite } from '../import/sqlite-schema';
import { dbOver, type Db } from '../db/postgres/db';
import { ident } from '../db/row-counts';
import { bootstrap } from '../seed/bootstrap';
import { DEMO_USER_COUNT } from '../seed/demo';
import { ADMIN, makeServer } from './harness';
import { freshDatabase } from './postgres/database';

type Row = Record<string, unknown>;

/**
 * The reference server's SQLite database holding what `db` holds: its schema from server/import/sqlite-schema.ts, every
 * row with its id, rowid, flags as 0/1 and times as the ISO text the SQLite server wrote.
 */
async function sqliteCopyOf(db: Db, file: string): Promise<Database.Database> {
  const sqlite = openDatabase(file);
  const rows = new Map<string, Row[]>();
  for (const table of IMPORTED_TABLES)
    rows.set(
      table,
      await db.many<Row>(
        `SELECT * FROM ${ident(table)}${table === 'users' || table === 'mails' ? ' ORDER BY rowid' : ''}`,
      ),
    );
  sqlite.transaction(() => {
    for (const table of IMPORTED_TABLES) {
      const columns = (sqlite.prepare(`PRAGMA table_info(${ident(table)})`).all() as { name: string }[]).map(
        (column) => column.name,
      );
      if (table === 'users' || table === 'mails') columns.push('rowid');
      const insert = sqlite.prepare(
        `INSERT INTO ${ident(table)} (${columns.map(ident).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
      );
      for (const row of rows.get(table)!)
        insert.run(
          columns.map((column) => {
            const value = row[column];
            return typeof value === 'boolean' ? Number(value) : (value ?? null);
          }),
        );
    }
  })();
  return sqlite;
}

/** What every table of the demo left empty gets, so that the import copies a row of each. */
function fillEmptyTables(sqlite: Database.Database) {
  const count = (table: string) =>
    sqlite
      .prepare(`SELECT count(*) FROM ${ident(table)}`)
      .pluck()
      .get() as number;
  const userId = sqlite
    .prepare("SELECT id FROM users WHERE role = 'user' ORDER BY rowid LIMIT 1")
    .pluck()
    .get();
  sqlite.prepare('UPDATE users SET token_version = 3 WHERE id = ?').run(userId);
  if (count('deletion_requests') === 0)
    sqlite
      .prepare('INSERT INTO deletion_requests VALUES (?, ?, ?, ?, ?)')
      .run('ab'.repeat(32), 'gone@example.com', '2025-03-01T10:00:00.123Z', '2025-03-02T10:00:00.123Z', null);
  // A mail still going out: one delivery sent, one failed once and due again later, one queued.
  const mailId = 'a'.repeat(24);
  sqlite
    .prepare(
      `INSERT INTO mails (id, title, body, all_users, created_at, updated_at, recipient_count, sent_count, failed_count)
       VALUES (?, 'Half sent', '<p>Hi</p>', 0, '2025-06-01T08:00:00.000Z', '2025-06-01T08:00:00.000Z', 3, 1, 0)`,
    )
    .run(mailId);
  const members = sqlite
    .prepare("SELECT id FROM users WHERE role = 'user' ORDER BY rowid LIMIT 3")
    .pluck()
    .all() as string[];
  const delivery = sqlite.prepare(
    'INSERT INTO mail_deliveries (mail_id, user_id, state, attempts, due_at, error, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  delivery.run(mailId, members[0], 'sent', 1, 0, null, '2025-06-01T08:00:01.500Z');
  delivery.run(mailId, members[1], 'queued', 1, 4102444800000, 'Greylisted', '2025-06-01T08:00:01.600Z');
  delivery.run(mailId, members[2], 'queued', 0, 0, null, null);
  return { userId: userId as string, mailId };
}

/** Every table's rows, for "nothing changed". */
async function tableCounts(db: Db) {
  const counts: Record<string, number> = {};
  for (const table of [...IMPORTED_TABLES, 'user_counts', 'row_counts', 'activity_days'])
    counts[table] = (await db.one<{ n: number }>(`SELECT count(*) AS n FROM ${ident(table)}`)).n;
  return counts;
}

const LISTS = [
  '/api/admin/dashboard',
  '/api/admin/list?page=1&items=50',
  '/api/admin/list?page=3&items=20&sort=name',
  '/api/admin/list?page=1&items=20&filter=user.enabled&equal=true&planFilter=gold&sort=email',
  '/api/admin/list?page=1&items=20&q=olivia',
  '/api/mail-send/list?page=1&items=50',
  '/api/activity/list?page=1&items=50',
  '/api/activity/facets',
  '/api/chat-report/list?page=1&items=50',
  '/api/event/list-admin?page=1&items=50',
  '/api/post/list?page=1&items=50',
  '/api/contact-us/list?page=1&items=50',
  '/api/feedback/list?page=1&items=50',
  '/api/chat-block/list?page=1&items=50',
  '/api/childsafetypolicy',
  ...Object.values(CATALOGUE_API).map((api) => {
    const paths: CataloguePaths = api.paths;
    return `/api/${paths.listAll ?? `${paths.list!}?page=1&items=50`}`;
  }),
];

describe('db:import-sqlite', () => {
  it('round-trips the demo database: the API answers the same, ids, versions, mail state and counts included', async () => {
    const source = await makeServer({ seedUsers: DEMO_USER_COUNT, queue: { start: false } });
    const dir = mkdtempSync(join(tmpdir(), 'console-import-'));
    const sqlite = await sqliteCopyOf(source.db, join(dir, 'console.db'));
    const { userId, mailId } = fillEmptyTables(sqlite);
    const empty = IMPORTED_TABLES.filter(
      (table) =>
        sqlite
          .prepare(`SELECT count(*) FROM ${ident(table)}`)
          .pluck()
          .get() === 0,
    );
    expect(empty).toEqual([]);
    const expected = {
      users: sqlite.prepare("SELECT count(*) FROM users WHERE role = 'user'").pluck().get(),
      member: sqlite.prepare('SELECT * FROM users WHERE id = ?').get(userId) as Row,
      deliveries: sqlite
        .prepare('SELECT * FROM mail_deliveries WHERE mail_id = ? ORDER BY user_id')
        .all(mailId) as Row[],
      activity: sqlite.prepare('SELECT count(*) FROM activity').pluck().get(),
      faq: sqlite.prepare('SELECT id, updated_at FROM faqs ORDER BY id LIMIT 1').get() as Row,
      maxRowid: sqlite.prepare('SELECT max(rowid) FROM users').pluck().get() as number,
    };
    sqlite.close();

    // The target as a first start leaves it: migrated, with bootstrap's admin and policy.
    const target = await freshDatabase();
    const db = dbOver(target.pool);
    await bootstrap(db, ADMIN);
    const report = await importSqlite(db, join(dir, 'console.db'));
    expect(report.counts.filter((count) => count.sqlite !== count.postgres)).toEqual([]);
    expect(report.counts.find((count) => count.table === 'users')!.postgres).toBe(
      (expected.users as number) + 1,
    );

    const imported = await makeServer({
      databaseUrl: target.url,
      dataDir: source.dataDir,
      queue: { start: false },
    });
    expect(imported.adminId).toBe(source.adminId);
    // The source's own answers (the mail added to the copy aside) are the imported server's.
    for (const path of LISTS) {
      const before = await source.call('GET', path);
      const after = await imported.call('GET', path);
      expect(after.status, path).toBe(200);
      if (path.startsWith('/api/mail-send/list')) {
        const others = (after.body.result as Row[]).filter((mail) => mail._id !== mailId);
        expect(others, path).toEqual(before.body.result);
      } else expect(after.body, path).toEqual(before.body);
    }
    const member = await imported.call('GET', `/api/user/read/${userId}`);
    expect(member.body).toEqual((await source.call('GET', `/api/user/read/${userId}`)).body);
    const history = `/api/admin/history/${userId}`;
    expect((await imported.call('GET', history)).body).toEqual((await source.call('GET', history)).body);
    const result = member.body.result as Row;
    expect(result.email).toBe(expected.member.email);
    expect(result.createdAt ?? result.created_at).toBe(expected.member.created_at);

    const users = await imported.call('GET', '/api/admin/list?page=1&items=1');
    expect((users.body.pagination as { count: number }).count).toBe(expected.users);
    const dashboard = await imported.call('GET', '/api/admin/dashboard');
    expect((dashboard.body.result as { userCount: number }).userCount).toBe(expected.users);
    const activity = await imported.call('GET', '/api/activity/list?page=1&items=1');
    expect((activity.body.pagination as { count: number }).count).toBe(expected.activity);

    // The half-sent mail: its counters and each delivery's state, attempts, due time and error.
    const mails = await imported.call('GET', '/api/mail-send/list?page=1&items=100');
    const mail = (mails.body.result as Row[]).find((row) => row._id === mailId)!;
    expect(mail).toMatchObject({ title: 'Half sent', createdAt: '2025-06-01T08:00:00.000Z' });
    const deliveries = await db.many<Row>(
      'SELECT mail_id, user_id, state, attempts, due_at, error, updated_at FROM mail_deliveries WHERE mail_id = $1 ORDER BY user_id',
      [mailId],
    );
    expect(deliveries).toEqual(expected.deliveries);
    const recipients = await imported.call('GET', `/api/mail-send/recipients/${mailId}?page=1&items=10`);
    expect(recipients.status).toBe(200);

    // A record's version (its updatedAt) from the SQLite file is the version the imported server checks.
    const faq = expected.faq;
    const stale = await imported.call('PATCH', `/api/faq/update/${faq.id}`, {
      json: { question: 'Q?', answer: '<p>A</p>', enabled: true },
      headers: { 'If-Match': '"2020-01-01T00:00:00.000Z"' },
    });
    expect(stale.status).toBe(409);
    const saved = await imported.call('PATCH', `/api/faq/update/${faq.id}`, {
      json: { question: 'Q?', answer: '<p>A</p>', enabled: true },
      headers: { 'If-Match': `"${faq.updated_at}"` },
    });
    expect(saved.status).toBe(200);
    expect(await db.one('SELECT token_version FROM users WHERE id = $1', [userId])).toEqual({
      token_version: 3,
    });

    // The next member gets the next rowid.
    const { rowid } = await db.one<{ rowid: number }>(
      `INSERT INTO users (id, email, created_at, updated_at) VALUES ('${'f'.repeat(24)}', 'next@example.com', now(), now())
       RETURNING rowid`,
    );
    expect(rowid).toBe(expected.maxRowid + 1);
    await db.run(`DELETE FROM users WHERE id = '${'f'.repeat(24)}'`);

    // A second import into the now full database is refused and changes nothing.
    const counts = await tableCounts(db);
    await expect(importSqlite(db, join(dir, 'console.db'))).rejects.toThrow(ImportRefused);
    await expect(importSqlite(db, join(dir, 'console.db'))).rejects.toThrow(/not empty/);
    expect(await tableCounts(db)).toEqual(counts);
  }, 120_000);

  it('brings an older SQLite file forward first: mail sent before the durable queue counts as delivered', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-import-'));
    const file = join(dir, 'old.db');
    const { default: Sqlite } = await import('better-sqlite3');
    const old = new Sqlite(file);
    migrateSqlite(old, 1);
    const stamp = '2023-02-03T04:05:06.789Z';
    old
      .prepare(
        `INSERT INTO users (id, role, name, email, password_hash, enabled, created_at, updated_at)
       VALUES (?, ?, ?, ?, 'x', ?, ?, ?)`,
      )
      .run('1'.repeat(24), 'admin', 'Admin', 'admin@example.com', 1, stamp, stamp);
    old
      .prepare(
        `INSERT INTO users (id, role, name, email, enabled, created_at, updated_at) VALUES (?, 'user', ?, ?, ?, ?, ?)`,
      )
      .run('2'.repeat(24), 'Ada', 'ada@example.com', 0, stamp, stamp);
    old
      .prepare(
        `INSERT INTO mails (id, title, body, all_users, created_at, updated_at) VALUES (?, 'Old', 'b', 0, ?, ?)`,
      )
      .run('3'.repeat(24), stamp, stamp);
    old
      .prepare('INSERT INTO mail_recipients (mail_id, user_id) VALUES (?, ?)')
      .run('3'.repeat(24), '2'.repeat(24));
    old.close();

    const target = await freshDatabase();
    const db = dbOver(target.pool);
    const report = await importSqlite(db, file);
    expect(report.sqliteVersion).toEqual({ before: 1, after: 5 });
    expect(
      await db.one('SELECT enabled, created_at, token_version FROM users WHERE id = $1', ['2'.repeat(24)]),
    ).toEqual({
      enabled: false,
      created_at: stamp,
      token_version: 0,
    });
    expect(
      await db.one('SELECT recipient_count, sent_count FROM mails WHERE id = $1', ['3'.repeat(24)]),
    ).toEqual({ recipient_count: 1, sent_count: 1 });
    expect(await db.one("SELECT n FROM user_counts WHERE role = 'user' AND enabled = false")).toEqual({
      n: 1,
    });
  });

  it('refuses a file that is not a console database, and leaves the database as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-import-'));
    const target = await freshDatabase();
    const db = dbOver(target.pool);
    await expect(importSqlite(db, join(dir, 'missing.db'))).rejects.toThrow(/no such file/);
    const { default: Sqlite } = await import('better-sqlite3');
    new Sqlite(join(dir, 'other.db')).exec('CREATE TABLE notes (body TEXT)');
    await expect(importSqlite(db, join(dir, 'other.db'))).rejects.toThrow(/not a console database/);
    expect((await db.one<{ n: number }>('SELECT count(*) AS n FROM users')).n).toBe(0);
  });

  it('rolls a half-done import back: a row PostgreSQL refuses leaves the database as the first start left it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-import-'));
    const file = join(dir, 'console.db');
    const sqlite = openDatabase(file);
    const stamp = '2024-05-06T07:08:09.010Z';
    sqlite
      .prepare(
        `INSERT INTO users (id, role, name, email, enabled, created_at, updated_at) VALUES (?, 'user', 'Ada', ?, 1, ?, ?)`,
      )
      .run('2'.repeat(24), 'ada@example.com', stamp, stamp);
    // SQLite's activity table has no primary key; PostgreSQL's refuses the second entry, the import's last table.
    const entry = sqlite.prepare(
      `INSERT INTO activity (id, created_at, action, record_type, summary) VALUES (?, ?, 'create', 'user', 'Created')`,
    );
    entry.run('9'.repeat(24), stamp);
    entry.run('9'.repeat(24), '2024-05-06T07:08:10.010Z');
    sqlite.close();

    const target = await freshDatabase();
    const db = dbOver(target.pool);
    await bootstrap(db, ADMIN);
    const before = await tableCounts(db);
    await expect(importSqlite(db, file)).rejects.toThrow(/duplicate key/);
    expect(await tableCounts(db)).toEqual(before);
    expect(await db.one("SELECT email FROM users WHERE role = 'admin'")).toEqual({ email: ADMIN.email });
    expect(await db.maybeOne('SELECT 1 FROM users WHERE id = $1', ['2'.repeat(24)])).toBeUndefined();
  });
});
