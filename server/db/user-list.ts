import type { SortField } from '../../contract/sort-fields';
import type { Sort } from '../lib/sort';
import type { Db, SqlValue } from './postgres/db';

/**
 * How the users list (GET /api/admin/list) and its export (GET /api/admin/list/export) read the users a query selects
 * (lib/user-list.ts), in order: a page by offset, the export in batches from a cursor.
 */

type UserSortField = SortField<'users'>;

/** The columns of a users row that a batch of the export carries besides the caller's. */
type KeyRow = { rid: number; name: string; surname: string; email: string; enabled: boolean };

/**
 * What each sort orders by before the rowid, which breaks ties and is the order of creation (`created`, and the
 * newest-first order without a sort): the expressions of the sort indexes (001_schema.sql), so a page is read from
 * one of them in order. Status orders by `enabled`: asc puts Inactive (false) first.
 */
const SORT_KEYS: Record<UserSortField, readonly string[]> = {
  name: ['lower(u.name)', 'lower(u.surname)'],
  email: ['lower(u.email)'],
  created: [],
  status: ['u.enabled'],
};
const ROWID = 'u.rowid';

export type Filters = { enabled?: boolean; plan?: string };

/**
 * The users a query asks for: its filters, its search (every word, as an ILIKE pattern, in one of `columns`: the
 * trigram index answers words of 3 characters or more), its sort.
 */
export type UserSelection = {
  filters: Filters;
  search?: { patterns: string[]; columns: string[] };
  sort?: Sort<UserSortField>;
};

/** Conditions and their parameters ($1, $2 ... in the order added). */
class Where {
  readonly sql: string[] = [];
  readonly params: SqlValue[] = [];

  /** The placeholder of a new parameter. */
  param(value: SqlValue) {
    this.params.push(value);
    return `$${this.params.length}`;
  }

  get text() {
    return this.sql.join(' AND ');
  }
}

/** The selection's filters and search over users `u`. `walk`: the search as a set the sort's index walk keeps. */
function conditions({ filters, search }: UserSelection, { walk = false } = {}) {
  const where = new Where();
  where.sql.push("u.role = 'user'");
  if (filters.enabled !== undefined) where.sql.push(`u.enabled = ${where.param(filters.enabled)}`);
  if (filters.plan !== undefined) where.sql.push(`u.plan_product = ${where.param(filters.plan)}`);
  if (search) {
    const placeholders = search.patterns.map((pattern) => where.param(pattern));
    const matching = (alias: string) =>
      placeholders
        .map(
          (placeholder) =>
            `(${search.columns.map((column) => `${alias}.${column} ILIKE ${placeholder}`).join(' OR ')})`,
        )
        .join(' AND ');
    where.sql.push(
      walk
        ? `u.rowid IN (SELECT s.rowid FROM users s WHERE s.role = 'user' AND ${matching('s')})`
        : matching('u'),
    );
  }
  return where;
}

/** The keys a selection is ordered by, the last (the rowid) unique, and their direction. */
function orderOf({ filters, sort }: UserSelection) {
  // Sorting by status within one status is the order of creation.
  const field = sort?.field === 'status' && filters.enabled !== undefined ? 'created' : sort?.field;
  return { keys: [...(field ? SORT_KEYS[field] : []), ROWID], descending: sort ? sort.descending : true };
}

const orderBy = (keys: readonly string[], descending: boolean) =>
  keys.map((key) => `${key} ${descending ? 'DESC' : 'ASC'}`).join(', ');

/**
 * A searched page sorts its matches up to this many (read through the trigram index); past it, it sorts them or
 * walks the order's index keeping the matches, whichever reads fewer rows. Sorting reads every match; a walk reads
 * the rows before its page. In the order of creation or of status, which a search does not bear on, matches are
 * spread evenly and a walk to the page's end reads about (offset + page) × users / matches rows. In the order of
 * name or e-mail, matches gather (`ava` by e-mail, descending: 16,594 of 1,000,000, all near the start of the
 * alphabet, read 900,000 rows for page 1, 2.9 s, where sorting them takes 50 ms), so there a walk is taken only
 * where the matches are more than SPARSE_MATCHES of the users the filters keep.
 */
