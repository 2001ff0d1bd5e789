import Database from 'better-sqlite3';
import { migrate } from './sqlite-schema';

/**
 * Opens (or creates) a database of the earlier SQLite server, in WAL mode, with its last schema, as that server did:
 * the import's tests write such files. ':memory:' for a test of its own.
 */
export function openDatabase(file: string): Database.Database {
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
