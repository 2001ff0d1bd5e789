import Database from 'better-sqlite3';
import { migrate } from './migrations';

export type Db = Database.Database;

/** Opens (or creates) the database, in WAL mode, and brings its schema up to date. ':memory:' for tests. */
export function openDatabase(file: string): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // 64 MB of pages (the default is 16): at 1,000,000 users a list's index is 15-45 MB, and a deep page walks it.
  db.pragma('cache_size = -65536');
  migrate(db);
  return db;
}
