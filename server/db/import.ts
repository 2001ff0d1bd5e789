import { lockFirstStart } from './first-start';
import type { Db, SqlValue } from './postgres/db';
import { COUNTED, ident } from './row-counts';

/**
 * What the SQLite import (import/sqlite.ts) does in PostgreSQL, inside its one transaction: it checks the database is
 * new, copies the rows column by column, and counts them against the file's.
 */

/** A column of PostgreSQL's table, with its type's name (udt_name: text, bool, int4, ...). */
export type Column = { name: string; type: string };

export function tableColumns(db: Db, table: string): Promise<Column[]> {
  return db.many<Column>(
    `SELECT column_name AS name, udt_name AS type FROM information_schema.columns
     WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  );
}

/**
 * Takes the first start's lock (a server starting on this database meanwhile waits, then finds the admin imported),
 * and holds users and policies, which a first start writes, until the import ends.
 */
export async function lockForImport(tx: Db): Promise<void> {
  await lockFirstStart(tx);
  await tx.run('LOCK TABLE users, policies IN EXCLUSIVE MODE');
}

/**
 * Why the database is not new enough to import into, or undefined: what bootstrap writes (one admin, the child
 * safety policy) is all it may hold; anything more in `tables` is somebody's data.
 */
export async function whyNotEmpty(tx: Db, tables: readonly string[]): Promise<string | undefined> {
  const users = await tx.one<{ admins: number; members: number }>(
    `SELECT count(*) FILTER (WHERE role = 'admin') AS admins, count(*) FILTER (WHERE role <> 'admin') AS members
     FROM users`,
  );
  if (users.members > 0 || users.admins > 1)
    return `it holds ${users.members} member(s) and ${users.admins} admin(s)`;
  for (const table of tables) {
    if (table === 'users' || table === 'policies') continue;
    if (await tx.maybeOne(`SELECT 1 FROM ${ident(table)} LIMIT 1`)) return `its table ${table} has rows`;
  }
  const policies = await tx.one<{ n: number }>(
    "SELECT count(*) AS n FROM policies WHERE key <> 'childsafetypolicy'",
  );
  if (policies.n > 0) return 'it holds policies other than the child safety policy';
  return undefined;
}

/** Removes what bootstrap wrote (the admin, the policy): the imported ones take their place. */
export async function clearFirstStart(tx: Db): Promise<void> {
  await tx.run('DELETE FROM policies');
  await tx.run('DELETE FROM users');
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

/**
 * A writer of rows into `columns` of `table`: each call one INSERT ... SELECT FROM unnest(...), one array of values
 * per column (`columnValues`). Refuses (throws) at once for a column type it has no rule for.
 */
export function columnInserter(table: string, columns: readonly Column[]) {
  const insert = `INSERT INTO ${ident(table)} (${columns.map((column) => ident(column.name)).join(', ')})
    SELECT * FROM unnest(${columns.map((column, i) => `$${i + 1}::${arrayType(column)}`).join(', ')})`;
  return async (tx: Db, columnValues: readonly SqlValue[]) => {
    await tx.run(insert, columnValues);
  };
}

/**
 * After the copy: the earlier schema had no roles (its one admin could do everything), so its admins become Owners;
 * the rowid sequences of users and mails go on after the imported rows.
 */
export async function finishImport(tx: Db): Promise<void> {
  await tx.run("UPDATE users SET admin_role = 'owner' WHERE role = 'admin' AND admin_role IS NULL");
  for (const table of ['users', 'mails'])
    await tx.run(
      `SELECT setval(pg_get_serial_sequence($1, 'rowid'), coalesce((SELECT max(rowid) FROM ${ident(table)}), 0) + 1, false)`,
      [table],
    );
}

export async function countRows(tx: Db, table: string): Promise<number> {
  return (await tx.one<{ n: number }>(`SELECT count(*) AS n FROM ${ident(table)}`)).n;
}

/** The counts the triggers keep, as they stand: users (user_counts), each counted table's rows, the log's days. */
export async function keptCounts(tx: Db) {
  const users = await tx.one<{ n: number }>('SELECT coalesce(sum(n), 0)::bigint AS n FROM user_counts');
  const tables: { table: string; n: number }[] = [];
  for (const table of COUNTED) {
    const row = await tx.maybeOne<{ n: number }>(
      "SELECT n FROM row_counts WHERE table_name = $1 AND value = ''",
      [table],
    );
    tables.push({ table, n: row?.n ?? 0 });
  }
  const days = await tx.one<{ n: number }>(
    "SELECT coalesce(sum(n), 0)::bigint AS n FROM activity_days WHERE dim = 'all'",
  );
  return { users: users.n, tables, activityDays: days.n };
}

/** Fresh statistics for every table, after the copy. */
export async function analyseAll(db: Db): Promise<void> {
  await db.run('ANALYZE');
}
