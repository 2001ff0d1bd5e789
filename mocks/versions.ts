import { fail } from './http';

/**
 * The reference server's stale-write rule (server/lib/versions.ts): an update sent with `If-Match: "<updatedAt>"` is
 * refused with 409 when the record has been saved since; without the header it saves as before.
 */
export function refuseStaleWrite(request: Request, current: string | undefined): Response | null {
  const header = request.headers.get('if-match');
  if (!header?.trim()) return null;
  const expected = header.split(',').map((tag) =>
    tag
      .trim()
      .replace(/^W\//, '')
      .replace(/^"(.*)"$/, '$1'),
  );
  if (expected.includes('*') || (current !== undefined && expected.includes(current))) return null;
  return fail(
    409,
    'Another admin changed this record after you opened it, so nothing was saved. Reload it to see their changes.',
  );
}

/** Now, or just after the previous version: every save of a record gets a version of its own. */
export function nextVersion(previous: string | undefined): string {
  const before = previous ? Date.parse(previous) : Number.NaN;
  const stamp = Date.now();
  return new Date(Number.isNaN(before) || stamp > before ? stamp : before + 1).toISOString();
}
