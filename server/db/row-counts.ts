import type { Db } from './postgres/db';

/** The tables whose rows the count triggers keep in row_counts (migration 001): the lists that grow. */
export type CountedTable =
  | 'contacts'
  | 'events'
  | 'posts'
  | 'feedbacks'
  | 'chat_reports'
  | 'chat_blocks'
  | 'mails'
  | 'offers'
  | 'blogs';

/** The tables counted in row_counts (migration 001's triggers). */
export const COUNTED: readonly string[] = [
  'contacts',
  'events',
  'posts',
  'feedbacks',
  'chat_reports',
  'chat_blocks',
  'mails',
  'offers',
  'blogs',
] satisfies CountedTable[];

export const isCounted = (table: string): table is CountedTable => COUNTED.includes(table);

/** A counted table's rows, or (chat reports) its rows with one status: one row read, whatever the table's size. */
export async function countedRows(db: Db, table: CountedTable, value = ''): Promise<number> {
  const row = await db.maybeOne<{ n: number }>(
    'SELECT n FROM row_counts WHERE table_name = $1 AND value = $2',
    [table, value],
  );
  return row?.n ?? 0;
}

/** A column or table name from the code's own declarations, quoted; anything else is a bug. */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not an identifier: ${name}`);
  return `"${name}"`;
}
