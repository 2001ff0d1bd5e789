import type { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { API_PERMISSIONS } from '../../contract/api-permissions';
import { can, ROLE_LABELS, ROLES } from '../../contract/roles';
import type { AppEnv } from '../lib/env';
import { checkRouteRules, REFUSALS_LOGGED } from '../lib/roles';
import { ADMIN, adminWithRole, makeServer, restrictionBody } from './harness';

/**
 * Roles ('roles'): every authenticated route, called by an admin of every role, is refused with 403 and one
 * 'refused' entry in the activity log exactly when contract/roles.ts's table says the role lacks the route's
 * permission (contract/api-permissions.ts), and is not refused otherwise.
 */

type Server = Awaited<ReturnType<typeof makeServer>>;

/** The routes that answer before the session check (registered before it in app.ts). */
const PUBLIC = new Set([
  'GET /api/childsafetypolicy',
  'POST /api/login',
  'POST /api/login/two-factor/setup',
  'POST /api/login/two-factor',
  'POST /api/login/two-factor/acknowledge',
  'DELETE /api/user/delete-account/:email',
  'GET /api/user/delete-account/confirm',
  'POST /api/user/delete-account/confirm',
  'GET /api/invitation/:token',
  'POST /api/invitation/accept',
  'POST /api/appeal',
  'POST /api/appeal/confirm',
]);

/** The app's authenticated routes ('METHOD path'), from its route table. */
function authenticatedRoutes(app: Hono<AppEnv>) {
  const routes = app.routes
    .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
    .map((route) => `${route.method} ${route.path}`);
  return [...new Set(routes)].filter((route) => !PUBLIC.has(route));
}

const MISSING = 'ffffffffffffffffffffffff';
const refusals = async (s: Server) =>
  (await s.db.one<{ n: number }>("SELECT count(*) AS n FROM activity WHERE action = 'refused'")).n;
const entryCount = async (s: Server) =>
  (await s.db.one<{ n: number }>('SELECT count(*) AS n FROM activity')).n;

describe('every authenticated route has a rule', () => {
  it('the table names every route the app registers, and no other', async () => {
    const { app } = await makeServer();
    const routes = authenticatedRoutes(app);
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.filter((route) => !Object.hasOwn(API_PERMISSIONS, route))).toEqual([]);
    expect(Object.keys(API_PERMISSIONS).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('a route added without a rule stops the server from starting', async () => {
    const { app } = await makeServer();
    expect(() => checkRouteRules(app, PUBLIC)).not.toThrow();
    app.get('/api/new-thing/list', (c) => c.json({ success: true }));
    expect(() => checkRouteRules(app, PUBLIC)).toThrow('GET /api/new-thing/list has no permission');
  });
});

describe('the whole route table x every role', () => {
  it('refuses a call with 403 and one refused entry exactly when the role lacks its permission', async () => {
    const s = await makeServer({ seedUsers: 2 });
    const routes = authenticatedRoutes(s.app);
    let refusedCalls = 0;
    for (const route of routes) {
      const permission = API_PERMISSIONS[route]!;
      const [method, pattern] = route.split(' ') as [string, string];
      const path = pattern.replace(/:\w+/g, MISSING);
      for (const role of ROLES) {
        // A session of its own for each call: logout and End end the one they are called with.
        const token = (await adminWithRole(s.db, role)).token;
        const before = await refusals(s);
        const answer = await s.call(method, path, { token });
        const label = `${ROLE_LABELS[role]} ${route} (${permission})`;
        if (can(role, permission)) {
          expect(answer.status, `${label}: ${answer.text}`).not.toBe(403);
          expect(answer.status, `${label}: ${answer.text}`).not.toBe(401);
          expect(await refusals(s), label).toBe(before);
        } else {
          refusedCalls += 1;
          expect(answer.status, `${label}: ${answer.text}`).toBe(403);
          expect(answer.body, label).toMatchObject({ success: false, permission });
          expect(answer.body.message, label).toMatch(
            new RegExp(`^Your role \\(${ROLE_LABELS[role]}\\) cannot `),
          );
          expect(await refusals(s), label).toBe(before + 1);
        }
      }
    }
    // Every role but the Owner is refused something.
    expect(refusedCalls).toBeGreaterThan(100);
  });

  it('an Owner is refused nothing, an admin without a role everything', async () => {
    const s = await makeServer();
    const none = await adminWithRole(s.db, null);
    const answer = await s.call('GET', '/api/admin/dashboard', { token: none.token });
    expect(answer.status).toBe(403);
    expect(answer.body.message).toBe('Your account has no role: it cannot do this.');
    expect((await s.call('GET', '/api/admin/dashboard')).status).toBe(200);
  });
});

describe('a refusal', () => {
  it('is logged with the method, the path, the role and the permission, and no query value', async () => {
    const s = await makeServer({ seedUsers: 1 });
    const support = await adminWithRole(s.db, 'support');
    const answer = await s.call('GET', '/api/admin/list/export?search=kenji.sato%40example.com', {
      token: support.token,
    });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({
      success: false,
      message: 'Your role (Support) cannot export the members list.',
      permission: 'members.export',
    });
    const list = await s.call('GET', '/api/activity/list?action=refused');
    const [entry] = list.body.result as { summary: string; recordName: string; admin: { _id: string } }[];
    expect(entry).toMatchObject({
      action: 'refused',
      recordType: 'session',
      recordName: 'GET /api/admin/list/export',
      summary: 'GET /api/admin/list/export refused: the Support role lacks members.export',
      admin: { _id: support.id },
    });
    expect(JSON.stringify(entry)).not.toContain('kenji');
  });

  it('is logged REFUSALS_LOGGED times per session and window, the last saying so; each is still refused', async () => {
    const s = await makeServer();
    const support = await adminWithRole(s.db, 'support');
    const other = await adminWithRole(s.db, 'support');
    for (let i = 0; i < REFUSALS_LOGGED + 5; i += 1)
      expect((await s.call('GET', '/api/admin/list/export', { token: support.token })).status).toBe(403);
    const entries = await s.db.many<{ summary: string }>(
      "SELECT summary FROM activity WHERE action = 'refused' AND admin_id = $1 ORDER BY created_at, id",
      [support.id],
    );
    expect(entries).toHaveLength(REFUSALS_LOGGED);
    expect(entries.at(-1)!.summary).toBe(
      "GET /api/admin/list/export refused: the Support role lacks members.export; this session's further " +
        'refusals in the next 15 minutes are not logged',
    );
    expect(entries.slice(0, -1).every((entry) => !entry.summary.includes('not logged'))).toBe(true);
    // Another session's refusals are its own.
    expect((await s.call('GET', '/api/admin/list/export', { token: other.token })).status).toBe(403);
    expect(await refusals(s)).toBe(REFUSALS_LOGGED + 1);
  });

  it('changes nothing: a refused status change, mail, FAQ or case leaves every record as it was', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const support = await adminWithRole(s.db, 'support');
    const moderator = await adminWithRole(s.db, 'moderator');
    const editor = await adminWithRole(s.db, 'editor');
    const member = await s.db.one<{ id: string }>("SELECT id FROM users WHERE role = 'user' LIMIT 1");
    const report = await s.db.one<{ id: string; status: string }>(
      'SELECT id, status FROM chat_reports LIMIT 1',
    );
    const counts = async () =>
      s.db.one<{ faqs: number; mails: number; enabled: boolean; status: string }>(
        `SELECT (SELECT count(*) FROM faqs) AS faqs, (SELECT count(*) FROM mails) AS mails,
           (SELECT enabled FROM users WHERE id = $1) AS enabled, (SELECT status FROM chat_reports WHERE id = $2) AS status`,
        [member.id, report.id],
      );
    const before = await counts();
    const entries = await entryCount(s);
    const refused = [
      await s.call('PATCH', `/api/admin/status/${member.id}?enabled=false`, {
        token: support.token,
        json: await restrictionBody(s.db),
      }),
      await s.call('PATCH', `/api/admin/status/${member.id}?enabled=false`, {
        token: editor.token,
        json: await restrictionBody(s.db),
      }),
      await s.call('POST', '/api/faq/create', {
        token: moderator.token,
        json: { question: 'Q?', answer: '<p>A</p>', enabled: true },
      }),
      await s.call('POST', '/api/mail-send/create', {
        token: editor.token,
        json: { title: 'News', body: 'Hello', users: [member.id] },
      }),
      await s.call('PATCH', `/api/chat-report/case/${report.id}`, {
        token: support.token,
        json: { status: 'Dismissed', note: 'Spam' },
      }),
    ];
    expect(refused.map((answer) => answer.status)).toEqual([403, 403, 403, 403, 403]);
    expect(refused[4]!.body).toMatchObject({
      message: 'Your role (Support) cannot decide chat report cases.',
      permission: 'reports.decide',
    });
    expect(await counts()).toEqual(before);
    // One refused entry each, and nothing else.
    expect(await entryCount(s)).toBe(entries + 5);
    expect(await refusals(s)).toBe(5);
  });
});

describe("a chat report case's note and status", () => {
  it('Support writes a note while the status stays; a Moderator changes the status', async () => {
    const s = await makeServer({ seedUsers: 3 });
    const support = await adminWithRole(s.db, 'support');
    const moderator = await adminWithRole(s.db, 'moderator');
    const report = await s.db.one<{ id: string; status: string }>(
      'SELECT id, status FROM chat_reports LIMIT 1',
    );
    const noted = await s.call('PATCH', `/api/chat-report/case/${report.id}`, {
      token: support.token,
      json: { status: report.status, note: 'Asked the reporter for a screenshot' },
    });
    expect(noted.status, noted.text).toBe(200);
    expect(noted.body.result).toMatchObject({
      status: report.status,
      note: 'Asked the reporter for a screenshot',
    });
    const decided = await s.call('PATCH', `/api/chat-report/case/${report.id}`, {
      token: moderator.token,
      json: { status: 'Dismissed', note: 'Duplicate' },
    });
    expect(decided.status, decided.text).toBe(200);
    expect(decided.body.result).toMatchObject({ status: 'Dismissed' });
  });
});

describe('a role change', () => {
  it('applies to the same token at its next call', async () => {
    const s = await makeServer({ seedUsers: 1 });
    const admin = await adminWithRole(s.db, 'editor');
    expect((await s.call('GET', '/api/admin/list', { token: admin.token })).status).toBe(403);
    expect((await s.call('GET', '/api/faq/listAll', { token: admin.token })).status).toBe(200);
    await s.db.run("UPDATE users SET admin_role = 'support' WHERE id = $1", [admin.id]);
    expect((await s.call('GET', '/api/admin/list', { token: admin.token })).status).toBe(200);
    const faq = await s.call('GET', '/api/faq/listAll', { token: admin.token });
    expect(faq.status).toBe(403);
    expect(faq.body.message).toBe('Your role (Support) cannot read the content screens.');
  });
});

describe('the sign-in answer and the own profile', () => {
  it('carry the role', async () => {
    const s = await makeServer();
    const signIn = await s.call('POST', '/api/login', { json: { ...ADMIN, isRole: 'admin' }, token: null });
    expect(signIn.body.result).toMatchObject({ role: 'owner' });
    expect((signIn.body.result as { features: string[] }).features).toContain('roles');
    const moderator = await adminWithRole(s.db, 'moderator');
    const own = await s.call('GET', '/api/user/read', { token: moderator.token });
    expect(own.body.result).toMatchObject({ _id: moderator.id, role: 'moderator' });
  });

  it('the first admin (ADMIN_EMAIL) is an Owner', async () => {
    const s = await makeServer();
    const row = await s.db.one<{ admin_role: string }>('SELECT admin_role FROM users WHERE email = $1', [
      ADMIN.email,
    ]);
    expect(row.admin_role).toBe('owner');
  });
});

describe("an event's joined members", () => {
  it('are named to a role that may read them, and counted alone to one that may not', async () => {
    const s = await makeServer({ seedUsers: 30 });
    const editor = await adminWithRole(s.db, 'editor');
    const { id } = await s.db.one<{ id: string }>(
      'SELECT event_id AS id FROM event_participants GROUP BY event_id ORDER BY count(*) DESC LIMIT 1',
    );
    const owner = await s.call('GET', `/api/event/read/${id}`);
    const theirs = await s.call('GET', `/api/event/read/${id}`, { token: editor.token });
    const joined = (answer: typeof owner) =>
      answer.body.result as { joinedUsers: unknown[]; joinedCount: number };
    expect(joined(owner).joinedUsers.length).toBeGreaterThan(0);
    expect(joined(theirs)).toMatchObject({ joinedUsers: [], joinedCount: joined(owner).joinedCount });
    const list = await s.call('GET', '/api/event/list-admin?page=1&items=50', { token: editor.token });
    const rows = list.body.result as { joinedUsers: unknown[]; joinedCount: number }[];
    expect(rows.some((row) => row.joinedCount > 0)).toBe(true);
    expect(rows.every((row) => row.joinedUsers.length === 0)).toBe(true);
  });
});
