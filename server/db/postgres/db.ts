import type pg from 'pg';
import type { Pool } from './pool';

/** A value a query takes as a parameter ($1, $2, ...). */
export type SqlValue =
  string | number | boolean | null | Date | Buffer | readonly string[] | readonly number[];

/**
 * The server's one way to the database: parameterised SQL in PostgreSQL's dialect, rows typed by the caller (the
 * stores in server/db/<area>.ts, the only modules that hold SQL). Outside a transaction each call takes a pooled
 * connection for itself; inside `transaction`, every call of the `Db` it hands over runs on that transaction's
 * connection, and a nested `transaction` joins the outer one.
 */
export type Db = {
  /** Every row the query returns. */
  many<Row>(text: string, values?: readonly SqlValue[]): Promise<Row[]>;
  /** The first row, or undefined. */
  maybeOne<Row>(text: string, values?: readonly SqlValue[]): Promise<Row | undefined>;
  /** The first row; a query that returns none is a bug in its caller, and throws. */
  one<Row>(text: string, values?: readonly SqlValue[]): Promise<Row>;
  /** Runs a statement; the number of rows it touched (INSERT, UPDATE, DELETE). */
  run(text: string, values?: readonly SqlValue[]): Promise<number>;
  /**
   * `work` in one transaction (READ COMMITTED), committed when it resolves and rolled back when it throws. A
   * read-then-write inside it takes its row lock (SELECT ... FOR UPDATE) or writes WHERE the state it read still holds
   * and checks the count: READ COMMITTED lets two transactions read the same row before either writes.
   */
  transaction<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /** Whether this Db runs inside a transaction. */
  readonly inTransaction: boolean;
};

type Runner = Pick<pg.Pool, 'query'> | pg.PoolClient;

function over(runner: Runner, pool: Pool, inTransaction: boolean): Db {
  const query = <Row>(text: string, values?: readonly SqlValue[]) =>
    runner.query(text, values as unknown[] | undefined) as unknown as Promise<
      pg.QueryResult<Row & pg.QueryResultRow>
    >;
  const db: Db = {
    inTransaction,
    async many<Row>(text: string, values?: readonly SqlValue[]) {
      return (await query<Row>(text, values)).rows;
    },
    async maybeOne<Row>(text: string, values?: readonly SqlValue[]) {
      return (await query<Row>(text, values)).rows[0];
    },
    async one<Row>(text: string, values?: readonly SqlValue[]) {
      const row = (await query<Row>(text, values)).rows[0];
      if (row === undefined) throw new Error(`Expected a row from: ${text.trim().split('\n')[0]}`);
      return row;
    },
    async run(text: string, values?: readonly SqlValue[]) {
      return (await query(text, values)).rowCount ?? 0;
    },
    async transaction<T>(work: (db: Db) => Promise<T>): Promise<T> {
      if (inTransaction) return work(db);
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(over(client, pool, true));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
  };
  return db;
}

/** The Db over a pool. */
export function dbOver(pool: Pool): Db {
  return over(pool, pool, false);
}

/** PostgreSQL's code for a unique constraint refused (23505), so a store can answer "already exists". */
export const isUniqueViolation = (error: unknown): boolean =>
  typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
