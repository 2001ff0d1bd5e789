import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import { migrate as migrateSqlite } from './migrations';
import type { Db, SqlValue } from './postgres/db';
import { COUNTED, ident } from './row-counts';

/**
 * The tables copied, parents before the rows that refer to them. user_counts, row_counts, activity_days and the mail
 * counters' changes are the triggers' work: they fire on these inserts (activity only takes INSERTs, so its
 * append-only triggers stay as they are). rate_limits are not copied: attempts in an open window start again.
 */
export const IMPORTED_TABLES = [
  'users',
  'user_plans',
  'user_prompts',
  'hobbies',
  'user_hobbies',
  'languages',
  'food_preferences',
  'religious_beliefs',
  'event_categories',
  'looking_for',
  'universities',
  'faqs',
  'report_elements',
  'settings',
  'policies',
  'offers',
  'plans',
  'contacts',
  'events',
  'event_participants',
  'posts',
  'blog_categories',
  'blogs',
  'feedbacks',
  'chat_reports',
  'chat_blocks',
  'deletion_requests',
  'mails',
  'mail_deliveries',
  'activity',
] as const;

/** SQLite's own tables, and those whose rows PostgreSQL's triggers and indexes rebuild. */
const DERIVED = /^(sqlite_|users_search|activity_days$)/;

/** Rows per INSERT ... SELECT FROM unnest(...): one array parameter per column. */
const BATCH = 5000;

export type CountCheck = { table: string; sqlite: number; postgres: number };

export type ImportReport = {
  /** The schema version the SQLite file had, and the one it was brought to. */
  sqliteVersion: { before: number; after: number };
  counts: CountCheck[];
  ms: number;
};

/** A refusal the command prints as it is (no stack): the file or the database is not what an import takes. */
export class ImportRefused extends Error {}

type Column = { name: string; type: string };

