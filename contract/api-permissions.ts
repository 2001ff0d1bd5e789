import type { Permission } from './roles';

/**
 * The permission each authenticated call needs ('roles'), by its route as the server registers it ('METHOD path',
 * Hono's `:param` syntax). The server refuses to start with a route missing here or an entry that is no route
 * (server/lib/roles.ts), and the mocks refuse calls by the same table. One call needs more than its entry says:
 * PATCH /api/chat-report/case/:reportId that changes the case's status needs 'reports.decide' too.
 */
export const API_PERMISSIONS: Readonly<Record<string, Permission>> = {
  'GET /api/admin/dashboard': 'dashboard.read',
  'GET /api/admin/dashboard/figures': 'dashboard.read',
  'GET /api/user/read': 'profile.own',
  'PATCH /api/admin/profile/update': 'profile.own',
  'POST /api/logout': 'profile.own',
  'GET /api/admin/sessions': 'profile.own',
  'POST /api/admin/sessions/end-others': 'profile.own',
  'DELETE /api/admin/sessions/:id': 'profile.own',
  'POST /api/admin/step-up': 'profile.own',
  'GET /api/admin/two-factor': 'profile.own',
  'POST /api/admin/two-factor/setup': 'profile.own',
  'POST /api/admin/two-factor/confirm': 'profile.own',
  'POST /api/admin/two-factor/recovery-codes': 'profile.own',
  'POST /api/admin/two-factor/disable': 'profile.own',
  /** Whether every admin must use two-factor: the installation's, an Owner's to read and change. */
  'GET /api/admin/security': 'admins.manage',
  'PATCH /api/admin/security': 'admins.manage',

  'GET /api/admin/list': 'members.read',
  'GET /api/user/read/:userId': 'members.read',
  'GET /api/admin/history/:userId': 'members.read',
  'GET /api/admin/list/export': 'members.export',
  'PATCH /api/admin/status/:userId': 'members.status',
  'GET /api/admin/notes/:userId': 'members.read',
  'POST /api/admin/notes/:userId': 'members.note',
  'PATCH /api/admin/notes/:userId/:noteId': 'members.note',
  'DELETE /api/admin/notes/:userId/:noteId': 'members.note',

  'GET /api/chat-report/list': 'reports.read',
  'PATCH /api/chat-report/case/:reportId': 'reports.note',
  'GET /api/chat-block/list': 'blocks.read',
  'GET /api/contact-us/list': 'contacts.read',
  /** A contact message marked Handled or reopened, or escalated to the review queue ('contact-status'). */
  'PATCH /api/contact-us/:id/status': 'contacts.handle',
  'POST /api/contact-us/:id/escalate': 'contacts.handle',
  'GET /api/feedback/list': 'feedback.read',
  'GET /api/activity/list': 'activity.read',
  'GET /api/activity/facets': 'activity.read',

  'GET /api/mail-send/list': 'mail.read',
  'GET /api/mail-send/recipients/:mailId': 'mail.read',
  'POST /api/mail-send/create': 'mail.send',
  'POST /api/mail-send/test': 'mail.send',

  ...catalogue('university', { update: 'update', create: ['create'] }),
  ...catalogue('reportelement', { update: 'update', create: ['create'] }),
  ...catalogue('hobbies', { update: 'update', create: ['create'] }),
  'POST /api/hobbies/create-with-icon': 'catalogues.write',
  'PATCH /api/hobbies/update-with-icon/:id': 'catalogues.write',
  ...catalogue('language', { update: 'update', create: ['create'] }),
  ...catalogue('foodpreference', { update: 'update', create: ['create'] }),
  ...catalogue('religiousbelief', { update: 'update', create: ['create'] }),
  ...catalogue('eventcategory', { update: 'update-with-icon', create: ['create-with-icon'] }),
  'GET /api/event-category/read/:id': 'catalogues.read',
  ...catalogue('lookingfor', { update: 'update', create: ['create-with-icon'] }),
  ...catalogue('blog-category', { update: 'update', create: ['create'] }, 'blogs.write'),
  'GET /api/blog-category/list': 'catalogues.read',

  ...content('faq', 'listAll', 'faq.write'),
  ...content('blog', 'list', 'blogs.write'),
  ...content('offer', 'list', 'offers.write'),
  'GET /api/plan/list': 'content.read',
  'GET /api/plan/read/:id': 'content.read',
  'POST /api/plan/create': 'plans.write',
  'PATCH /api/plan/update/:id': 'plans.write',
  ...content('event', 'list-admin', 'events.write'),
  'GET /api/event/joined/:eventId': 'events.joined',
  ...content('post', 'list', 'posts.write'),
  'GET /api/setting/listAll': 'content.read',
  'GET /api/setting/read/:id': 'content.read',
  'POST /api/setting/create': 'settings.write',
  'PATCH /api/setting/update-with-image/:id': 'settings.write',

  'GET /api/admin/admins': 'admins.manage',
  'POST /api/admin/admins/invite': 'admins.manage',
  'PATCH /api/admin/admins/:id/role': 'admins.manage',
  'PATCH /api/admin/admins/:id/status': 'admins.manage',
  'POST /api/admin/admins/:id/sessions/end': 'admins.manage',
  'POST /api/admin/admins/:id/two-factor/reset': 'admins.manage',

  'GET /api/review-queue/list': 'queue.read',
  'GET /api/review-queue/count': 'queue.read',
  'POST /api/review-queue/claim-next': 'queue.claim',
  'POST /api/review-queue/:id/claim': 'queue.claim',
  'POST /api/review-queue/:id/release': 'queue.claim',
  /** A case's page ('review-cases'): the reports and the member's summary, personal data as a profile is. */
  'GET /api/review-queue/:id/case': 'members.read',
  /** A case's decision; restrict asks for 'members.status' too. */
  'POST /api/review-queue/:id/decide': 'reports.decide',
  /** The priority levels and rules ('review-priorities'): read by whoever reads the queue, set by an Owner. */
  'GET /api/review-queue/levels': 'queue.read',
  'PUT /api/review-queue/levels': 'queue.priorities',
  'GET /api/review-queue/stats': 'queue.read',

  /** The warning and notice templates ('notice-templates'): read by whoever reads the queue, written by an Owner. */
  'GET /api/notice-templates': 'queue.read',
  'GET /api/notice-templates/:id': 'queue.read',
  'POST /api/notice-templates': 'templates.write',
  'PATCH /api/notice-templates/:id': 'templates.write',
  'DELETE /api/notice-templates/:id': 'templates.write',

  /** An appeal and its restriction ('appeals'): a member's personal data, as a profile is. */
  'GET /api/admin/appeals/:id': 'members.read',
  'POST /api/admin/appeals/:id/decide': 'appeals.decide',

  /** What restricting a member acts on ('restrictions'): their restriction in force and Open reports. */
  'GET /api/admin/restrictions/member/:userId': 'members.read',
};

