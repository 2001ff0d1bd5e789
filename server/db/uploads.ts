import type { Db } from './postgres/db';

/** Every column that holds a stored file's path: a file no row names here is removed. */
export const FILE_COLUMNS: readonly (readonly [table: string, column: string])[] = [
  ['users', 'photo'],
  ['users', 'image1'],
  ['users', 'image2'],
  ['users', 'image3'],
  ['users', 'image4'],
  ['users', 'audio_prompt'],
  ['hobbies', 'icon'],
  ['event_categories', 'icon'],
  ['looking_for', 'icon'],
  ['settings', 'image'],
  ['offers', 'brand_logo'],
  ['offers', 'image'],
  ['events', 'image'],
  ['posts', 'image1'],
  ['posts', 'image2'],
  ['posts', 'image3'],
  ['posts', 'video'],
  ['blogs', 'image'],
];

const referencedQuery = `SELECT ${FILE_COLUMNS.map(([table, column]) => `EXISTS (SELECT 1 FROM ${table} WHERE ${column} = $1)`).join(' OR ')} AS referenced`;
const everyPathQuery = FILE_COLUMNS.map(
  ([table, column]) => `SELECT ${column} AS path FROM ${table} WHERE ${column} IS NOT NULL`,
).join(' UNION ');

/** Whether any row names the stored file at `path`. */
export async function isFileReferenced(db: Db, path: string): Promise<boolean> {
  return (await db.one<{ referenced: boolean }>(referencedQuery, [path])).referenced;
}

/** The path of every stored file a row names. */
export async function referencedFiles(db: Db): Promise<Set<string>> {
  return new Set((await db.many<{ path: string }>(everyPathQuery)).map((row) => row.path));
}
