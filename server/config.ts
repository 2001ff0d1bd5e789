import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { PUBLISHED_DEFAULT_PASSWORD } from '../contract/admin-password';
import { DEFAULT_QUEUE_AMBER_HOURS, DEFAULT_QUEUE_RED_HOURS } from '../contract/review-queue';
import { STRIKE_DAYS_DEFAULT } from '../contract/restrictions';
import { DEFAULT_SESSION_IDLE_MINUTES } from '../contract/sessions';

const flag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value) => (value ? !['0', 'false', 'no', 'off'].includes(value.toLowerCase()) : fallback));

/** Decimal digits only: a blank or "1e3" is refused rather than read as 0 or 1000. */
const whole = (min: number, max: number, fallback: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number)
    .pipe(z.number().min(min).max(max))
    .default(fallback);

/** The admin's password on first start unless ADMIN_PASSWORD says otherwise: published in the README. */
export const DEFAULT_ADMIN_PASSWORD = PUBLISHED_DEFAULT_PASSWORD;

const envSchema = z.object({
  HOST: z
    .string()
    .refine((value) => value === 'localhost' || isIP(value) !== 0, 'must be an IP address or localhost')
    .default('127.0.0.1'),
  PORT: whole(0, 65535, 3000),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .refine((value) => /^postgres(ql)?:\/\//.test(value), 'must be a postgres:// or postgresql:// URL')
    .optional(),
  ADMIN_EMAIL: z.string().email().default('admin@example.com'),
  ADMIN_PASSWORD: z.string().min(6).default(DEFAULT_ADMIN_PASSWORD),
  JWT_SECRET: z.string().min(16).optional(),
  TOKEN_TTL: whole(1, 999_999_999, 12 * 60 * 60),
  SESSION_IDLE_MINUTES: whole(1, 999_999, DEFAULT_SESSION_IDLE_MINUTES),
  SEED_DEMO: flag(true),
  TRUST_PROXY: flag(false),
  TWO_FACTOR_REQUIRED: flag(true),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().default('Admin Console <no-reply@localhost>'),
  PUBLIC_URL: z.string().url().optional(),
  QUEUE_AMBER_HOURS: whole(1, 99_999, DEFAULT_QUEUE_AMBER_HOURS),
  QUEUE_RED_HOURS: whole(1, 99_999, DEFAULT_QUEUE_RED_HOURS),
  STRIKE_DAYS: whole(1, 36_500, STRIKE_DAYS_DEFAULT),
});

export type Config = {
  /** The address to listen on: loopback unless set (0.0.0.0 or :: for every interface, as in a container). */
  host: string;
  port: number;
  dataDir: string;
  /** The PostgreSQL to use; unset, the server starts an embedded one in DATA_DIR/pg. */
  databaseUrl: string | undefined;
  adminEmail: string;
  adminPassword: string;
  /** Whether ADMIN_PASSWORD was set: then a first start holds it to the admin password rule (seed/bootstrap.ts). */
  adminPasswordGiven: boolean;
  jwtSecret: string;
  tokenTtlSeconds: number;
  /** A session unused this long is refused (measured to the minute: see lib/auth.ts). */
  sessionIdleMinutes: number;
  seedDemo: boolean;
  /** Behind one reverse proxy: the client is the last X-Forwarded-For entry, which that proxy appended. */
  trustProxy: boolean;
  /** Whether a new installation requires two-factor of every admin (an Owner changes it later; read on first start). */
  twoFactorRequired: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where links in mails point (the account-deletion confirmation); defaults to http://localhost:PORT. */
  publicUrl: string;
  /** A review queue item's age turns amber after this many hours, and red after queueRedHours (more than amber). */
  queueAmberHours: number;
  queueRedHours: number;
  /** How many days a restriction counts as a strike against the member ('restrictions'). */
  strikeDays: number;
};

/** The secret is kept in DATA_DIR when not given, so tokens survive a restart. */
function persistentSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // `SMTP_URL=` (as an .env file or a compose file writes an unset value) means unset, for every variable alike.
  const set = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
      .join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const values = parsed.data;
  if (values.QUEUE_RED_HOURS <= values.QUEUE_AMBER_HOURS)
    throw new Error('Invalid configuration: QUEUE_RED_HOURS must be more than QUEUE_AMBER_HOURS');
  const dataDir = resolve(values.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    host: values.HOST,
    port: values.PORT,
    dataDir,
    databaseUrl: values.DATABASE_URL,
    adminEmail: values.ADMIN_EMAIL.toLowerCase(),
    adminPassword: values.ADMIN_PASSWORD,
    adminPasswordGiven: set.ADMIN_PASSWORD !== undefined,
    jwtSecret: values.JWT_SECRET ?? persistentSecret(dataDir),
    tokenTtlSeconds: values.TOKEN_TTL,
    sessionIdleMinutes: values.SESSION_IDLE_MINUTES,
    seedDemo: values.SEED_DEMO,
    trustProxy: values.TRUST_PROXY,
    twoFactorRequired: values.TWO_FACTOR_REQUIRED,
    smtpUrl: values.SMTP_URL,
    mailFrom: values.MAIL_FROM,
    publicUrl: (values.PUBLIC_URL ?? `http://localhost:${values.PORT}`).replace(/\/+$/, ''),
    queueAmberHours: values.QUEUE_AMBER_HOURS,
    queueRedHours: values.QUEUE_RED_HOURS,
    strikeDays: values.STRIKE_DAYS,
  };
}

/** Whether only this machine can reach `host`: localhost, 127.0.0.0/8, ::1 or ::ffff:127.x.x.x. */
export function isLoopback(host: string): boolean {
  const address = host.toLowerCase().replace(/^::ffff:(?=\d+\.)/, '');
  return address === 'localhost' || address === '::1' || (isIP(address) === 4 && address.startsWith('127.'));
}
