import { db, freshSeed, replaceDb } from './db';
import { idCounter, setIdCounter } from './ids';

/**
 * Demo mode keeps its data, and so the admin's sign-in, across reloads and new tabs: the fixture db is saved to
 * IndexedDB after every change. IndexedDB rather than localStorage, because the console's logout clears all of
 * localStorage and sessionStorage, and the demo's data should outlive a sign-out; it also stores Sets and Files as
 * they are. 'Reset data' puts the seed back.
 */
const DATABASE = 'admin-console-demo';
const STORE = 'state';
const KEY = 'db';

type Saved = { shape: string; ids: number; db: typeof db };

/**
 * Raised when records change shape within a collection (2: a mail's `users` became its `recipients`; 3: the admin
 * has a role).
 */
const RECORDS_VERSION = 3;

/**
 * The collections the db has (catalogues included), and the version of their records; data saved by a build with
 * other collections or records is not put back.
 */
const shapeOf = (value: typeof db) =>
  [
    `v${RECORDS_VERSION}`,
    ...[...Object.keys(value), ...Object.keys(value.catalogues).map((name) => `catalogues.${name}`)].sort(),
  ].join(',');

function openStore(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(DATABASE, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB is unavailable'));
  });
}

async function run<T>(
  mode: IDBTransactionMode,
  action: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const database = await openStore();
  try {
    return await new Promise<T>((resolve, reject) => {
      const request = action(database.transaction(STORE, mode).objectStore(STORE));
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    });
  } finally {
    database.close();
  }
}

/** Puts back what an earlier page saved, if anything fits this build's db. Returns whether it did. */
export async function loadSavedDb(): Promise<boolean> {
  const saved = (await run('readonly', (store) => store.get(KEY))) as Saved | undefined;
  if (!saved || saved.shape !== shapeOf(db)) return false;
  replaceDb(saved.db);
  setIdCounter(saved.ids);
  return true;
}

export async function saveDb(): Promise<void> {
  const saved: Saved = { shape: shapeOf(db), ids: idCounter(), db };
  await run('readwrite', (store) => store.put(saved, KEY));
}

let pending: Promise<void> | null = null;
let resetting = false;

/**
 * Saves the seed for the next page, after any save under way, and saves nothing more from this page: until it
 * reloads, the page goes on with the data it has (its session stays valid), so nothing it does meanwhile can
 * overwrite the seed or sign it out before the reload.
 */
export async function saveSeedForReload(): Promise<void> {
  resetting = true;
  await pending;
  const fresh = freshSeed();
  const saved: Saved = { shape: shapeOf(fresh), ids: idCounter(), db: fresh };
  await run('readwrite', (store) => store.put(saved, KEY));
}

/** Saves once after a burst of changes; failures are logged, never shown (the demo goes on in memory). */
export function saveDbSoon(): Promise<void> {
  if (resetting) return Promise.resolve();
  pending ??= Promise.resolve().then(async () => {
    pending = null;
    await saveDb().catch((error: unknown) => console.error('Demo data could not be saved', error));
  });
  return pending;
}
