/**
 * The questions and messages of a chat report's case actions ('report-cases'), loaded with them (case-flows.ts); the
 * list's own (the buttons, the successes) are in strings.ts.
 */
export const CASE_TEXT = {
  dismissTitle: 'Dismiss this report?',
  dismissMessage: 'The report is closed without action against the reported user.',
  note: 'Note (optional)',
  noteTooLong: 'Note must be at most 1000 characters',
  deactivateTitle: (name: string) => `Deactivate ${name}?`,
  deactivateMessage:
    'They can no longer sign in, and the report is marked Actioned with this reason as its note.',
  restrictionMessage:
    'They can no longer sign in and are mailed a statement of reasons; the report is marked Actioned under the new restriction.',
  reason: 'Reason',
  reasonRequired: 'Reason is required',
  reasonTooLong: 'Reason must be at most 500 characters',
  theReportedUser: 'the reported user',
  actionedUnderTitle: (reference: string) => `Mark this report actioned under ${reference}?`,
  actionedUnderMessage: (reference: string, until: string | null) =>
    `The reported member is already restricted under ${reference} ${until ? `until ${until}` : 'permanently'}. The report is closed as actioned under it: no second restriction, and no second statement is mailed.`,
  actionedUnderConfirm: 'Mark actioned',
  cancel: 'Cancel',
  /** The second call of "Deactivate reported user" failed after the first went through. */
  notActioned: (why: string) => `The user was deactivated, but the report is still open: ${why}`,
} as const;
