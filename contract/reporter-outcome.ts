import { utcDateTimeText } from './dates';

/**
 * The reporter told ('reporter-outcome'; DSA Art. 16(5) and (6), DECISIONS "Trust and safety"): when a chat report
 * is decided, its reporter is mailed the outcome and the redress open to them (Art. 20 and 21), never the decision's
 * private facts: no facts, no note, no restriction or its reference or end, nothing of the reported member that the
 * reporter did not give us. The reference server builds the mail from this text alone.
 */

/** A report's decided statuses, each an outcome the reporter is told. */
export const REPORTER_OUTCOMES = ['Actioned', 'Dismissed'] as const;
export type ReporterOutcome = (typeof REPORTER_OUTCOMES)[number];

/** How long after the decision the reporter may ask for it to be reviewed (DSA Art. 20(1): at least six months). */
export const REVIEW_MONTHS = 6;

export const REPORTER_OUTCOME_TEXT = {
  title: 'We have decided on your report',
  /** What each outcome tells: action taken against what was reported, or none. */
  outcome: {
    Actioned:
      'We found that what you reported breaks our rules, and we have taken action against the content or the member you reported.',
    Dismissed:
      'We found that what you reported does not break our rules, so we have taken no action against the content or the member you reported.',
  } satisfies Record<ReporterOutcome, string>,
  privacy:
    'To protect the privacy of everyone involved, we do not share the details of the decision or of any action taken.',
  automated:
    'No automated means were used: neither to process your report nor to decide on it. A member of our team took the decision.',
  redressHeading: 'If you disagree',
  review: (reportId: string) =>
    `You can ask us to review this decision, free of charge, within ${REVIEW_MONTHS} months of this message: write to us through Contact Us in the app, giving the report number ${reportId}, and say why you disagree. A member of our team will review the decision and tell you the outcome.`,
  outOfCourt:
    'You may also refer the decision to a certified out-of-court dispute settlement body (Article 21 of the Digital Services Act), and you may seek redress before a court under the law of your country. Asking us to review it does not affect these rights.',
} as const;

/**
 * The mail to a report's reporter once it is decided: the report (its number and when it was sent, which the reporter
 * knows), the outcome, that no automated means were used (Art. 16(6)), and the redress: a review by us (Art. 20),
 * an out-of-court body (Art. 21) and the courts. Times as every mail writes them (contract/dates.ts, UTC).
 */
export function reporterOutcomeMail(input: {
  /** The reporter's first name as the account gives it ('' for none). */
  reporterName: string;
  reportId: string;
  /** When the report was sent, and when it was decided (ISO). */
  reportedAt: string;
  decidedAt: string;
  outcome: ReporterOutcome;
}): { title: string; body: string } {
  const text = REPORTER_OUTCOME_TEXT;
  return {
    title: text.title,
    body: [
      `Dear ${input.reporterName.trim() || 'member'},`,
      '',
      `Thank you for your report of ${utcDateTimeText(input.reportedAt)}. We have reviewed it and decided on ${utcDateTimeText(input.decidedAt)}.`,
      '',
      `Report number: ${input.reportId}`,
      '',
      text.outcome[input.outcome],
      text.privacy,
      '',
      text.automated,
      '',
      text.redressHeading,
      text.review(input.reportId),
      text.outOfCourt,
    ].join('\n'),
  };
}
