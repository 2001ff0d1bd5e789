import pg from 'pg';

const { types } = pg;

const parseTimestamp = types.getTypeParser(types.builtins.TIMESTAMPTZ) as (value: string) => Date;

/** bigint (counts, count(*), sums, ms timestamps) as a JS number; a value past 2^53 would be wrong, so it throws. */
function parseBigint(value: string): number {
  const number = Number(value);
  if (!Number.isSafeInteger(number))
    throw new RangeError(`${value} is past the integers a JS number holds exactly`);
  return number;
}

/**
 * The API sends times as ISO strings (new Date().toISOString()), as SQLite stored them; timestamptz(3) keeps their
 * milliseconds, so a time read back is the string written. Dates stay their YYYY-MM-DD text.
 */
const parsers: Partial<Record<number, (value: string) => unknown>> = {
  [types.builtins.INT8]: parseBigint,
  [types.builtins.TIMESTAMPTZ]: (value) => parseTimestamp(value).toISOString(),
  [types.builtins.DATE]: (value) => value,
};

const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    parsers[oid] ?? types.getTypeParser(oid, format)) as typeof types.getTypeParser,
};

export type Pool = pg.Pool;

/** A pool whose sessions run in UTC, with the types above (for this pool only: pg's global parsers are untouched). */
export function createPool(url: string, options: { max?: number } = {}): Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    types: typeParsers,
    options: '-c TimeZone=UTC',
  });
  // An idle connection that breaks (the database restarting) is replaced on the next query; unheard, it would crash.
  pool.on('error', (error) => console.error('PostgreSQL connection lost:', error.message));
  return pool;
}

/** `url` with its database replaced by `database`. */
export function databaseUrl(url: string, database: string): string {
  const address = new URL(url);
  address.pathname = `/${database}`;
  return address.toString();
}
