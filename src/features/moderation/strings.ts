import type { CaseStatus } from '@/lib/moderation';

/** Moderation strings (DECISIONS, "Moderation"): the activity screen's filters and the chat reports' cases. */
export const MODERATION_TEXT = {
  // Activity ('activity-log')
  activityTitle: 'Activity',
  action: 'Action',
  recordType: 'Record type',
  admin: 'Admin',
  from: 'From',
  to: 'To',
  everyAction: 'All actions',
  everyRecordType: 'All record types',
  everyAdmin: 'All admins',
  when: 'When',
  record: 'Record',
  summary: 'Summary',
  noActivity: 'No activity',
  loadingActivity: 'Loading activity',
  // Chat Report (SPEC 2.20: its title and four columns)
  chatReportTitle: 'Chat Report',
  reportedBy: 'Reported By',
  reportedTo: 'Reported To',
  reportMessage: 'Report Message',
  reportedAt: 'Reported At',
  noChatReports: 'No chat reports yet',
  // Cases ('report-cases')
  status: 'Status',
  everyStatus: 'All',
  caseActions: 'Action',
  dismiss: 'Dismiss',
  dismissTitle: 'Dismiss this report?',
  dismissMessage: 'The report is closed without action against the reported user.',
  note: 'Note (optional)',
  noteTooLong: 'Note must be at most 1000 characters',
  dismissed: 'Report dismissed',
  deactivateReported: 'Deactivate reported user',
  deactivateTitle: (name: string) => `Deactivate ${name}?`,
  deactivateMessage:
    'They can no longer sign in, and the report is marked Actioned with this reason as its note.',
  reason: 'Reason',
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be at most 500 characters',
  actioned: 'User deactivated and report marked Actioned',
  theReportedUser: 'the reported user',
  cancel: 'Cancel',
  /** The second call of "Deactivate reported user" failed after the first went through. */
  notActioned: (why: string) => `The user was deactivated, but the report is still open: ${why}`,
} as const;

export const CASE_STATUS_COLOUR: Record<CaseStatus, string> = {
  Open: 'orange',
  Actioned: 'green',
  Dismissed: 'gray',
};

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
};

/** How the activity filter names a record type: its own label, or the API's name in words ('blog-category' → 'Blog category'). */
const RECORD_TYPE_LABELS: Record<string, string> = {
  user: 'User',
  admin: 'Admin profile',
  faq: 'FAQ',
  hobbies: 'Hobby',
  mail: 'Mail',
  'chat-report': 'Chat report',
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

export function recordTypeLabel(recordType: string) {
  const words = recordType.replace(/-/g, ' ');
  return RECORD_TYPE_LABELS[recordType] ?? words.charAt(0).toUpperCase() + words.slice(1);
}
