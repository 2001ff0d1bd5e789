import type { Db, SqlValue } from './postgres/db';

/**
 * What the demo data (seed/demo.ts) and the synthetic members (seed/scale.ts) write and read: the seeds decide what
 * the rows hold, these statements write them. `table` and `column` come from the seeds' own declarations.
 */

/** Rows of `table` in multi-row INSERTs, as few as PostgreSQL's 65,535 parameters a statement allow. */
export async function insertRows(
  tx: Db,
  table: string,
  columns: readonly string[],
  rows: readonly SqlValue[][],
): Promise<void> {
  for (let start = 0, step = Math.floor(60_000 / columns.length); start < rows.length; start += step) {
    const chunk = rows.slice(start, start + step);
    const values = chunk.map(
      (_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`,
    );
    await tx.run(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ${values.join(', ')}`, chunk.flat());
  }
}

/** The first admin (bootstrap's), whom the demo's activity log names. */
export function firstAdmin(tx: Db) {
  return tx.maybeOne<{ id: string; name: string; surname: string; email: string }>(
    "SELECT id, name, surname, email FROM users WHERE role = 'admin' ORDER BY rowid LIMIT 1",
  );
}

/** The id of the row of `table` whose `column` is `value`. */
export async function idWhere(tx: Db, table: string, column: string, value: string): Promise<string> {
  return (await tx.one<{ id: string }>(`SELECT id FROM ${table} WHERE ${column} = $1`, [value])).id;
}

/** The newest row of `table`. */
export function newestRow(tx: Db, table: string) {
  return tx.one<{ id: string; created_at: string }>(
    `SELECT id, created_at FROM ${table} ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
}

/** The id of the setting record. */
export async function settingId(tx: Db): Promise<string> {
  return (await tx.one<{ id: string }>('SELECT id FROM settings LIMIT 1')).id;
}

/** Moves a row's last saved time up to `at` (never back), and answers the row. */
export function touchRow(tx: Db, table: string, id: string, at: string) {
  return tx.one<Record<string, unknown>>(
    `UPDATE ${table} SET updated_at = greatest(updated_at, $1) WHERE id = $2 RETURNING *`,
    [at, id],
  );
}

// ----- Synthetic members (seed/scale.ts)

/** The highest users.rowid: the members added are numbered after it. */
export async function lastUserRowid(db: Db): Promise<number> {
  return (await db.one<{ base: number }>('SELECT coalesce(max(rowid), 0)::bigint AS base FROM users')).base;
}

// n numbers the member (ids, e-mails, phones); h mixes it so that neighbours differ in every other property.
const memberId = "lpad(to_hex(1700000000 + n), 8, '0') || lpad(to_hex(n), 16, '0')";
const memberPlan = `CASE WHEN h % 5 < 3 THEN (ARRAY['silver', 'gold', 'platinum'])[h / 5 % 3 + 1] END`;

/** The word lists the synthetic members draw from, and how their joining dates spread. */
export type MemberVariety = {
  first: readonly string[];
  last: readonly string[];
  cities: readonly string[];
  countryCodes: readonly string[];
  domains: readonly string[];
  /** The first member's joining time (ms), and the time between two members' (ms). */
  joinedFrom: number;
  joinedEvery: number;
};

/**
 * Members numbered `from` to `to` (PostgreSQL writes them itself, in one statement), `before` of the run's members
 * written before them: names, surnames, genders, statuses, plans, countries and birth dates vary, joining dates
 * follow the order of creation, e-mails and phone numbers are unique.
 */
export async function insertSyntheticMembers(
  tx: Db,
  { from, to, before }: { from: number; to: number; before: number },
  variety: MemberVariety,
): Promise<void> {
  const members = `
    SELECT n, h, f, l FROM generate_series($1::bigint, $2::bigint) AS n,
      LATERAL (SELECT abs(hashint8(n)::bigint) AS h) mixed,
      LATERAL (SELECT ($3::text[])[h % array_length($3::text[], 1) + 1] AS f,
        ($4::text[])[h / 7 % array_length($4::text[], 1) + 1] AS l) names`;
  await tx.run(
    `INSERT INTO users (id, role, name, surname, email, phone_number, country_code, gender, enabled, is_verified,
       interest_in, height, distance, start_age, end_age, dob, address, plan_product, created_at, updated_at)
     SELECT ${memberId}, 'user', f, l,
       lower(translate(f || '.' || l, 'üáéíóñ'' ', 'uaeion')) || '.' || n || '@' ||
         ($7::text[])[h / 11 % array_length($7::text[], 1) + 1],
       (7000000000 + n)::text, ($6::text[])[h / 13 % array_length($6::text[], 1) + 1],
       CASE WHEN h % 25 = 0 THEN '' WHEN h % 2 = 0 THEN 'Female' ELSE 'Male' END,
       h % 9 <> 4, h % 3 = 0,
       CASE h / 17 % 3 WHEN 0 THEN 'Men' WHEN 1 THEN 'Women' ELSE 'Everyone' END,
       150 + (h / 19 % 45)::int, 5 + (h / 23 % 95)::int, 18 + (h / 29 % 10)::int, 28 + (h / 31 % 25)::int,
       to_char(date '1960-01-01' + (h / 37 % 16800)::int, 'YYYY-MM-DD') || 'T00:00:00.000Z',
       ($5::text[])[h / 41 % array_length($5::text[], 1) + 1],
       ${memberPlan},
       to_timestamp(($8::double precision + ($10 + n - $1 + 1) * $9::double precision) / 1000),
       to_timestamp(($8::double precision + ($10 + n - $1 + 1) * $9::double precision) / 1000)
     FROM (${members}) m
     ORDER BY n`,
    [
      from,
      to,
      variety.first,
      variety.last,
      variety.cities,
      variety.countryCodes,
      variety.domains,
      variety.joinedFrom,
      variety.joinedEvery,
      before,
    ],
  );
}

/**
 * The plans of the members numbered `from` to `to`, as insertSyntheticMembers wrote them on the users (as the
 * plans' trigger would: the trigger then finds nothing to change).
 */
export async function insertSyntheticPlans(
  tx: Db,
  { from, to }: { from: number; to: number },
): Promise<void> {
  await tx.run(
    `INSERT INTO user_plans (user_id, product_id, status)
     SELECT ${memberId}, ${memberPlan}, CASE WHEN h % 7 = 0 THEN 'expired' ELSE 'active' END
     FROM generate_series($1::bigint, $2::bigint) AS n, LATERAL (SELECT abs(hashint8(n)::bigint) AS h) mixed
     WHERE h % 5 < 3`,
    [from, to],
  );
}

/** The first and last rowid of the users after `rowid`. */
export function userRowidsAfter(db: Db, rowid: number) {
  return db.one<{ first: number | null; last: number | null }>(
    `SELECT min(rowid) AS first, max(rowid) AS last FROM users WHERE rowid > $1`,
    [rowid],
  );
}

/** An event a month ahead that the first `joined` users after `rowid` joined. */
export async function insertJoinedEvent(
  tx: Db,
  event: { id: string; name: string; joined: number; afterRowid: number; at: string },
): Promise<void> {
  await tx.run(
    `INSERT INTO events (id, name, venue, date, start_time, end_time, number_of_participants, created_at, updated_at)
     VALUES ($1, $2, 'Town Hall', to_char(now() + interval '30 days', 'YYYY-MM-DD'), '18:00', '23:00', $3, $4, $4)`,
    [event.id, event.name, event.joined, event.at],
  );
  await tx.run(
    `INSERT INTO event_participants (event_id, user_id)
     SELECT $1, id FROM users WHERE rowid > $2 ORDER BY rowid LIMIT $3`,
    [event.id, event.afterRowid, event.joined],
  );
}

/**
 * The statistics of the tables synthetic members fill, and (outside a transaction) the visibility map as autovacuum
 * would leave it: deep pages are read from the indexes alone.
 */
export async function analyseMembers(db: Db): Promise<void> {
  const tables = 'users, user_plans, user_counts, events, event_participants';
  await db.run(db.inTransaction ? `ANALYZE ${tables}` : `VACUUM (ANALYZE) ${tables}`);
}
