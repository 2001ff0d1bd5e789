/**
 * Step-up ('step-up'; DECISIONS, "Admins as a team"): what cannot be undone or exposes every member asks for the
 * password again once the session's last proof (its sign-in, or a step-up) is older than STEP_UP_MINUTES.
 */
export const STEP_UP_MINUTES = 5;
export const STEP_UP_MS = STEP_UP_MINUTES * 60_000;

/** More writes than this by one session within STEP_UP_MINUTES make a bulk action, which asks for a recent proof. */
export const BULK_WRITES = 50;

/**
 * A mail to more chosen members than this (each counted once) asks for a recent proof, as a mail to All Users does:
 * choosing every member by id reaches them all the same.
 */
export const STEP_UP_RECIPIENTS = 1000;

/** Whether a mail to `users` (ids, or 'all' among them for All Users) asks for a recent proof. */
export const mailAsksForProof = (users: readonly string[]) =>
  users.includes('all') || new Set(users.map((user) => user.trim())).size > STEP_UP_RECIPIENTS;

/** The 403's message; the answer also carries `stepUp: true`. */
export const STEP_UP_MESSAGE = 'Confirm your password to continue.';

/** The calls that do not count as writes of a bulk action: the session's own (sign-out, sessions, the step-up). */
export const countsAsBulkWrite = (method: string, path: string) =>
  ['POST', 'PATCH', 'PUT', 'DELETE'].includes(method.toUpperCase()) &&
  !/^\/api\/(logout|admin\/step-up|admin\/sessions)(\/|$)/.test(path);