async function postgresColumns(db: Db, table: string): Promise<Column[]> {
  return db.many<Column>(
    `SELECT column_name AS name, udt_name AS type FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
}

/**
 * Opens the reference server's SQLite database and brings it to the last SQLite schema, as that server did at start
 * (the file is changed in place: an older file gains the later steps).
 */
export function openSqlite(file: string): { sqlite: Database.Database; before: number; after: number } {
  if (!existsSync(file)) throw new ImportRefused(`${file}: no such file`);
  const sqlite = new Database(file, { fileMustExist: true });
  try {
    const before = sqlite.pragma('user_version', { simple: true }) as number;
    const hasUsers = sqlite
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'users'")
      .get();
    if (before === 0 || !hasUsers)
      throw new ImportRefused(`${file} is not a console database (no schema version, or no users table)`);
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    migrateSqlite(sqlite);
    const after = sqlite.pragma('user_version', { simple: true }) as number;
    return { sqlite, before, after };
  } catch (error) {
    sqlite.close();
    if (error instanceof ImportRefused) throw error;
    throw new ImportRefused(`${file}: ${(error as Error).message}`);
  }
}

/**
 * What bootstrap writes (one admin, the child safety policy) is all an import target may hold: anything more is
 * somebody's data, and the import refuses rather than merge. Returns the reason to refuse, or undefined.
 */
async function notEmpty(tx: Db): Promise<string | undefined> {
  const users = await tx.one<{ admins: number; members: number }>(
    `SELECT count(*) FILTER (WHERE role = 'admin') AS admins, count(*) FILTER (WHERE role <> 'admin') AS members
     FROM users`,
  );
  if (users.members > 0 || users.admins > 1)
    return `it holds ${users.members} member(s) and ${users.admins} admin(s)`;
  for (const table of IMPORTED_TABLES) {
    if (table === 'users' || table === 'policies') continue;
    if (await tx.maybeOne(`SELECT 1 FROM ${ident(table)} LIMIT 1`)) return `its table ${table} has rows`;
  }
  const policies = await tx.one<{ n: number }>(
    "SELECT count(*) AS n FROM policies WHERE key <> 'childsafetypolicy'",
  );
  if (policies.n > 0) return 'it holds policies other than the child safety policy';
  return undefined;
}

function arrayType(column: Column): string {
  switch (column.type) {
    case 'text':
    case 'bool':
    case 'int4':
    case 'int8':
    case 'float8':
    case 'timestamptz':
      return `${column.type}[]`;
    default:
      throw new Error(`No import rule for ${column.name} (${column.type})`);
  }
}

/** SQLite's value as PostgreSQL's column takes it: flags 0/1 become booleans, ISO text is read as timestamptz. */
function converter(column: Column): (value: unknown) => SqlValue {
  if (column.type === 'bool') return (value) => (value === null ? null : Boolean(value));
  if (column.type === 'text') return (value) => (value === null ? null : String(value));
  return (value) => value as SqlValue;
}

async function copyTable(tx: Db, sqlite: Database.Database, table: string): Promise<void> {
  const sqliteColumns = new Set(
    (sqlite.prepare(`PRAGMA table_info(${ident(table)})`).all() as { name: string }[]).map(
      (column) => column.name,
    ),
  );
  const columns = await postgresColumns(tx, table);
  // users and mails keep SQLite's rowid (the order of creation, and the bounds of an All Users audience).
  const copied = columns.filter((column) => sqliteColumns.has(column.name) || column.name === 'rowid');
  const lost = [...sqliteColumns].filter((name) => !columns.some((column) => column.name === name));
  if (lost.length) throw new Error(`PostgreSQL's ${table} has no column for ${lost.join(', ')}`);
  const converters = copied.map(converter);
  const insert = `INSERT INTO ${ident(table)} (${copied.map((column) => ident(column.name)).join(', ')})
    SELECT * FROM unnest(${copied.map((column, i) => `$${i + 1}::${arrayType(column)}`).join(', ')})`;
  const ordered = columns.some((column) => column.name === 'rowid') ? ' ORDER BY rowid' : '';
  const read = sqlite.prepare(
    `SELECT ${copied.map((column) => ident(column.name)).join(', ')} FROM ${ident(table)}${ordered}`,
  );
  let batch: unknown[][] = copied.map(() => []);
  let rows = 0;
  const flush = async () => {
    if (rows === 0) return;
    await tx.run(insert, batch as SqlValue[]);
    batch = copied.map(() => []);
    rows = 0;
  };
  for (const row of read.raw().iterate() as Iterable<unknown[]>) {
    for (let i = 0; i < copied.length; i += 1) batch[i]!.push(converters[i]!(row[i]));
    rows += 1;
    if (rows === BATCH) await flush();
  }
  await flush();
}

/** Every copied table's rows on both sides, and the trigger-kept counts against the rows they count. */
async function checkCounts(tx: Db, sqlite: Database.Database): Promise<CountCheck[]> {
  const counts: CountCheck[] = [];
  const sqliteCount = (sql: string) => (sqlite.prepare(sql).pluck().get() as number | null) ?? 0;
  for (const table of IMPORTED_TABLES) {
    const { n } = await tx.one<{ n: number }>(`SELECT count(*) AS n FROM ${ident(table)}`);
    counts.push({ table, sqlite: sqliteCount(`SELECT count(*) FROM ${ident(table)}`), postgres: n });
  }
  const users = await tx.one<{ n: number }>('SELECT coalesce(sum(n), 0)::bigint AS n FROM user_counts');
  counts.push({
    table: 'user_counts (sum)',
    sqlite: sqliteCount('SELECT count(*) FROM users'),
    postgres: users.n,
  });
  for (const table of COUNTED) {
    const row = await tx.maybeOne<{ n: number }>(
      "SELECT n FROM row_counts WHERE table_name = $1 AND value = ''",
      [table],
    );
    counts.push({
      table: `row_counts (${table})`,
      sqlite: sqliteCount(`SELECT count(*) FROM ${ident(table)}`),
      postgres: row?.n ?? 0,
    });
  }
  const days = await tx.one<{ n: number }>(
    "SELECT coalesce(sum(n), 0)::bigint AS n FROM activity_days WHERE dim = 'all'",
  );
  counts.push({
    table: 'activity_days (sum)',
    sqlite: sqliteCount("SELECT sum(n) FROM activity_days WHERE dim = 'all'"),
    postgres: days.n,
  });
  return counts;
}

/**
 * Copies the SQLite database `file` into `db` (migrated, and empty but for what bootstrap writes, which the import
 * replaces), in one transaction: ids, rowids, versions, flags, times, the activity log, mails with their deliveries
 * and counters. Ends by counting every table on both sides and the trigger-kept counts; any difference rolls the whole
 * import back. Uploaded files are not copied: rows name them, and they stay in DATA_DIR/uploads.
 */
export async function importSqlite(
  db: Db,
  file: string,
  options: { log?: (line: string) => void } = {},
): Promise<ImportReport> {
  const log = options.log ?? (() => undefined);
  const started = performance.now();
  const { sqlite, before, after } = openSqlite(file);
  try {
    if (before !== after) log(`Brought ${file} from schema version ${before} to ${after}`);
    for (const { name } of sqlite
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all() as { name: string }[]) {
      if (!DERIVED.test(name) && !(IMPORTED_TABLES as readonly string[]).includes(name))
        throw new ImportRefused(`${file} has a table this import does not know: ${name}`);
    }
    const counts = await db.transaction(async (tx) => {
      // A server starting on this database meanwhile waits (the first start's lock), then finds the admin imported.
      await tx.run("SELECT pg_advisory_xact_lock(hashtext('console first start'))");
      await tx.run('LOCK TABLE users, policies IN EXCLUSIVE MODE');
      const reason = await notEmpty(tx);
      if (reason)
        throw new ImportRefused(
          `The database is not empty (${reason}): an import goes into a new database only, holding at most what a first start writes (the admin and the child safety policy). Nothing was changed.`,
        );
      // The bootstrap's admin and policy give way to the imported ones (the same address would collide).
      await tx.run('DELETE FROM policies');
      await tx.run('DELETE FROM users');
      for (const table of IMPORTED_TABLES) {
        const tableStarted = performance.now();
        await copyTable(tx, sqlite, table);
        log(`  ${table} (${Math.round(performance.now() - tableStarted)} ms)`);
      }
      // SQLite's schema had no roles: its one admin could do everything.
      await tx.run("UPDATE users SET admin_role = 'owner' WHERE role = 'admin' AND admin_role IS NULL");
      for (const table of ['users', 'mails'])
        await tx.run(
          `SELECT setval(pg_get_serial_sequence($1, 'rowid'), coalesce((SELECT max(rowid) FROM ${ident(table)}), 0) + 1, false)`,
          [table],
        );
      const checked = await checkCounts(tx, sqlite);
      const wrong = checked.filter((count) => count.sqlite !== count.postgres);
      if (wrong.length)
        throw new ImportRefused(
          `Counts differ, nothing imported: ${wrong.map((count) => `${count.table} ${count.sqlite} in SQLite, ${count.postgres} in PostgreSQL`).join('; ')}`,
        );
      return checked;
    });
    await db.run('ANALYZE');
    return { sqliteVersion: { before, after }, counts, ms: performance.now() - started };
  } finally {
    sqlite.close();
  }
}
