import type { Db } from './postgres/db';

/** The fixed-window counters of lib/rate-limit.ts's StoredRateLimiter (rate_limits), keyed by a digest. */

/**
 * Counts an attempt of `key` in its window, opening a new window ending `resetAt` when the last one ended by `at`:
 * one statement, so two processes counting the same key at once both count (the row lock orders them).
 */
export function countAttempt(db: Db, key: string, { resetAt, at }: { resetAt: number; at: number }) {
  return db.one<{ count: number; reset_at: number }>(
    `INSERT INTO rate_limits AS r (key, count, reset_at) VALUES ($1, 1, $2)
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.reset_at <= $3 THEN 1 ELSE r.count + 1 END,
       reset_at = CASE WHEN r.reset_at <= $3 THEN excluded.reset_at ELSE r.reset_at END
     RETURNING count, reset_at`,
    [key, resetAt, at],
  );
}

export async function forgetAttempts(db: Db, key: string): Promise<void> {
  await db.run('DELETE FROM rate_limits WHERE key = $1', [key]);
}

/** Takes back one counted attempt of `key`. */
export async function uncountAttempt(db: Db, key: string): Promise<void> {
  await db.run('UPDATE rate_limits SET count = count - 1 WHERE key = $1 AND count > 0', [key]);
}

/** Removes up to 1,000 windows that ended by `at`. */
export async function removeEndedWindows(db: Db, at: number): Promise<void> {
  await db.run(
    'DELETE FROM rate_limits WHERE key IN (SELECT key FROM rate_limits WHERE reset_at <= $1 LIMIT 1000)',
    [at],
  );
}
