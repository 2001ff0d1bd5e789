import { existsSync } from 'node:fs';
import Database from 'better-sqlite3';
import {
  analyseAll,
  clearFirstStart,
  columnInserter,
  countRows,
  finishImport,
  keptCounts,
  lockForImport,
  tableColumns,
  whyNotEmpty,
  type Column,
} from '../db/import';
import type { Db, SqlValue } from '../db/postgres/db';
import { ident } from '../db/row-counts';
import { migrate as migrateSqlite } from './sqlite-schema';

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
  const columns = await tableColumns(tx, table);
  // users and mails keep SQLite's rowid (the order of creation, and the bounds of an All Users audience).
  const copied = columns.filter((column) => sqliteColumns.has(column.name) || column.name === 'rowid');
  const lost = [...sqliteColumns].filter((name) => !columns.some((column) => column.name === name));
  if (lost.length) throw new Error(`PostgreSQL's ${table} has no column for ${lost.join(', ')}`);
  const converters = copied.map(converter);
  const insert = columnInserter(table, copied);
  const ordered = columns.some((column) => column.name === 'rowid') ? ' ORDER BY rowid' : '';
  const read = sqlite.prepare(
    `SELECT ${copied.map((column) => ident(column.name)).join(', ')} FROM ${ident(table)}${ordered}`,
  );
  let batch: unknown[][] = copied.map(() => []);
  let rows = 0;
  const flush = async () => {
    if (rows === 0) return;
    await insert(tx, batch as SqlValue[]);
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
  for (const table of IMPORTED_TABLES)
    counts.push({
      table,
      sqlite: sqliteCount(`SELECT count(*) FROM ${ident(table)}`),
      postgres: await countRows(tx, table),
    });
  const kept = await keptCounts(tx);
  counts.push({
    table: 'user_counts (sum)',
    sqlite: sqliteCount('SELECT count(*) FROM users'),
    postgres: kept.users,
  });
  for (const { table, n } of kept.tables)
    counts.push({
      table: `row_counts (${table})`,
      sqlite: sqliteCount(`SELECT count(*) FROM ${ident(table)}`),
      postgres: n,
    });
  counts.push({
    table: 'activity_days (sum)',
    sqlite: sqliteCount("SELECT sum(n) FROM activity_days WHERE dim = 'all'"),
    postgres: kept.activityDays,
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
      await lockForImport(tx);
      const reason = await whyNotEmpty(tx, IMPORTED_TABLES);
      if (reason)
        throw new ImportRefused(
          `The database is not empty (${reason}): an import goes into a new database only, holding at most what a first start writes (the admin and the child safety policy). Nothing was changed.`,
        );
      // The bootstrap's admin and policy give way to the imported ones (the same address would collide).
      await clearFirstStart(tx);
      for (const table of IMPORTED_TABLES) {
        const tableStarted = performance.now();
        await copyTable(tx, sqlite, table);
        log(`  ${table} (${Math.round(performance.now() - tableStarted)} ms)`);
      }
      await finishImport(tx);
      const checked = await checkCounts(tx, sqlite);
      const wrong = checked.filter((count) => count.sqlite !== count.postgres);
      if (wrong.length)
        throw new ImportRefused(
          `Counts differ, nothing imported: ${wrong.map((count) => `${count.table} ${count.sqlite} in SQLite, ${count.postgres} in PostgreSQL`).join('; ')}`,
        );
      return checked;
    });
    await analyseAll(db);
    return { sqliteVersion: { before, after }, counts, ms: performance.now() - started };
  } finally {
    sqlite.close();
  }
}
