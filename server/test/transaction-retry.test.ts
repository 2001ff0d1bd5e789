import { describe, expect, it, vi } from 'vitest';
import { TRANSACTION_ATTEMPTS, type Db } from '../db/postgres/db';
import { makeServer } from './harness';

/**
 * A transaction that meets a deadlock or a serialization failure is rolled back and run again, a bounded number of
 * times, each time with a warning; any other error ends it at once.
 */

const raise = (tx: Db, code: string) =>
  tx.run(`DO $$ BEGIN RAISE EXCEPTION 'as if by another transaction' USING ERRCODE = '${code}'; END $$`);

async function withTable() {
  const s = await makeServer({ queue: { start: false } });
  await s.db.run('CREATE TABLE tries (n int NOT NULL)');
  const rows = async () =>
    (await s.db.many<{ n: number }>('SELECT n FROM tries ORDER BY n')).map((row) => row.n);
  return { db: s.db, rows };
}

describe('the transaction helper', () => {
  it('runs a transaction that met a deadlock again, and keeps only the run that committed', async () => {
    const { db, rows } = await withTable();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    let runs = 0;
    const answer = await db.transaction(async (tx) => {
      runs += 1;
      await tx.run('INSERT INTO tries (n) VALUES ($1)', [runs]);
      if (runs === 1) await raise(tx, '40P01');
      if (runs === 2) await raise(tx, '40001');
      return 'done';
    });
    expect(answer).toBe('done');
    expect(runs).toBe(3);
    expect(await rows()).toEqual([3]);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]![0]).toContain('40P01');
    expect(warn.mock.calls[1]![0]).toContain('40001');
  });

  it(`gives up after ${TRANSACTION_ATTEMPTS} runs and throws the deadlock`, async () => {
    const { db, rows } = await withTable();
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let runs = 0;
    const failed = db.transaction(async (tx) => {
      runs += 1;
      await tx.run('INSERT INTO tries (n) VALUES ($1)', [runs]);
      await raise(tx, '40P01');
    });
    await expect(failed).rejects.toMatchObject({ code: '40P01' });
    expect(runs).toBe(TRANSACTION_ATTEMPTS);
    expect(await rows()).toEqual([]);
  });

  it('does not run again a transaction that failed otherwise', async () => {
    const { db } = await withTable();
    let runs = 0;
    const failed = db.transaction(async (tx) => {
      runs += 1;
      await raise(tx, '23505');
    });
    await expect(failed).rejects.toMatchObject({ code: '23505' });
    expect(runs).toBe(1);
  });

  it('writes what was registered to run before the commit after the work, and not when the work throws', async () => {
    const { db, rows } = await withTable();
    await db.transaction(async (tx) => {
      tx.beforeCommit((last) => last.run('INSERT INTO tries (n) VALUES (2)').then(() => undefined));
      await tx.run('INSERT INTO tries (n) VALUES (1)');
    });
    await db
      .transaction(async (tx) => {
        tx.beforeCommit((last) => last.run('INSERT INTO tries (n) VALUES (3)').then(() => undefined));
        throw new Error('refused');
      })
      .catch(() => undefined);
    expect(await rows()).toEqual([1, 2]);
    // A transaction that has ended takes nothing more to write, rather than losing it unsaid.
    let ended: Db | undefined;
    await db.transaction(async (tx) => {
      ended = tx;
    });
    expect(() => ended!.beforeCommit(async () => {})).toThrow('beforeCommit on a transaction that has ended');
  });
});
