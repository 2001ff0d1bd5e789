import type { CaseStatus } from '@/lib/moderation';

/** The chat reports' strings (SPEC 2.20) and their cases' (DECISIONS, "Moderation"); the activity log's are in activity-strings.ts. */
export const MODERATION_TEXT = {
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
