import type { ContactStatus } from '@contract/contact-us';

/** Contact Us with 'contact-status': the status column, its filter, the row actions and the escalation dialog. */
export const CONTACT_TEXT = {
  status: 'Status',
  everyStatus: 'Every status',
  actions: 'Actions',
  markHandled: 'Mark handled',
  reopen: 'Reopen',
  markedHandled: 'Marked handled',
  reopened: 'Reopened',
  handledBy: (name: string, at: string) => `by ${name || 'a former admin'}, ${at}`,
  inQueue: 'In the review queue',
  openCase: 'Open the case',
  escalate: 'Escalate to the review queue',
  escalated: 'Escalated to the review queue',
  escalateTitle: 'Escalate to the review queue',
  escalateIntro: (title: string) => `“${title}” becomes an item of the review queue.`,
  childSafety: 'Child safety',
  childSafetyHint: 'Puts the case at the highest priority level.',
  level: 'Priority level',
  levelByRules: 'As the rules say',
  member: 'Member the message is about',
  memberHint: 'The message joins this member’s open case. Leave empty when it names no member.',
  senderOption: (name: string, email: string) => `${name} (${email}), whose e-mail sent this message`,
  searchMembers: 'Search members by name or e-mail',
  noMember: 'No member',
  cancel: 'Cancel',
  submit: 'Escalate',
} as const;

/** The status badge's colour; its text says the status too. */
export const CONTACT_STATUS_COLOUR: Record<ContactStatus, string> = { Open: 'blue', Handled: 'gray' };
