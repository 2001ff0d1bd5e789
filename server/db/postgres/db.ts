import type pg from 'pg';
import type { Pool } from './pool';

/** A value a query takes as a parameter ($1, $2, ...). */
export type SqlValue =
  string | number | boolean | null | Date | Buffer | readonly (string | null)[] | readonly number[];

/**
 * The server's one way to the database: parameterised SQL in PostgreSQL's dialect, rows typed by the caller (the
 * stores in server/db/<area>.ts, the only modules that hold SQL). Outside a transaction each call takes a pooled
 * connection for itself; inside `transaction`, every call of the `Db` it hands over runs on that transaction's
 * connection, and a nested `transaction` joins the outer one.
 */
export type Db = {
  /** Every row the query returns. */
  many<Row>(text: string, values?: readonly SqlValue[]): Promise<Row[]>;
  /**
   * The first row, or undefined. `statement` names it for PostgreSQL to keep parsed and planned on each connection (a
   * named prepared statement), for the reads every request makes: parsing and planning a query each time cost about
   * four times as much as running a primary-key read (`npm run bench:session`).
   */
  maybeOne<Row>(text: string, values?: readonly SqlValue[], statement?: string): Promise<Row | undefined>;
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
  const query = <Row>(text: string, values?: readonly SqlValue[], statement?: string) =>
    runner.query({ text, values: values as unknown[] | undefined, name: statement }) as unknown as Promise<
      pg.QueryResult<Row & pg.QueryResultRow>
    >;
  const db: Db = {
    inTransaction,
    async many<Row>(text: string, values?: readonly SqlValue[]) {
      return (await query<Row>(text, values)).rows;
    },
    async maybeOne<Row>(text: string, values?: readonly SqlValue[], statement?: string) {
      return (await query<Row>(text, values, statement)).rows[0];
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
      // A connection lost while checked out fails the query under way; its 'error' event, unheard, would end the
      // process. The pool drops the broken connection when it is given back.
      const lost = () => undefined;
      client.on('error', lost);
      try {
        await client.query('BEGIN');
        const result = await work(over(client, pool, true));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        client.removeListener('error', lost);
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

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01', // admin_shutdown: the server is stopping
  '57P02', // crash_shutdown: another backend crashed
  '57P03', // cannot_connect_now: starting up or recovering
  '53300', // too_many_connections
]);

/**
 * Whether `error` says the database cannot be reached or is restarting (rather than that a statement failed): the
 * request may succeed in a moment, so the API answers 503.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || code.startsWith('08'))) return true;
  return (
    typeof message === 'string' &&
    /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/.test(
      message,
    )
  );
}
