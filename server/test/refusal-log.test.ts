import { describe, expect, it } from 'vitest';
import type { Db } from '../db/postgres/db';
import { refusalLog } from '../lib/activity';
import { makeServer } from './harness';

const REFUSAL = {
  action: 'sign-in-failed',
  recordType: 'session',
  recordId: null,
  recordName: '',
  summary: 'Wrong password, from 198.51.100.1',
} as const;

/** The server's database, counting the transactions begun through it. */
function counted(db: Db) {
  const counter = { transactions: 0 };
  const wrapped: Db = {
    ...db,
    transaction: (work) => {
      counter.transactions += 1;
      return db.transaction(work);
    },
  };
  return { db: wrapped, counter };
}

const entryCount = async (db: Db) =>
  Number((await db.one<{ n: string }>('SELECT count(*) AS n FROM activity')).n);

describe('refusalLog (group commit of entries no write carries)', () => {
  it('writes one entry alone at once, and what arrives meanwhile together in the next statement', async () => {
    const s = await makeServer();
    const { db, counter } = counted(s.db);
    const log = refusalLog(db);
    const before = await entryCount(s.db);
    await log.append(null, REFUSAL);
    expect(counter.transactions).toBe(1);
    expect(await entryCount(s.db)).toBe(before + 1);

    await Promise.all(Array.from({ length: 40 }, () => log.append(null, REFUSAL)));
    // The first goes alone; the 39 that queued behind it go in one statement.
    expect(counter.transactions).toBe(3);
    expect(await entryCount(s.db)).toBe(before + 41);
    const days = await s.db.one<{ n: string }>(
      "SELECT sum(n) AS n FROM activity_days WHERE dim = 'action' AND value = 'sign-in-failed'",
    );
    expect(Number(days.n)).toBe(41);
  });

  it('keeps batches to their limit and settles each caller with its batch', async () => {
    const s = await makeServer();
    const { db, counter } = counted(s.db);
    const log = refusalLog(db, 10);
    await Promise.all(Array.from({ length: 25 }, () => log.append(null, REFUSAL)));
    // 1 alone, then 24 queued: batches of 10, 10 and 4.
    expect(counter.transactions).toBe(4);
    const ids = await s.db.many<{ id: string }>('SELECT id FROM activity ORDER BY created_at, id');
    expect(new Set(ids.map(({ id }) => id)).size).toBe(ids.length);
  });

  it('rejects every caller of a batch that could not be written, and writes the next batch', async () => {
    const s = await makeServer();
    let fail = true;
    const flaky: Db = {
      ...s.db,
      transaction: (work) => {
        if (fail) {
          fail = false;
          return Promise.reject(new Error('connection lost'));
        }
        return s.db.transaction(work);
      },
    };
    const log = refusalLog(flaky);
    const before = await entryCount(s.db);
    await expect(log.append(null, REFUSAL)).rejects.toThrow('connection lost');
    await log.append(null, REFUSAL);
    expect(await entryCount(s.db)).toBe(before + 1);
  });

  it("copies the refused admin's name and e-mail into the entry, and none for a refused sign-in", async () => {
    const s = await makeServer();
    const log = refusalLog(s.db);
    await Promise.all([log.append(s.adminId, REFUSAL), log.append(null, REFUSAL)]);
    const rows = await s.db.many<{ admin_id: string | null; admin_name: string; admin_email: string }>(
      "SELECT admin_id, admin_name, admin_email FROM activity WHERE action = 'sign-in-failed' ORDER BY admin_id",
    );
    expect(rows).toEqual([
      { admin_id: s.adminId, admin_name: 'Admin User', admin_email: 'admin@example.com' },
      { admin_id: null, admin_name: '', admin_email: '' },
    ]);
  });
});
