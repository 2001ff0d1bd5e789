// `npm run seed:scale -- --users 100000 [--event-joined 20000]`: adds that many synthetic members (and one event that
// many of them joined) to the database the server is configured with (DATABASE_URL, or the embedded PostgreSQL in
// DATA_DIR/pg), after the admin and policy a first start writes. For benchmarks and for trying the console at scale.
import { parseArgs } from 'node:util';
import { loadConfig } from '../server/config';
import { dbOver } from '../server/db/postgres/db';
import { openPostgres } from '../server/db/postgres/open';
import { seedScale } from '../server/seed/scale';

const usage = 'Usage: npm run seed:scale -- --users <N> [--event-joined <M>]';
let users: number;
let eventJoined: number;
try {
  const { values } = parseArgs({
    options: { users: { type: 'string' }, 'event-joined': { type: 'string' } },
    strict: true,
    allowPositionals: false,
  });
  users = Number(values.users?.replaceAll('_', ''));
  eventJoined = Number(values['event-joined']?.replaceAll('_', '') ?? 0);
  if (!Number.isSafeInteger(users) || users < 1)
    throw new Error('--users must be a whole number of 1 or more');
  if (!Number.isSafeInteger(eventJoined) || eventJoined < 0 || eventJoined > users)
    throw new Error('--event-joined must be a whole number, at most --users');
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}

const config = loadConfig();
console.log(
  `Adding ${users.toLocaleString('en')} users${eventJoined ? ` and an event ${eventJoined.toLocaleString('en')} of them joined` : ''} to ${config.databaseUrl ? 'the PostgreSQL of DATABASE_URL' : `the embedded PostgreSQL in ${config.dataDir}/pg`}…`,
);
const postgres = await openPostgres({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
let code = 0;
try {
  const seeded = await seedScale(dbOver(postgres.pool), {
    users,
    eventJoined,
    admin: {
      email: config.adminEmail,
      password: config.adminPassword,
      twoFactorRequired: config.twoFactorRequired,
    },
    log: (line) => console.log(line),
  });
  const total = await postgres.pool.query<{ n: string }>(
    "SELECT coalesce(sum(n), 0) AS n FROM user_counts WHERE role = 'user'",
  );
  console.log(
    `Done in ${(seeded.ms / 1000).toFixed(1)} s: ${Number(total.rows[0]!.n).toLocaleString('en')} users in all${seeded.event ? `; event ${seeded.event.id}` : ''}.`,
  );
} catch (error) {
  console.error(error);
  code = 1;
} finally {
  await postgres.close();
}
process.exit(code);
