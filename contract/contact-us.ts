/**
 * Contact Us messages' status and escalation ('contact-status'; DECISIONS, "Trust and safety"): a message is Open
 * until an admin marks it Handled (who, when), and may be reopened; "Escalate to the review queue" puts it in a case
 * with a priority level, on the member the sender names when the admin picks one.
 */

/** A contact message's status; existing messages, and every new one, are Open. */
export const CONTACT_STATUSES = ['Open', 'Handled'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** The status call and the escalation's paths under /api, for the message `id`. */
export const CONTACT_ROUTES = {
  status: (id: string) => `contact-us/${id}/status`,
  escalate: (id: string) => `contact-us/${id}/escalate`,
} as const;

/** What the calls answer, and their refusals. */
export const CONTACT_MESSAGES = {
  statusChanged: 'Contact message updated successfully',
  escalated: 'Contact message escalated to the review queue',
  notFound: 'Contact message not found',
  memberNotFound: 'Member not found',
  alreadyEscalated: 'This message is already in the review queue',
} as const;

/** The activity log's summary of a status change: "Open → Handled". */
export const contactStatusSummary = (before: ContactStatus, after: ContactStatus) =>
  before === after ? `${after} (no change)` : `${before} → ${after}`;

/**
 * The activity log's summary of an escalation: "Escalated to the review queue at Critical, on Ann Doe (case 6a…)";
 * the level and the member only when named.
 */
export function contactEscalationSummary({
  level,
  member,
  caseId,
}: {
  level?: string;
  member?: string;
  caseId: string;
}) {
  return [
    'Escalated to the review queue',
    level ? ` at ${level}` : '',
    member ? `, on ${member}` : ', on no member',
    ` (case ${caseId})`,
  ].join('');
}
