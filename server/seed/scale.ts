import type { Db } from '../db/postgres/db';
import { newId, now } from '../lib/ids';
import { bootstrap } from './bootstrap';
import { FIRST_NAMES, LAST_NAMES } from './demo';

/** The demo's names first (the benchmarks search for some), then more, so that a million members vary. */
const FIRST = [
  ...FIRST_NAMES,
  'Hannah',
  'Jonas',
  'Yuki',
  'Ines',
  'Kwame',
  'Sofia',
  'Mohammed',
  'Elena',
  'Rafael',
  'Aiko',
  'Fatima',
  'Luca',
  'Maya',
  'Oscar',
  'Priya',
  'Samuel',
  'Ingrid',
  'Hugo',
  'Leila',
  'Daniel',
  'Chiara',
  'Felix',
  'Amelia',
  'Ravi',
  'Nora',
  'Pablo',
  'Selin',
  'Tariq',
  'Elif',
  'Jakub',
  'Marta',
  'Andrei',
  'Grace',
  'Yusuf',
  'Clara',
  'Emil',
];
const LAST = [
  ...LAST_NAMES,
  'Martin',
  'Lopez',
  'Schmidt',
  'Novak',
  'Costa',
  'Kim',
  'Ivanova',
  'Andersson',
  'Fischer',
  'Moreau',
  'Yilmaz',
  'Hughes',
  'Mensah',
  'Sato',
  'Ferreira',
  'Kaur',
  "O'Brien",
  'Van Dijk',
  'Horvat',
  'Lindqvist',
  'Mazur',
  'Ortega',
];
const CITIES = [
  'London',
  'Manchester',
  'Berlin',
  'Paris',
  'Madrid',
  'Lisbon',
  'Dublin',
  'Amsterdam',
  'Warsaw',
];
const COUNTRY_CODES = ['+44', '+44', '+44', '+1', '+49', '+33', '+34', '+91'];
const DOMAINS = ['example.com', 'example.org', 'example.net'];

/** Rows per INSERT ... SELECT FROM generate_series: each batch is one statement and one transaction. */
const BATCH = 100_000;

/** What a seeding added. */
export type ScaleSeed = {
  users: number;
  /** The first and last users.rowid written. */
  rowids: [number, number];
  event?: { id: string; joined: number };
  ms: number;
};

/**
 * Adds `users` synthetic members to the database (after the admin and the child safety policy that bootstrap writes,
 * if it has none): PostgreSQL writes them itself, a batch of 100,000 per statement, so a million take minutes, not
 * hours. Names, surnames, genders, statuses, plans, countries and birth dates vary; joining dates are spread over the
 * last five years in the order of creation; e-mails and phone numbers are unique (numbered after the last user, so a
 * second run adds others). The trigger-kept counts follow (statement-level triggers), and the tables are vacuumed and
 * analysed at the end. With `eventJoined`, one event that many of the new members joined.
 */
