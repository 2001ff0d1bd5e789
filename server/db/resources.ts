import type { Db, SqlValue } from './postgres/db';
import { countedRows, ident, isCounted } from './row-counts';

/**
 * The table-backed resources (lib/resource.ts, routes/resources.ts): one store for all of them, the table and columns
 * named by the resource's declaration, never by a request.
 */

export type ResourceRow = Record<string, unknown> & { id: string; created_at: string; updated_at: string };

/** Every row, in `order` (an ORDER BY from the declaration). */
export function allResourceRows(db: Db, table: string, order: string): Promise<ResourceRow[]> {
  return db.many<ResourceRow>(`SELECT * FROM ${ident(table)} ORDER BY ${order}`);
}

/** A page of rows in `order`, and how many there are (kept by trigger for the lists that grow). */
export async function pageOfResourceRows(
  db: Db,
  table: string,
  order: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<{ rows: ResourceRow[]; count: number }> {
  const rows = await db.many<ResourceRow>(
    `SELECT * FROM ${ident(table)} ORDER BY ${order} LIMIT $1 OFFSET $2`,
    [limit, offset],
  );
  // The catalogues without a kept count are the few rows an admin types in (plans, blog categories).
  const count = isCounted(table)
    ? await countedRows(db, table)
    : (await db.one<{ n: number }>(`SELECT count(*) AS n FROM ${ident(table)}`)).n;
  return { rows, count };
}

/** One row; `lock` takes its row lock (inside a transaction) so that a read-then-write cannot interleave. */
export function findResourceRow(
  db: Db,
  table: string,
  id: string,
  { lock = false } = {},
): Promise<ResourceRow | undefined> {
  return db.maybeOne<ResourceRow>(`SELECT * FROM ${ident(table)} WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [
    id,
  ]);
}

/** Whether a row of `table` has this id (a reference's target). */
export async function resourceExists(db: Db, table: string, id: string): Promise<boolean> {
  return (await db.maybeOne(`SELECT 1 FROM ${ident(table)} WHERE id = $1`, [id])) !== undefined;
}

/** The name of a referenced row, or undefined when there is none. */
export async function resourceName(db: Db, table: string, id: string): Promise<string | undefined> {
  return (await db.maybeOne<{ name: string }>(`SELECT name FROM ${ident(table)} WHERE id = $1`, [id]))?.name;
}

export async function insertResourceRow(
  db: Db,
  table: string,
  id: string,
  values: Record<string, SqlValue>,
  stamp: string,
): Promise<ResourceRow> {
  const columns = Object.keys(values);
  const names = ['id', ...columns, 'created_at', 'updated_at'].map(ident);
  return db.one<ResourceRow>(
    `INSERT INTO ${ident(table)} (${names.join(', ')}) VALUES (${names.map((_, i) => `$${i + 1}`).join(', ')})
     RETURNING *`,
    [id, ...columns.map((column) => values[column]!), stamp, stamp],
  );
}

/** Writes `values` and the new version; the row as it is after, or undefined when it is gone. */
export function updateResourceRow(
  db: Db,
  table: string,
  id: string,
  values: Record<string, SqlValue>,
  version: string,
): Promise<ResourceRow | undefined> {
  const columns = Object.keys(values);
  const sets = [...columns, 'updated_at'].map((column, i) => `${ident(column)} = $${i + 2}`);
  return db.maybeOne<ResourceRow>(`UPDATE ${ident(table)} SET ${sets.join(', ')} WHERE id = $1 RETURNING *`, [
    id,
    ...columns.map((column) => values[column]!),
    version,
  ]);
}

/** Deletes a row; the row as it was, or undefined when there was none. */
export function deleteResourceRow(db: Db, table: string, id: string): Promise<ResourceRow | undefined> {
  return db.maybeOne<ResourceRow>(`DELETE FROM ${ident(table)} WHERE id = $1 RETURNING *`, [id]);
}

/** PostgreSQL's code for a reference to a row that does not exist (23503), and the constraint it names. */
export function foreignKeyViolation(error: unknown): string | undefined {
  const detail = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  return detail.code === '23503' && typeof detail.constraint === 'string' ? detail.constraint : undefined;
}
