import type { Db } from '../db/postgres/db';
import {
  analyseMembers,
  insertJoinedEvent,
  insertSyntheticMembers,
  insertSyntheticPlans,
  lastUserRowid,
  userRowidsAfter,
  type MemberVariety,
} from '../db/seed';
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
  const base = await lastUserRowid(db);
  const span = 5 * 365 * 86_400_000;
  const variety: MemberVariety = {
    first: FIRST,
    last: LAST,
    cities: CITIES,
    countryCodes: COUNTRY_CODES,
    domains: DOMAINS,
    joinedFrom: Date.now() - span,
    joinedEvery: span / users,
  };
  for (let from = 0; from < users; from += BATCH) {
    const count = Math.min(BATCH, users - from);
    const numbered = { from: base + from + 1, to: base + from + count };
    const batchStarted = performance.now();
    let planned = batchStarted;
    await db.transaction(async (tx) => {
      await insertSyntheticMembers(tx, { ...numbered, before: from }, variety);
      planned = performance.now();
      await insertSyntheticPlans(tx, numbered);
    });
    log(
      `  ${(from + count).toLocaleString('en')} users (${Math.round(planned - batchStarted)} ms, their plans ${Math.round(performance.now() - planned)} ms)`,
    );
  }
  const rowids = await userRowidsAfter(db, base);
  let event: ScaleSeed['event'];
  if (eventJoined > 0) {
    const eventId = newId();
    await db.transaction((tx) =>
      insertJoinedEvent(tx, {
        id: eventId,
        name: `Summer meetup (${eventJoined.toLocaleString('en')} joined)`,
        joined: eventJoined,
        afterRowid: base,
        at: now(),
      }),
    );
    event = { id: eventId, joined: eventJoined };
    log(`  one event, ${eventJoined.toLocaleString('en')} joined`);
  }
  await analyseMembers(db);
  return {
    users,
    rowids: [rowids.first ?? 0, rowids.last ?? 0],
    event,
    ms: performance.now() - started,
  };
}
