import { z } from 'zod';
import type { Db } from '../db/connection';
import { searchedFields, searchWords } from '../../contract/search-words';
import { SORT_FIELDS, type SortField } from '../../contract/sort-fields';
import { HttpError } from './errors';
import { parseSort, type Sort } from './sort';
import { containsPattern, ftsQuery } from './search';
import { searchText } from './validate';

/**
 * Which users the users list (GET /api/admin/list) and its export (GET /api/admin/list/export) hold, and how each
 * reads them in order: a page by offset, the export in batches from a cursor. Both take the same query: `q` over
 * `fields`, `filter=user.enabled&equal`, `planFilter`, and `sort` / `order` (announced as 'list-sort').
 */

const SEARCHABLE = { name: 'name', surname: 'surname', email: 'email', phoneNumber: 'phone_number' } as const;

type UserSortField = SortField<'users'>;

/** The columns of a users row that a cursor reads. */
type KeyRow = {
  rid: number;
  name: string;
  surname: string;
  email: string;
  enabled: number;
  position?: number;
};

/** A column a list is ordered by; text ones compare case-insensitively. */
type Key = { sql: string; nocase?: boolean; column: keyof KeyRow };

/**
 * What each sort orders by before the rowid, which breaks ties and is the order of creation (`created`, and the
 * newest-first order without a sort). Status orders by `enabled`: asc puts Inactive (false) first.
 */
const SORT_KEYS: Record<UserSortField, readonly Key[]> = {
  name: [
    { sql: 'u.name', nocase: true, column: 'name' },
    { sql: 'u.surname', nocase: true, column: 'surname' },
  ],
  email: [{ sql: 'u.email', nocase: true, column: 'email' }],
  created: [],
  status: [{ sql: 'u.enabled', column: 'enabled' }],
};
const ROWID: Key = { sql: 'u.rowid', column: 'rid' };

const listQuery = z.object({
  q: searchText,
  fields: z.string().max(200, 'Fields must be at most 200 characters').optional(),
  filter: z.literal('user.enabled', { error: "filter must be 'user.enabled'" }).optional(),
  equal: z.enum(['true', 'false'], { error: "equal must be 'true' or 'false'" }).optional(),
  planFilter: z
    .enum(['silver', 'gold', 'platinum'], { error: 'planFilter must be silver, gold or platinum' })
    .optional(),
});

type Filters = { enabled?: number; plan?: string };

/**
 * The users a query asks for: its filters, its search, its sort. The search's words of 3 characters or more are found
 * through the trigram index (`match`, every one of them); shorter ones (`like`) are looked for in the rows it keeps,
 * or by a scan when no word is long enough for the index.
 */
export type UserSelection = {
  filters: Filters;
  search?: { match?: string; like: string[]; columns: string[] };
  sort?: Sort<UserSortField>;
};

export function selectUsers(query: Record<string, string | undefined>): UserSelection {
  const { q, fields, filter, equal, planFilter } = listQuery.parse(query);
  let search: UserSelection['search'];
  if (q) {
    const requested = (fields ?? 'name,email,phoneNumber').split(',').map((field) => field.trim());
    // Own properties only: "constructor" or "__proto__" name no column.
    const columns = searchedFields(requested.filter((field) => Object.hasOwn(SEARCHABLE, field))).map(
      (field) => SEARCHABLE[field as keyof typeof SEARCHABLE],
    );
    if (columns.length === 0)
      throw new HttpError(400, `Fields must name some of: ${Object.keys(SEARCHABLE).join(', ')}`);
    // The trigram index finds substrings of 3 characters (code points) or more.
    const indexed = (word: string) => [...word].length >= 3;
    const words = searchWords(q);
    const long = words.filter(indexed);
    search = {
      match: long.length ? long.map((word) => ftsQuery(word, columns)).join(' AND ') : undefined,
      like: words.filter((word) => !indexed(word)).map(containsPattern),
      columns,
    };
  }
  const filters: Filters = {
    enabled: filter && equal ? (equal === 'true' ? 1 : 0) : undefined,
    plan: planFilter,
  };
  return { filters, search, sort: parseSort(query, SORT_FIELDS.users) };
}

