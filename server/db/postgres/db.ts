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
   *
   * Shared rows are taken in one order (SHARED_ROW_ORDER). A transaction that still meets a deadlock or a
   * serialization failure (40P01, 40001) is rolled back and run again, up to TRANSACTION_ATTEMPTS times in all, after
   * a short random pause, with a warning; then the error is thrown. So `work` must be safe to run again: it writes
   * only through `db` (nothing it does outside the database, such as a mail sent or a file written, happens inside
   * it), and what it keeps in variables of its caller it sets anew on each run. A nested `transaction` joins the
   * outer one, which is the one run again.
   */
  transaction<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /**
   * Inside a transaction: `work` runs on it after the transaction's own work and before it commits, in the order
   * registered (the activity log's entries, whose shared day counts come last in SHARED_ROW_ORDER).
   */
  beforeCommit(work: (tx: Db) => Promise<void>): void;
  /** Whether this Db runs inside a transaction. */
  readonly inTransaction: boolean;
};

/**
 * The order in which a transaction takes the rows that many writers share, so that two of them never wait on each
 * other in a circle:
 * 1. the records it writes, and the kept counts their statement-level triggers write in the same statement
 *    (user_counts, row_counts, review_counts, day_counts; each trigger takes its rows in key order);
 * 2. a mail's deliveries before the mail's own row (their triggers count outcomes on it): the worker records
 *    outcomes in that order, and whatever deletes a mail deletes its deliveries first (db/admins.ts deleteMails);
 * 3. last, at commit, the activity log's entries in one statement, whose trigger takes the day counts
 *    (activity_days) in key order (lib/activity.ts).
 */
export const SHARED_ROW_ORDER = 'records and their counts; deliveries, then their mail; activity last';

/** How many times in all a transaction is run that meets a deadlock or a serialization failure. */
export const TRANSACTION_ATTEMPTS = 3;

/** SQLSTATEs after which the same transaction, run again, may well succeed: deadlock, serialization failure. */
const RETRYABLE_CODES = new Set(['40P01', '40001']);

const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;

/** A pause of about 10, 20, 40 ms after the 1st, 2nd, 3rd failed run, at random from half to one and a half of it. */
const backoff = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, 10 * 2 ** (attempt - 1) * (0.5 + Math.random())));

type Runner = Pick<pg.Pool, 'query'> | pg.PoolClient;

type CommitHook = (tx: Db) => Promise<void>;
/** What a transaction runs before it commits; `open` until they have run, after which nothing more may be added. */
type CommitHooks = { list: CommitHook[]; open: boolean };

function over(runner: Runner, pool: Pool, commitHooks?: CommitHooks): Db {
  const inTransaction = commitHooks !== undefined;
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
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await runTransaction(pool, work);
        } catch (error) {
          const code = codeOf(error);
          if (typeof code !== 'string' || !RETRYABLE_CODES.has(code) || attempt >= TRANSACTION_ATTEMPTS)
            throw error;
          console.warn(
            `Transaction met ${code} (${error instanceof Error ? error.message : 'no message'}); ` +
              `running it again (attempt ${attempt + 1} of ${TRANSACTION_ATTEMPTS})`,
          );
          await backoff(attempt);
        }
      }
    },
    beforeCommit(work: CommitHook) {
      if (!commitHooks) throw new Error('beforeCommit is for a Db inside a transaction');
      if (!commitHooks.open) throw new Error('beforeCommit on a transaction that has ended');
      commitHooks.list.push(work);
    },
  };
  return db;
}

/** One run of a transaction: BEGIN, `work`, what it registered to run before the commit, COMMIT (or ROLLBACK). */
async function runTransaction<T>(pool: Pool, work: (db: Db) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A connection lost while checked out fails the query under way; its 'error' event, unheard, would end the
  // process. The pool drops the broken connection when it is given back.
  const lost = () => undefined;
  client.on('error', lost);
  const hooks: CommitHooks = { list: [], open: true };
  try {
    await client.query('BEGIN');
    const tx = over(client, pool, hooks);
    const result = await work(tx);
    // A hook may register another: each runs once, in order.
    for (let index = 0; index < hooks.list.length; index += 1) await hooks.list[index]!(tx);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    hooks.open = false;
    client.removeListener('error', lost);
    client.release();
  }
}

/** The Db over a pool. */
export function dbOver(pool: Pool): Db {
  return over(pool, pool);
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
