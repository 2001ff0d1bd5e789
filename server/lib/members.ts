import { searchWords } from '../../contract/search-words';
import type { Db } from '../db/connection';
import { containsPattern, ftsQuery } from './search';

type Clause = { sql: string; params: (string | number)[] };

/**
 * A member as every answer refers to one: id, name and surname (a console shows both), with what else the answer
 * gives (an e-mail); null for no one. A user since deleted keeps their id with empty names.
 */
export const memberRef = <More extends object>(id: unknown, name: unknown, surname: unknown, more?: More) =>
  id ? { _id: id, name: name ?? '', surname: surname ?? '', ...more } : null;

/** The SQL columns memberRef reads of users aliased `alias`: `${as}_name` and `${as}_surname`. */
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
 * surname or e-mail). Three ways to read it, chosen by cost, so no page sorts a million rows:
 * - a small set: its rows, joined with their users and sorted (cost: the set's size);
 * - a large set: users walked in name order on users_role_name, keeping members, until the page is full (cost: the
 *   page's end divided by the share of users who are members);
 * - a large set searched with a word of 3 characters or more: the trigram index's matches, kept if members, sorted
 *   (cost: the matches).
 */
export function memberPage<Row>(
  db: Db,
  set: MemberSet,
  { q, limit, offset }: { q?: string; limit: number; offset: number },
): { rows: Row[]; count: number } {
  const search = memberSearch(q);
  const { from, where, params } = plan(db, set, search, offset + limit);
  const rows = db
    .prepare(`SELECT ${set.columns} FROM ${from} WHERE ${where} ORDER BY u.name, u.id LIMIT ? OFFSET ?`)
    .all(...params, limit, offset) as Row[];
  const count = search
    ? (db.prepare(`SELECT count(*) AS n FROM ${from} WHERE ${where}`).get(...params) as { n: number }).n
    : set.expected;
  return { rows, count };
}

/** A search shorter than 2 characters is no search: it would keep nearly everyone at the cost of reading them all. */
export const memberSearch = (q: string | undefined) => (q && q.length >= 2 ? q : undefined);

const population = (db: Db) =>
  (db.prepare('SELECT max(rowid) AS n FROM users').get() as { n: number | null }).n ?? 0;

function plan(db: Db, set: MemberSet, search: string | undefined, end: number) {
  const conditions: string[] = ["u.role = 'user'"];
  const params: (string | number)[] = [];
  // Sorting the set costs its size; walking users in name order costs the page's end over the members' share.
  const small = !set.implicit && set.expected * set.expected <= end * Math.max(1, population(db));
  // The trigram index finds the words of 3 characters (code points) or more; the others are looked for in its rows.
  const words = search ? searchWords(search) : [];
  const indexed = small ? [] : words.filter((word) => [...word].length >= 3);
  const scanned = words.filter((word) => !indexed.includes(word));
  let from: string;
  if (small) {
    from = `${set.table} m CROSS JOIN users u ON u.id = m.user_id`;
    conditions.unshift(`m.${set.ownerColumn} = ?`);
    params.push(set.owner);
  } else {
    const member = `m.${set.ownerColumn} = ? AND m.user_id = u.id`;
    from =
      indexed.length > 0
        ? `users_search CROSS JOIN users u ON u.rowid = users_search.rowid LEFT JOIN ${set.table} m ON ${member}`
        : `users u INDEXED BY users_role_name LEFT JOIN ${set.table} m ON ${member}`;
    params.push(set.owner);
    if (indexed.length > 0) {
      conditions.unshift('users_search MATCH ?');
      params.push(indexed.map((word) => ftsQuery(word, SEARCHED)).join(' AND '));
    }
    conditions.push(
      set.implicit ? `(m.user_id IS NOT NULL OR (${set.implicit.sql}))` : 'm.user_id IS NOT NULL',
    );
    params.push(...(set.implicit?.params ?? []));
  }
  if (set.filter) {
    conditions.push(set.filter.sql);
    params.push(...set.filter.params);
  }
  for (const word of scanned) {
    conditions.push(`(${SEARCHED.map((column) => `u.${column} LIKE ? ESCAPE '\\'`).join(' OR ')})`);
    params.push(...SEARCHED.map(() => containsPattern(word)));
  }
  return { from, where: conditions.join(' AND '), params };
}