function filterClause({ enabled, plan }: Filters) {
  const sql = ["u.role = 'user'"];
  const params: (string | number)[] = [];
  if (enabled !== undefined) {
    sql.push('u.enabled = ?');
    params.push(enabled);
  }
  if (plan !== undefined) {
    sql.push('u.plan_product = ?');
    params.push(plan);
  }
  return { sql, params };
}

/**
 * The index whose equality columns are the filters and whose order is the sort's, then the rowid (migrations.ts), so
 * a page is read in order, deep or not, in either direction. Named, because without ANALYZE's statistics SQLite may
 * prefer a shorter index and sort every user.
 */
function indexFor({ enabled, plan }: Filters, field: UserSortField | undefined) {
  const status = enabled !== undefined;
  const withPlan = plan !== undefined;
  if (field === 'name' || field === 'email')
    return `users_sort_${field}${withPlan ? '_plan' : ''}${status ? '_status' : ''}`;
  if (field === 'status' || status) return withPlan ? 'users_role_plan_enabled' : 'users_role_enabled';
  return withPlan ? 'users_role_plan' : 'users_role';
}

const FTS_SOURCE = 'users_search CROSS JOIN users u ON u.rowid = users_search.rowid';

/** The search's short words, each in one of its columns. */
function likeClause(search: UserSelection['search']) {
  if (!search) return { sql: [], params: [] };
  const anyColumn = `(${search.columns.map((column) => `u.${column} LIKE ? ESCAPE '\\'`).join(' OR ')})`;
  return {
    sql: search.like.map(() => anyColumn),
    params: search.like.flatMap((pattern) => search.columns.map(() => pattern)),
  };
}

/** How to read the selection in its order: rows of `from` kept by `where`, ordered by `keys` (the last unique). */
type Plan = {
  from: string;
  where: string[];
  params: (string | number)[];
  keys: readonly Key[];
  descending: boolean;
};

/**
 * A searched and sorted page sorts its matches up to this many; past it, it walks the sort's index keeping the
 * matches (plan's `walkMatches`). Sorting costs each match (about 1.5 µs: 60 ms for 40,000); walking costs reading the
 * matches' ids once (about 0.4 µs each) and the index entries passed before the page, at most the whole index
 * (about 30 ms at a million users), however many match.
 */
export const SORTED_MATCHES_UP_TO = 10_000;

/**
 * - Unsearched, or no word of 3 characters searched: walk the index of the filters and the sort, keeping the matches.
 * - Searched without a sort: walk the trigram index newest first, stopping when the page is full.
 * - Searched and sorted, few matches: sort the matches (their number is the cost).
 * - Searched and sorted, many matches (`walkMatches`): walk the index of the filters and the sort, keeping the rows
 *   among the matches (the trigram index's ids, read once into a set).
 */
function plan(selection: UserSelection, walkMatches = false): Plan {
  const { filters, search, sort } = selection;
  const filter = filterClause(filters);
  // Sorting by status within one status is the order of creation.
  const field = sort?.field === 'status' && filters.enabled !== undefined ? 'created' : sort?.field;
  const keys = [...(field ? SORT_KEYS[field] : []), ROWID];
  const descending = sort ? sort.descending : true;
  const like = likeClause(search);
  if (search?.match && sort && walkMatches)
    return {
      from: `users u INDEXED BY ${indexFor(filters, field)}`,
      where: [
        ...filter.sql,
        'u.rowid IN (SELECT rowid FROM users_search WHERE users_search MATCH ?)',
        ...like.sql,
      ],
      params: [...filter.params, search.match, ...like.params],
      keys,
      descending,
    };
  if (!search?.match)
    return {
      from: `users u INDEXED BY ${indexFor(filters, field)}`,
      where: [...filter.sql, ...like.sql],
      params: [...filter.params, ...like.params],
      keys,
      descending,
    };
  return {
    from: FTS_SOURCE,
    where: ['users_search MATCH ?', ...filter.sql, ...like.sql],
    params: [search.match, ...filter.params, ...like.params],
    // The trigram index gives its matches in rowid order itself.
    keys: sort ? keys : [{ sql: 'users_search.rowid', column: 'rid' }],
    descending,
  };
}

