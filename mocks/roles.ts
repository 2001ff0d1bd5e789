import { http, HttpResponse } from 'msw';
import { apiPermissionOf } from '@contract/api-permissions';
import { can, refusalMessage, type Permission } from '@contract/roles';
import { recordActivity } from './activity';
import { db } from './db';
import { sessionOf } from './handlers/sessions';
import { apiPath } from './http';
import { offers } from './scenario';

/**
 * Roles ('roles') as the reference server enforces them: the signed-in admin's role (db.admin.role, an Owner unless
 * a test sets another) against contract/roles.ts's table, for the permission contract/api-permissions.ts names for
 * the call. A refusal answers 403 with the role's words. Every 403 answered to the signed-in admin, the role's or
 * another's (`forbid`, the step-up's), logs one 'refused' entry, as the server's do.
 */

/** The 'refused' entry of a 403 answered to the signed-in admin: the call and why. */
export function logRefusal(request: Request, why: string) {
  const path = new URL(request.url).pathname.replace(/^.*?(?=\/api\/)/, '');
  recordActivity({
    action: 'refused',
    recordType: 'session',
    recordId: sessionOf(request)._id,
    recordName: `${request.method} ${path}`,
    summary: `${request.method} ${path} refused: ${why}`,
  });
}

/** The refusal of a call for want of `permission`, logged as the server logs it. */
export function refuse(request: Request, permission: Permission): Response {
  const { role } = db.admin;
  logRefusal(request, `the ${role[0]!.toUpperCase()}${role.slice(1)} role lacks ${permission}`);
  return HttpResponse.json(
    { success: false, message: refusalMessage(role, permission), permission },
    { status: 403 },
  );
}

/** A 403 answered to the signed-in admin for another reason than the role (its message), logged the same way. */
export function forbid(request: Request, message: string): Response {
  logRefusal(request, message);
  return HttpResponse.json({ success: false, message }, { status: 403 });
}

/** Whether the signed-in admin's role may do `permission` (always, where the API does not offer roles). */
export const mayDo = (permission: Permission) => !offers('roles') || can(db.admin.role, permission);

/**
 * Runs before the handlers (after the scenario's): a call with a valid token whose role lacks the call's permission
 * is refused here; anything else goes on to its handler, which checks the token as before.
 */
export const roleHandler = http.all(apiPath('*'), ({ request }) => {
  if (!offers('roles')) return undefined;
  const header = request.headers.get('authorization') ?? '';
  const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  if (!token || !db.tokens.has(token)) return undefined;
  const path = new URL(request.url).pathname.replace(/^.*?(?=\/api\/)/, '');
  const rule = apiPermissionOf(request.method, path);
  if (!rule || can(db.admin.role, rule.permission)) return undefined;
  return refuse(request, rule.permission);
});

/** A test's choice of the mock admin's role; it applies to the next call, as a role changed on the server does. */
export function setMockRole(role: typeof db.admin.role) {
  db.admin.role = role;
}
