import { searchWords } from '../../contract/search-words';
import { containsPattern } from '../lib/search';
import type { Db, SqlValue } from './postgres/db';

/** A condition with its parameters, which `sql` numbers from $1 (a page renumbers them among its own). */
export type Clause = { sql: string; params: SqlValue[] };

/** The SQL columns lib/members.ts's memberRef reads of users aliased `alias`: `${as}_name` and `${as}_surname`. */
export const memberColumns = (alias: string, as: string) =>
  `${alias}.name AS ${as}_name, ${alias}.surname AS ${as}_surname`;

/**
 * The users of a set kept as rows of a table (a mail's deliveries, an event's participants), aliased `m`, one row per
 * `user_id`, keyed by its owner's column. Users are `u`.
 */
export type MemberSet = {
  table: 'mail_deliveries' | 'event_participants';
  ownerColumn: 'mail_id' | 'event_id';
  owner: string;
  /** Columns of `u` and `m` to answer; `m`'s are NULL for an implicit member. */
  columns: string;
  /** Users who belong without a row yet (All Users not yet expanded), as a condition on `u`. */
  implicit?: Clause;
  /** What the page keeps besides membership (a delivery state), over `u` and `m`. */
  filter?: Clause;
  /** How many members the filter keeps, as counters tell: it decides how the page is read. */
  expected: number;
};

const SEARCHED = ['name', 'surname', 'email'];

/**
 * A page of the set in name order (then id), searched by `q` (from 2 characters: each of its words is in the name,
 * surname or e-mail, found by the trigram index from 3 characters). Three ways to read it, chosen by cost, so no page
 * sorts a million rows:
 * - a small set: its rows, joined with their users and sorted (cost: the set's size);
 * - a large set: users walked in name order on users_role_name, keeping members, until the page is full (cost: the
 *   page's end divided by the share of users who are members);
 * - a large set searched with a word of 3 characters or more: the trigram index's matches, kept if members, sorted
 *   (cost: the matches).
 */
export async function memberPage<Row>(
  db: Db,
  set: MemberSet,
  { q, limit, offset }: { q?: string; limit: number; offset: number },
): Promise<{ rows: Row[]; count: number }> {
  const search = memberSearch(q);
  const { found, from, where, params } = await plan(db, set, search, offset + limit);
  const rows = await db.many<Row>(
    `${found} SELECT ${set.columns} FROM ${from} WHERE ${where} ORDER BY u.name, u.id
     LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
    [...params, limit, offset],
  );
  const count = search
    ? (await db.one<{ n: number }>(`${found} SELECT count(*) AS n FROM ${from} WHERE ${where}`, params)).n
    : set.expected;
  return { rows, count };
}

/** A search shorter than 2 characters is no search: it would keep nearly everyone at the cost of reading them all. */
export const memberSearch = (q: string | undefined) => (q && q.length >= 2 ? q : undefined);

/** The highest users.rowid: how many users there are, near enough, without counting them. */
const population = async (db: Db) =>
  (await db.one<{ n: number | null }>('SELECT max(rowid) AS n FROM users')).n ?? 0;

async function plan(db: Db, set: MemberSet, search: string | undefined, end: number) {
  const params: SqlValue[] = [];
  const add = (clause: Clause) => {
    const offset = params.length;
    params.push(...clause.params);
    return clause.sql.replace(/\$(\d+)/g, (_, n: string) => `$${Number(n) + offset}`);
  };
  const conditions: string[] = ["u.role = 'user'"];
  // Sorting the set costs its size; walking users in name order costs the page's end over the members' share.
  const small = !set.implicit && set.expected * set.expected <= end * Math.max(1, await population(db));
  const matching = (word: string) => {
    const pattern = add({ sql: '$1', params: [containsPattern(word)] });
    return `(${SEARCHED.map((column) => `u.${column} ILIKE ${pattern}`).join(' OR ')})`;
  };
  // A large set searched with a word the trigram index finds (3 characters or more): the index's matches are read
  // first, then kept if members, then sorted; the planner, which cannot estimate an ILIKE, would walk every user.
  const words = search ? searchWords(search) : [];
  const indexed = small ? [] : words.filter((word) => [...word].length >= 3);
  const found = indexed.length
    ? `WITH found AS MATERIALIZED (SELECT * FROM users u WHERE u.role = 'user' AND ${indexed.map(matching).join(' AND ')})`
    : '';
  const owner = add({ sql: '$1', params: [set.owner] });
  let from: string;
  if (small) {
    from = `${set.table} m JOIN users u ON u.id = m.user_id`;
    conditions.unshift(`m.${set.ownerColumn} = ${owner}`);
  } else {
    from = `${found ? 'found' : 'users'} u LEFT JOIN ${set.table} m ON m.${set.ownerColumn} = ${owner} AND m.user_id = u.id`;
    conditions.push(
      set.implicit ? `(m.user_id IS NOT NULL OR (${add(set.implicit)}))` : 'm.user_id IS NOT NULL',
    );
  }
  if (set.filter) conditions.push(add(set.filter));
  for (const word of words.filter((word) => !indexed.includes(word))) conditions.push(matching(word));
  return { found, from, where: conditions.join(' AND '), params };
}