const orderOf = (keys: readonly Key[], descending: boolean) =>
  keys
    .map(({ sql, nocase }) => `${sql}${nocase ? ' COLLATE NOCASE' : ''} ${descending ? 'DESC' : 'ASC'}`)
    .join(', ');

/**
 * Rows after a cursor. The collation goes on the cursor's side: a row value of bare columns is what SQLite turns
 * into an index range (with COLLATE on the columns it scans from the start instead).
 */
const afterCursor = (keys: readonly Key[], descending: boolean) =>
  `(${keys.map(({ sql }) => sql).join(', ')}) ${descending ? '<' : '>'} (${keys
    .map(({ nocase }) => (nocase ? '? COLLATE NOCASE' : '?'))
    .join(', ')})`;

/**
 * The users list's queries over one database, with counts cached until the next write. `sortedMatchesUpTo`: where a
 * searched and sorted page stops sorting its matches and walks the index instead (tests try both).
 */
export function userList(db: Db, { sortedMatchesUpTo = SORTED_MATCHES_UP_TO } = {}) {
  // Counting a million rows on every page view dominates the list's cost; a count stays valid until the next write
  // (of this connection: total_changes; of another: data_version).
  const version = db.prepare<[], { n: number }>('SELECT total_changes() AS n');
  const counts = new Map<string, number>();
  function countOf(source: string, condition: string, params: (string | number)[]) {
    const key = `${version.get()!.n}|${db.pragma('data_version', { simple: true })}|${source}|${condition}|${params.join('\u0000')}`;
    let count = counts.get(key);
    if (count === undefined) {
      if (counts.size > 1000) counts.clear();
      count = (
        db.prepare(`SELECT count(*) AS n FROM ${source} WHERE ${condition}`).get(...params) as { n: number }
      ).n;
      counts.set(key, count);
    }
    return count;
  }

  const count = (selection: UserSelection) => {
    const { from, where, params } = plan({ ...selection, sort: undefined });
    return countOf(from, where.join(' AND '), params);
  };

  /**
   * A search that every user of the filters matches (an e-mail domain they all share) keeps them all: its pages and
   * its export are the unsearched ones, read along an index, rather than every match read and ordered.
   */
  const keepsEveryone = (selection: UserSelection, matches = count(selection)) =>
    selection.search !== undefined && matches === count({ ...selection, search: undefined });

  /**
   * The rowids of one page, in order, with the selection's count and the ORDER BY that puts the page's rows in
   * order. A page past the middle is read from the other end (the order reversed, the offset counted from the last
   * row), so the last page costs what the first does.
   */
  function page(
    selection: UserSelection,
    offset: number,
    size: number,
  ): {
    rowids: number[];
    total: number;
    order: string;
  } {
    const total = count(selection);
    if (keepsEveryone(selection, total)) return page({ ...selection, search: undefined }, offset, size);
    const read = plan(selection, total > sortedMatchesUpTo);
    const order = orderOf(
      read.keys.map((key) => (key.sql === 'users_search.rowid' ? ROWID : key)),
      read.descending,
    );
    if (offset >= total) return { rowids: [], total, order };
    const take = Math.min(size, total - offset);
    const fromEnd = offset > total - offset - take;
    const rowids = db
      .prepare(
        `SELECT u.rowid FROM ${read.from} WHERE ${read.where.join(' AND ')}
         ORDER BY ${orderOf(read.keys, read.descending !== fromEnd)} LIMIT ? OFFSET ?`,
      )
      .pluck()
      .all(...read.params, take, fromEnd ? total - offset - take : offset) as number[];
    return { rowids, total, order };
  }

  /** `columns` of the rows of `read` in its order, `size` at a time, each batch read after the last one's keys. */
  function* keyset<Row>(read: Plan, columns: string, size: number): Generator<(Row & KeyRow)[]> {
    const sql = (after: boolean) => {
      const where = [...read.where, ...(after ? [afterCursor(read.keys, read.descending)] : [])];
      return `SELECT ${columns}, u.rowid AS rid, u.name, u.surname, u.email, u.enabled FROM ${read.from}
       ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY ${orderOf(read.keys, read.descending)} LIMIT ?`;
    };
    const first = db.prepare(sql(false));
    const next = db.prepare(sql(true));
    let cursor: unknown[] | undefined;
    for (;;) {
      const rows = (
        cursor ? next.all(...read.params, ...cursor, size) : first.all(...read.params, size)
      ) as (Row & KeyRow)[];
      if (rows.length > 0) yield rows;
      if (rows.length < size) return;
      const last = rows[rows.length - 1]!;
      cursor = read.keys.map(({ column }) => last[column]);
    }
  }

  let exports = 0;

  /**
   * The selection in batches of `size` (`columns` of users `u`), each read from a cursor, so nothing but one batch is
   * held; the caller reads the next only when it wants it (back-pressure), and other requests run in between. A row
   * changed meanwhile shows as it is when its batch is read.
   */
  function* batches<Row>(
    selection: UserSelection,
    columns: string,
    size: number,
  ): Generator<(Row & KeyRow)[]> {
    if (keepsEveryone(selection)) {
      yield* batches<Row>({ ...selection, search: undefined }, columns, size);
      return;
    }
    const { filters, search, sort } = selection;
    if (search?.match && sort) {
      // Matches have no index in the sort's order: their order is written once to a temporary table (on disk past
      // SQLite's cache), numbered, and read from there.
      const table = `temp.user_export_${(exports += 1)}`;
      db.exec(`CREATE TABLE ${table} (position INTEGER PRIMARY KEY, rid INTEGER NOT NULL)`);
      try {
        const read = plan(selection);
        db.prepare(
          `INSERT INTO ${table} (rid) SELECT u.rowid FROM ${read.from} WHERE ${read.where.join(' AND ')}
           ORDER BY ${orderOf(read.keys, read.descending)}`,
        ).run(...read.params);
        yield* keyset<Row>(
          {
            from: `${table} x CROSS JOIN users u ON u.rowid = x.rid`,
            where: [],
            params: [],
            keys: [{ sql: 'x.position', column: 'position' }],
            descending: false,
          },
          `${columns}, x.position AS position`,
          size,
        );
      } finally {
        db.exec(`DROP TABLE IF EXISTS ${table}`);
      }
      return;
    }
    if (sort?.field === 'status' && filters.enabled === undefined) {
      // A cursor on (status, rowid) would find its status in the index but not its rowid: each status is read
      // whole, in the order of creation, one after the other.
      const filter = filterClause(filters);
      const statuses = db
        .prepare(
          `SELECT DISTINCT u.enabled FROM users u INDEXED BY ${indexFor(filters, 'status')}
           WHERE ${filter.sql.join(' AND ')} ORDER BY u.enabled ${sort.descending ? 'DESC' : 'ASC'}`,
        )
        .pluck()
        .all(...filter.params) as number[];
      for (const enabled of statuses)
        yield* keyset<Row>(plan({ ...selection, filters: { ...filters, enabled } }), columns, size);
      return;
    }
    yield* keyset<Row>(plan(selection), columns, size);
  }

  return { countOf, count, page, batches };
}