export async function seedScale(
  db: Db,
  options: {
    users: number;
    eventJoined?: number;
    admin: Parameters<typeof bootstrap>[1];
    log?: (line: string) => void;
  },
): Promise<ScaleSeed> {
  const { users, eventJoined = 0, log = () => undefined } = options;
  if (!Number.isSafeInteger(users) || users < 0) throw new RangeError('users must be a whole number');
  if (!Number.isSafeInteger(eventJoined) || eventJoined < 0 || eventJoined > users)
    throw new RangeError('the joined users must be a whole number, at most the users added');
  const started = performance.now();
  await bootstrap(db, options.admin);
  const { base } = await db.one<{ base: number }>(
    'SELECT coalesce(max(rowid), 0)::bigint AS base FROM users',
  );
  const span = 5 * 365 * 86_400_000;
  const end = Date.now();
  // n numbers the member (ids, e-mails, phones); h mixes it so that neighbours differ in every other property.
  const id = "lpad(to_hex(1700000000 + n), 8, '0') || lpad(to_hex(n), 16, '0')";
  const plan = `CASE WHEN h % 5 < 3 THEN (ARRAY['silver', 'gold', 'platinum'])[h / 5 % 3 + 1] END`;
  for (let from = 0; from < users; from += BATCH) {
    const count = Math.min(BATCH, users - from);
    const batchStarted = performance.now();
    let planned = batchStarted;
    await db.transaction(async (tx) => {
      const values = [
        base + from + 1,
        base + from + count,
        FIRST,
        LAST,
        CITIES,
        COUNTRY_CODES,
        DOMAINS,
        end - span,
        span / users,
        from,
      ];
      const members = `
        SELECT n, h, f, l FROM generate_series($1::bigint, $2::bigint) AS n,
          LATERAL (SELECT abs(hashint8(n)::bigint) AS h) mixed,
          LATERAL (SELECT ($3::text[])[h % array_length($3::text[], 1) + 1] AS f,
            ($4::text[])[h / 7 % array_length($4::text[], 1) + 1] AS l) names`;
      await tx.run(
        `INSERT INTO users (id, role, name, surname, email, phone_number, country_code, gender, enabled, is_verified,
           interest_in, height, distance, start_age, end_age, dob, address, plan_product, created_at, updated_at)
         SELECT ${id}, 'user', f, l,
           lower(translate(f || '.' || l, 'üáéíóñ'' ', 'uaeion')) || '.' || n || '@' ||
             ($7::text[])[h / 11 % array_length($7::text[], 1) + 1],
           (7000000000 + n)::text, ($6::text[])[h / 13 % array_length($6::text[], 1) + 1],
           CASE WHEN h % 25 = 0 THEN '' WHEN h % 2 = 0 THEN 'Female' ELSE 'Male' END,
           h % 9 <> 4, h % 3 = 0,
           CASE h / 17 % 3 WHEN 0 THEN 'Men' WHEN 1 THEN 'Women' ELSE 'Everyone' END,
           150 + (h / 19 % 45)::int, 5 + (h / 23 % 95)::int, 18 + (h / 29 % 10)::int, 28 + (h / 31 % 25)::int,
           to_char(date '1960-01-01' + (h / 37 % 16800)::int, 'YYYY-MM-DD') || 'T00:00:00.000Z',
           ($5::text[])[h / 41 % array_length($5::text[], 1) + 1],
           ${plan},
           to_timestamp(($8::double precision + ($10 + n - $1 + 1) * $9::double precision) / 1000),
           to_timestamp(($8::double precision + ($10 + n - $1 + 1) * $9::double precision) / 1000)
         FROM (${members}) m
         ORDER BY n`,
        values,
      );
      planned = performance.now();
      // Written on the users as well (above), as the plans' trigger would: the trigger then finds nothing to change.
      await tx.run(
        `INSERT INTO user_plans (user_id, product_id, status)
         SELECT ${id}, ${plan}, CASE WHEN h % 7 = 0 THEN 'expired' ELSE 'active' END
         FROM generate_series($1::bigint, $2::bigint) AS n, LATERAL (SELECT abs(hashint8(n)::bigint) AS h) mixed
         WHERE h % 5 < 3`,
        [base + from + 1, base + from + count],
      );
    });
    log(
      `  ${(from + count).toLocaleString('en')} users (${Math.round(planned - batchStarted)} ms, their plans ${Math.round(performance.now() - planned)} ms)`,
    );
  }
  const rowids = await db.one<{ first: number | null; last: number | null }>(
    `SELECT min(rowid) AS first, max(rowid) AS last FROM users WHERE rowid > $1`,
    [base],
  );
  let event: ScaleSeed['event'];
  if (eventJoined > 0) {
    const eventId = newId();
    const stamp = now();
    await db.transaction(async (tx) => {
      await tx.run(
        `INSERT INTO events (id, name, venue, date, start_time, end_time, number_of_participants, created_at, updated_at)
         VALUES ($1, $2, 'Town Hall', to_char(now() + interval '30 days', 'YYYY-MM-DD'), '18:00', '23:00', $3, $4, $4)`,
        [eventId, `Summer meetup (${eventJoined.toLocaleString('en')} joined)`, eventJoined, stamp],
      );
      await tx.run(
        `INSERT INTO event_participants (event_id, user_id)
         SELECT $1, id FROM users WHERE rowid > $2 ORDER BY rowid LIMIT $3`,
        [eventId, base, eventJoined],
      );
    });
    event = { id: eventId, joined: eventJoined };
    log(`  one event, ${eventJoined.toLocaleString('en')} joined`);
  }
  // The statistics, and the visibility map as autovacuum would leave it: deep pages are read from the indexes alone.
  const tables = 'users, user_plans, user_counts, events, event_participants';
  await db.run(db.inTransaction ? `ANALYZE ${tables}` : `VACUUM (ANALYZE) ${tables}`);
  return {
    users,
    rowids: [rowids.first ?? 0, rowids.last ?? 0],
    event,
    ms: performance.now() - started,
  };
}
