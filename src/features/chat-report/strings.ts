import type { CaseStatus } from '@contract/moderation';

/**
 * The chat reports' strings (SPEC 2.20) and their cases' (DECISIONS, "Moderation"); the case dialogs' are in
 * case-strings.ts, the activity log's in features/activity/strings.ts.
 */
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
  dismissed: 'Report dismissed',
  deactivateReported: 'Deactivate reported user',
  actioned: 'User deactivated and report marked Actioned',
  markActionedUnder: (reference: string) => `Mark actioned under ${reference}`,
  actionedUnderDone: (reference: string) => `Report marked Actioned under ${reference}`,
  // The review queue's Open shows one report ('review-queue')
  backToQueue: 'Back to the review queue',
} as const;

export const CASE_STATUS_COLOUR: Record<CaseStatus, string> = {
  Open: 'orange',
  Actioned: 'green',
  Dismissed: 'gray',
};
