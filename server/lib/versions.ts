import type { Context } from 'hono';
import { HttpError } from './errors';

/**
 * Stale-write protection. A record's version is its updatedAt, as every read answers it. An update that sends
 * `If-Match: "<updatedAt>"` is refused with 409 when the record has been saved since; one without the header saves
 * as it always has, so clients that know nothing of versions keep working.
 */
export const STALE_WRITE_MESSAGE =
  'Another admin changed this record after you opened it, so nothing was saved. Reload it to see their changes.';

/** The versions an update was based on (If-Match's entity tags, quotes and W/ removed); undefined without one. */
export function expectedVersions(c: Context): string[] | undefined {
  const header = c.req.header('If-Match');
  if (header === undefined || !header.trim()) return undefined;
  return header
    .split(',')
    .map((tag) =>
      tag
        .trim()
        .replace(/^W\//, '')
        .replace(/^"(.*)"$/, '$1'),
    )
    .filter(Boolean);
}

/** Call inside the update's transaction, with the row as it is now, so that nothing can save in between. */
export function checkVersion(expected: string[] | undefined, current: string) {
  if (expected && !expected.includes('*') && !expected.includes(current))
    throw new HttpError(409, STALE_WRITE_MESSAGE);
}

/**
 * The version an update stamps: now, or one millisecond after the previous version when the clock has not moved on
 * (two saves within a millisecond, or a clock set back), so every save of a row gets a version of its own.
 */
export function nextVersion(previous: string): string {
  const stamp = Date.now();
  const before = Date.parse(previous);
  return new Date(Number.isNaN(before) || stamp > before ? stamp : before + 1).toISOString();
}