export const SORTED_MATCHES_UP_TO = 10_000;
const SPARSE_MATCHES = 0.2;

/** How long a searched list's count is used again at most (`count`), and how many searches' counts are kept. */
const COUNT_KEPT_MS = 10_000;
const COUNTS_KEPT = 500;

/**
 * The users list's queries over one database. A searched page sorts its matches or walks the order's index as
 * SORTED_MATCHES_UP_TO says; tests set `sortedMatchesUpTo`, or take one `plan` for every page to compare the two.
 */
export function userList(
  db: Db,
  {
    sortedMatchesUpTo = SORTED_MATCHES_UP_TO,
    plan = 'cheaper',
  }: { sortedMatchesUpTo?: number; plan?: 'cheaper' | 'sort' | 'walk' } = {},
) {
  /** The users of the filters, as the counts the triggers keep tell (no user is counted here). */
  async function countOfFilters({ enabled, plan }: Filters) {
    const where = new Where();
    where.sql.push("role = 'user'");
    if (enabled !== undefined) where.sql.push(`enabled = ${where.param(enabled)}`);
    if (plan !== undefined) where.sql.push(`plan_product = ${where.param(plan)}`);
    const { n } = await db.one<{ n: number }>(
      `SELECT coalesce(sum(n), 0)::bigint AS n FROM user_counts WHERE ${where.text}`,
      where.params,
    );
    return n;
  }

  /**
   * Searches counted lately, by their conditions, with the users generation they were counted at
   * (004_users_generation.sql) and when. A count is used again while no statement has written users since and it is
   * at most COUNT_KEPT_MS old: a write still uncommitted when its count was taken moved the generation before it,
   * so the age bounds how long such a count can lag that write.
   */
  const counted = new Map<string, { generation: string; at: number; n: number }>();

  /** How many users the selection holds: the kept count, or the matches counted when searched. */
  async function count(selection: UserSelection) {
    if (!selection.search) return countOfFilters(selection.filters);
    const where = conditions(selection);
    const key = JSON.stringify([where.text, where.params]);
    const { generation } = await db.one<{ generation: string }>(
      'SELECT last_value::text AS generation FROM users_generation',
    );
    const kept = counted.get(key);
    if (kept && kept.generation === generation && Date.now() - kept.at <= COUNT_KEPT_MS) return kept.n;
    const at = Date.now();
    const { n } = await db.one<{ n: number }>(
      `SELECT count(*) AS n FROM users u WHERE ${where.text}`,
      where.params,
    );
    counted.delete(key);
    counted.set(key, { generation, at, n });
    if (counted.size > COUNTS_KEPT) counted.delete(counted.keys().next().value!);
    return n;
  }

  /**
   * A search that every user of the filters matches (an e-mail domain they all share) keeps them all: its pages and
   * its export are the unsearched ones, read along an index, rather than every match read and ordered.
   */
  const keepsEveryone = async (selection: UserSelection, matches?: number) =>
    selection.search !== undefined &&
    (matches ?? (await count(selection))) === (await countOfFilters(selection.filters));

  /**
   * Whether a searched page ending `end` rows into its `total` matches, among the `users` its filters keep, sorts
   * them rather than walk the order's index (SORTED_MATCHES_UP_TO).
   */
  function sortsMatches(
    selection: UserSelection,
    { total, users, end }: Record<'total' | 'users' | 'end', number>,
  ) {
    if (selection.search === undefined || plan === 'walk') return false;
    if (plan === 'sort' || total <= sortedMatchesUpTo) return true;
    const gathers = selection.sort?.field === 'name' || selection.sort?.field === 'email';
    return gathers ? total <= SPARSE_MATCHES * users : (end * users) / total > total;
  }

  /**
   * The query of a page's rowids, `limits` giving its LIMIT and OFFSET placeholders. A search whose matches are
   * `sorted` (sortsMatches) is read through the trigram index first and those matches sorted (the planner, which
   * cannot tell how many rows an ILIKE keeps, would otherwise walk a sort index past every user); otherwise the index
   * of the filters and the sort is walked, keeping the rows among the matches (a sorted page) or keeping the
   * matching rows (newest first).
   */
  function pageQuery(
    selection: UserSelection,
    { keys, descending, sorted }: { keys: readonly string[]; descending: boolean; sorted: boolean },
    limits: (where: Where) => [limit: string, offset: string],
  ): [string, SqlValue[]] {
    const where = conditions(selection, { walk: !sorted && selection.sort !== undefined });
    const [limit, offset] = limits(where);
    if (!sorted)
      return [
        `SELECT u.rowid FROM users u WHERE ${where.text}
         ORDER BY ${orderBy(keys, descending)} LIMIT ${limit} OFFSET ${offset}`,
        where.params,
      ];
    const columns = keys.map((_, index) => `k${index}`);
    return [
      `WITH matches AS MATERIALIZED (
         SELECT ${keys.map((key, index) => `${key} AS ${columns[index]}`).join(', ')} FROM users u WHERE ${where.text}
       )
       SELECT ${columns.at(-1)} AS rowid FROM matches ORDER BY ${orderBy(columns, descending)}
       LIMIT ${limit} OFFSET ${offset}`,
      where.params,
    ];
  }

  /**
   * The rowids of one page, in order, with the selection's count and the ORDER BY that puts the page's rows (users
   * `u`) in order. A page past the middle is read from the other end (the order reversed, the offset counted from the
   * last row), so the last page costs what the first does.
   */
  async function page(
    selection: UserSelection,
    offset: number,
    size: number,
  ): Promise<{ rowids: number[]; total: number; order: string }> {
    const total = await count(selection);
    // The users of the filters: a search that keeps them all reads the unsearched page (keepsEveryone).
    const users = selection.search ? await countOfFilters(selection.filters) : total;
    if (selection.search && total === users) return page({ ...selection, search: undefined }, offset, size);
    const { keys, descending } = orderOf(selection);
    const order = orderBy(keys, descending);
    if (offset >= total) return { rowids: [], total, order };
    const take = Math.min(size, total - offset);
    const fromEnd = offset > total - offset - take;
    const skip = fromEnd ? total - offset - take : offset;
    const sorted = sortsMatches(selection, { total, users, end: skip + take });
    const rows = await db.many<{ rowid: number }>(
      ...pageQuery(selection, { keys, descending: descending !== fromEnd, sorted }, (where) => [
        where.param(take),
        where.param(skip),
      ]),
    );
    const rowids = rows.map((row) => row.rowid);
    return { rowids: fromEnd ? rowids.reverse() : rowids, total, order };
  }

  /**
   * The selection in batches of `size` (`columns` of users `u`), each read after the last one's keys (a row
   * comparison the sort's index answers), so nothing but one batch is held; the caller asks for the next only when it
   * wants it (back-pressure), and other requests run in between. A row changed meanwhile shows as it is when its
   * batch is read.
   */
  async function* batches<Row>(
    selection: UserSelection,
    columns: string,
    size: number,
  ): AsyncGenerator<(Row & KeyRow)[]> {
    if (await keepsEveryone(selection)) {
      yield* batches<Row>({ ...selection, search: undefined }, columns, size);
      return;
    }
    const { keys, descending } = orderOf(selection);
    const keyColumns = keys.map((key, index) => `${key} AS k${index}`).join(', ');
    let cursor: SqlValue[] | undefined;
    for (;;) {
      const where = conditions(selection);
      if (cursor) {
        const after = cursor.map((value) => where.param(value));
        where.sql.push(`(${keys.join(', ')}) ${descending ? '<' : '>'} (${after.join(', ')})`);
      }
      const rows = await db.many<Row & KeyRow & Record<`k${number}`, SqlValue>>(
        `SELECT ${columns}, u.rowid AS rid, u.name, u.surname, u.email, u.enabled, ${keyColumns}
         FROM users u WHERE ${where.text} ORDER BY ${orderBy(keys, descending)} LIMIT ${where.param(size)}`,
        where.params,
      );
      if (rows.length > 0) yield rows;
      if (rows.length < size) return;
      const last = rows[rows.length - 1]!;
      cursor = keys.map((_, index) => last[`k${index}`] ?? null);
    }
  }

  return { count, countOfFilters, page, batches };
}
