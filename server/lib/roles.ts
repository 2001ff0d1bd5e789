import type { Context, Hono, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { API_PERMISSIONS } from '../../contract/api-permissions';
import { can, ROLE_LABELS, isRole, refusalMessage, type Permission } from '../../contract/roles';
import type { Db } from '../db/postgres/db';
import { refusalLog } from './activity';
import type { AppEnv } from './env';
import { HttpError } from './errors';

/**
 * How many refusals one session has logged in its current window. A session that keeps calling what its role may not
 * (a script, a stale tab) logs its first REFUSALS_LOGGED in each REFUSAL_WINDOW_MS, the last saying so, and is refused
 * without an entry after that: the log records the attempt without growing with it. Counted per server process (two
 * processes log at most twice the cap); windows that have ended are dropped as the map grows.
 */
export const REFUSALS_LOGGED = 20;
export const REFUSAL_WINDOW_MS = 15 * 60_000;
export type RefusalCap = { perSession: number; windowMs: number };

function refusalCounts(cap: RefusalCap) {
  const windows = new Map<string, { n: number; endsAt: number }>();
  return {
    count(sessionId: string, at = Date.now()): number {
      if (windows.size >= 10_000)
        for (const [id, window] of windows) if (window.endsAt <= at) windows.delete(id);
      const current = windows.get(sessionId);
      if (current && current.endsAt > at) return (current.n += 1);
      windows.set(sessionId, { n: 1, endsAt: at + cap.windowMs });
      return 1;
    },
  };
}

/**
 * Roles, enforced on every authenticated call ('roles'): each route's permission is its entry in
 * contract/api-permissions.ts, checked after the session (requireAdmin, which reads the admin's role with it) and
 * before anything reads the body. A refusal answers 403 with the role's words.
 *
 * Every 403 answered to a signed-in admin, the role's and any other (a claim of another admin released, another
 * admin's note deleted, an appeal of one's own restriction decided, a step-up asked for), appends one 'refused' entry
 * to the activity log, in one place (`logRefusals`, the middleware around everything after the session): the method,
 * the path (no query: its values may be a member's details) and why (the role and the permission it lacks, or the
 * answer's message).
 */
export function roleGate(
  db: Db,
  cap: RefusalCap = { perSession: REFUSALS_LOGGED, windowMs: REFUSAL_WINDOW_MS },
) {
  // Refusals come in floods (a script with a Support token): group commit keeps each to a share of one statement.
  const refusals = refusalLog(db);
  const logged = refusalCounts(cap);

  /** Why the call was refused, as the entry says it. */
  function reason(c: Context<AppEnv>, error: unknown): string {
    const extra = error instanceof HttpError ? error.extra : {};
    if (typeof extra.permission === 'string') {
      const role = c.get('adminRole');
      return `the ${isRole(role) ? ROLE_LABELS[role] : 'none'} role lacks ${extra.permission}`;
    }
    if (extra.stepUp === true) return 'the password must be confirmed again (step-up)';
    return error instanceof Error && error.message ? error.message : 'forbidden';
  }

  /** Logs the 403 just answered (within the session's cap). */
  async function logRefusal(c: Context<AppEnv>, error: unknown): Promise<void> {
    const nth = logged.count(c.get('sessionId'));
    if (nth > cap.perSession) return;
    const call = `${c.req.method} ${c.req.path}`;
    await refusals.append(c.get('adminId'), {
      action: 'refused',
      recordType: 'session',
      recordId: c.get('sessionId'),
      recordName: call,
      summary:
        `${call} refused: ${reason(c, error)}` +
        (nth === cap.perSession
          ? `; this session's further refusals in the next ${cap.windowMs / 60_000} minutes are not logged`
          : ''),
    });
  }

  /**
   * Around every call after the session is known: a 403 answered, by whatever refused it, is logged once here. Hono
   * answers an error where it is thrown (app.onError), so this sees the answer and the error after `next()`.
   */
  const logRefusals: MiddlewareHandler<AppEnv> = async (c, next) => {
    await next();
    if (c.res.status === 403) await logRefusal(c, c.error);
  };

  /** Refuses the call for want of `permission` (logged by logRefusals, as every 403 is). */
  function refuse(c: Context<AppEnv>, permission: Permission): never {
    const role = c.get('adminRole');
    throw new HttpError(
      403,
      isRole(role) ? refusalMessage(role, permission) : 'Your account has no role: it cannot do this.',
      { permission },
    );
  }

  /** Refuses the call unless the signed-in admin's role may do `permission`. */
  async function demand(c: Context<AppEnv>, permission: Permission): Promise<void> {
    if (!can(c.get('adminRole'), permission)) refuse(c, permission);
  }

  /**
   * The middleware: the route the router matched for this call (its first handler that is no middleware) names the
   * permission. A call no route takes goes on to the API's 404; a route with no entry is refused (createApp checks at
   * start that there is none).
   */
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    const route = matchedRoutes(c).find((matched) => matched.method !== 'ALL');
    if (!route) return next();
    const permission = API_PERMISSIONS[`${route.method} ${route.path}`];
    if (!permission) throw new HttpError(403, 'This call has no permission rule.');
    await demand(c, permission);
    return next();
  };

  return { middleware, logRefusals, demand, refuse };
}

export type RoleGate = ReturnType<typeof roleGate>;

/**
 * The app's authenticated routes ('METHOD path') against the table: a route without a rule, or a rule for no route,
 * stops the server from starting, so a new route cannot be added without its permission.
 */
export function checkRouteRules(app: Hono<AppEnv>, publicRoutes: ReadonlySet<string>): void {
  const routes = new Set(
    app.routes
      .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => !publicRoutes.has(route)),
  );
  const missing = [...routes].filter((route) => !Object.hasOwn(API_PERMISSIONS, route));
  const extra = Object.keys(API_PERMISSIONS).filter((route) => !routes.has(route));
  if (missing.length || extra.length)
    throw new Error(
      `contract/api-permissions.ts and the routes differ: ${[
        ...missing.map((route) => `${route} has no permission`),
        ...extra.map((route) => `${route} is no route`),
      ].join('; ')}`,
    );
}