/** A reference catalogue's calls: every role reads them (the screens' choices need them), `write` changes them. */
function catalogue(
  base: string,
  calls: { update: string; create: string[] },
  write: Permission = 'catalogues.write',
): Record<string, Permission> {
  return {
    [`GET /api/${base}/listAll`]: 'catalogues.read',
    [`GET /api/${base}/read/:id`]: 'catalogues.read',
    ...Object.fromEntries(calls.create.map((create) => [`POST /api/${base}/${create}`, write])),
    [`PATCH /api/${base}/${calls.update}/:id`]: write,
    [`DELETE /api/${base}/delete/:id`]: write,
  };
}

/** A content screen's calls: read with content.read, written with the area's permission. */
function content(base: string, list: string, write: Permission): Record<string, Permission> {
  return {
    [`GET /api/${base}/${list}`]: 'content.read',
    [`GET /api/${base}/read/:id`]: 'content.read',
    [`POST /api/${base}/create`]: write,
    [`PATCH /api/${base}/update/:id`]: write,
    [`DELETE /api/${base}/delete/:id`]: write,
  };
}

const PATTERNS = Object.entries(API_PERMISSIONS).map(([route, permission]) => {
  const [method, path] = route.split(' ') as [string, string];
  const pattern = new RegExp(`^${path.replace(/:\w+/g, '[^/]+')}$`);
  return { method, pattern, route, permission };
});

/**
 * The table's entry for a call (its method and path, no query), or undefined. The mocks match calls this way; the
 * server takes the route its router matched.
 */
export function apiPermissionOf(
  method: string,
  path: string,
): { route: string; permission: Permission } | undefined {
  const verb = method.toUpperCase() === 'HEAD' ? 'GET' : method.toUpperCase();
  const found = PATTERNS.find((entry) => entry.method === verb && entry.pattern.test(path));
  return found && { route: found.route, permission: found.permission };
}
