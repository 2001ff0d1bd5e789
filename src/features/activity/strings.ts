/** The activity log's strings (DECISIONS, "Moderation"): its screen, its filters, and the names of actions and record types. */
export const ACTIVITY_TEXT = {
  activityTitle: 'Activity',
  action: 'Action',
  recordType: 'Record type',
  admin: 'Admin',
  from: 'From',
  to: 'To',
  anyDay: 'Any day',
  everyAction: 'All actions',
  everyRecordType: 'All record types',
  everyAdmin: 'All admins',
  when: 'When',
  record: 'Record',
  summary: 'Summary',
  noActivity: 'No activity',
  loadingActivity: 'Loading activity',
  reason: 'Reason',
  unknownAdmin: 'Unknown',
} as const;

/**
 * Who made an entry no admin made, by its action: a member through the public appeal form, someone at the sign-in
 * form, or the server itself (a suspension whose time ran out).
 */
const ACTORS_WITHOUT_ADMIN: Record<string, string> = {
  appeal: 'Member, appeal form',
  'sign-in-failed': 'Unknown, sign-in form',
};
const SYSTEM = 'System';

export const actorWithoutAdmin = (action: string) => ACTORS_WITHOUT_ADMIN[action] ?? SYSTEM;

/** How the activity filter names each action. */
export const ACTION_LABELS: Record<string, string> = {
  create: 'Created',
  update: 'Updated',
  delete: 'Deleted',
  activate: 'Activated',
  deactivate: 'Deactivated',
  send: 'Mail sent',
  'test-send': 'Test mail sent',
  password: 'Password changed',
  case: 'Report case changed',
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in refused',
  'sign-out': 'Signed out',
  'session-end': 'Session ended',
  export: 'Exported',
  'step-up': 'Password confirmed',
  'two-factor': 'Two-factor changed',
  refused: 'Refused',
  role: 'Role changed',
  note: 'Note on a member',
  claim: 'Claimed',
  release: 'Released',
  restrict: 'Restricted',
  'restriction-end': 'Suspension ended',
  appeal: 'Appeal opened',
  'appeal-uphold': 'Appeal upheld',
  'appeal-reverse': 'Appeal reversed',
  'contact-status': 'Contact message status changed',
  'contact-escalate': 'Contact message escalated',
};

/** How the activity filter names a record type: its own label, or the API's name in words ('blog-category' → 'Blog category'). */
const RECORD_TYPE_LABELS: Record<string, string> = {
  user: 'User',
  admin: 'Admin profile',
  faq: 'FAQ',
  hobbies: 'Hobby',
  mail: 'Mail',
  'chat-report': 'Chat report',
  contact: 'Contact message',
  'user-list': 'Users list',
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

export function recordTypeLabel(recordType: string) {
  const words = recordType.replace(/-/g, ' ');
  return RECORD_TYPE_LABELS[recordType] ?? words.charAt(0).toUpperCase() + words.slice(1);
}
