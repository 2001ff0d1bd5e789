/**
 * Admin roles ('roles'): the one table of what each role may do, which the server enforces on every call
 * (contract/api-permissions.ts names each call's permission), the mocks enforce the same way, and the console reads
 * to hide what the role cannot do. An admin has exactly one role.
 */

export const ROLES = ['owner', 'moderator', 'support', 'editor'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Owner',
  moderator: 'Moderator',
  support: 'Support',
  editor: 'Editor',
};

/**
 * Every permission, with what it allows as the refusal says it ("Your role (Support) cannot <what>."). Reading
 * members' personal data is a permission of its own (members.read), and so are the lists that name members
 * elsewhere: who joined an event (events.joined), a mail's recipients (mail.read), the activity log (activity.read).
 */
export const PERMISSIONS = {
  /** The dashboard's two counts, and its figures ('work-dashboard'). */
  'dashboard.read': 'see the dashboard',
  /** The own profile, its update, the own sessions, logout. */
  'profile.own': 'manage your own account',
  /** The reference catalogues' records (university, hobbies, languages, …, report elements, blog categories). */
  'catalogues.read': 'read the catalogues',
  'catalogues.write': 'change the catalogues',
  /** The users list and a user's profile and history: members' personal data. */
  'members.read': "read members' details",
  'members.status': "change a member's status",
  /** The users list as a file: every member at once. */
  'members.export': 'export the members list',
  /** Notes on a member's profile: write, pin and delete one's own ('member-notes'). */
  'members.note': 'write notes on members',
  'reports.read': 'read chat reports',
  /** A case's note, its status left as it is. */
  'reports.note': "write a chat report case's note",
  /** A case's status (Open, Actioned, Dismissed). */
  'reports.decide': 'decide chat report cases',
  'blocks.read': 'read chat blocks',
  'contacts.read': 'read contact messages',
  /** A contact message's status (Open, Handled), and its escalation to the review queue ('contact-status'). */
  'contacts.handle': 'handle contact messages',
  'feedback.read': 'read feedback',
  'activity.read': 'read the activity log',
  /** Sent mail and its recipients (members' names and addresses). */
  'mail.read': 'read sent mail',
  'mail.send': 'send mail',
  /** FAQ, blogs, offers, plans, events, posts and settings as their screens list them. */
  'content.read': 'read the content screens',
  'faq.write': 'change the FAQ',
  'blogs.write': 'change blogs and their categories',
  'offers.write': 'change offers',
  'plans.write': 'change plans',
  'events.write': 'change events',
  /** The members who joined an event. */
  'events.joined': "read an event's joined members",
  'posts.write': 'change posts',
  'settings.write': 'change the settings',
  'admins.manage': 'manage admins',
  /** The review queue and its count ('review-queue'). */
  'queue.read': 'read the review queue',
  /** Claiming and releasing the queue's items. */
  'queue.claim': 'claim review queue items',
  /** The review queue's priority levels, their target times and the rules that pick them ('review-priorities'). */
  'queue.priorities': 'change the review priorities',
  /** The warning and notice templates' library: add, change and delete them ('notice-templates'). */
  'templates.write': 'change the warning and notice templates',
  /** Upholding or reversing a restriction's appeal ('appeals'); never the restricting admin's own. */
  'appeals.decide': 'decide appeals',
} as const;
export type Permission = keyof typeof PERMISSIONS;

const EVERY_ROLE: Permission[] = ['dashboard.read', 'profile.own', 'catalogues.read'];

/** The table: each role's permissions. An Owner may do everything. */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: Object.keys(PERMISSIONS) as Permission[],
  moderator: [
    ...EVERY_ROLE,
    'members.read',
    'members.status',
    'members.note',
    'reports.read',
    'reports.note',
    'reports.decide',
    'blocks.read',
    'activity.read',
    'mail.read',
    'mail.send',
    'queue.read',
    'queue.claim',
    'appeals.decide',
  ],
  support: [
    ...EVERY_ROLE,
    'members.read',
    'members.note',
    'reports.read',
    'reports.note',
    'contacts.read',
    'contacts.handle',
    'feedback.read',
    'queue.read',
  ],
  editor: [
    ...EVERY_ROLE,
    'catalogues.write',
    'content.read',
    'faq.write',
    'blogs.write',
    'offers.write',
    'plans.write',
    'events.write',
    'posts.write',
    'settings.write',
  ],
};

/** Whether `role` may do `permission`; an unknown role may do nothing. */
export function can(role: string | null | undefined, permission: Permission): boolean {
  if (!role || !Object.hasOwn(ROLE_PERMISSIONS, role)) return false;
  return ROLE_PERMISSIONS[role as Role].includes(permission);
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** The refusal's words: "Your role (Support) cannot change a member's status." */
export function refusalMessage(role: Role, permission: Permission): string {
  return `Your role (${ROLE_LABELS[role]}) cannot ${PERMISSIONS[permission]}.`;
}
