/**
 * Restrictions ('restrictions'): a deactivation that cites a policy (a Report Element) and the facts, for a time or
 * for good, with a statement of reasons mailed to the member (DSA Art. 17(3)) unless an admin withholds it with a
 * reason. The limits and messages the console, the server and the mocks share.
 */

/** The longest statement of facts and circumstances a restriction takes. */
export const FACTS_MAX = 2000;
/** The longest member-facing explanation a policy (a Report Element) takes. */
export const EXPLANATION_MAX = 1000;
/** The longest reason for withholding the statement from the member. */
export const WITHHELD_REASON_MAX = 500;
/** How long a restriction counts as a strike, unless STRIKE_DAYS says otherwise. */
export const STRIKE_DAYS_DEFAULT = 180;

/** A restriction's reference, as the statement gives it to the member for an appeal: 'R-' and 8 characters. */
export const REFERENCE_PATTERN = /^R-[0-9A-HJ-NP-Z]{8}$/;

/** The server's refusals of a restriction (400), and the console's for the same checks. */
export const RESTRICTION_MESSAGES = {
  policyRequired: 'Please choose the policy the restriction cites',
  policyUnknown: 'The policy cited is not a Report Element',
  factsRequired: 'Please state the facts and circumstances',
  factsTooLong: `Facts must be at most ${FACTS_MAX} characters`,
  endsAtInvalid: 'The end of a suspension must be a date and time',
  endsAtPast: 'A suspension must end in the future',
  withheldReasonRequired: 'Please give the reason for withholding the statement',
  withheldReasonTooLong: `The reason for withholding must be at most ${WITHHELD_REASON_MAX} characters`,
  onlyDeactivation: 'A restriction comes with enabled=false only',
  explanationTooLong: `Explanation must be at most ${EXPLANATION_MAX} characters`,
  /** 409: the member has a restriction in force and the request does not say it replaces it. */
  alreadyRestricted: (reference: string) => `This member is already restricted under ${reference}`,
  /** 409: `replaces` (or a case's `underRestriction`) names a restriction that is not the member's in force. */
  notInForce: (reference: string) => `${reference} is not the restriction in force`,
  replacesInvalid: 'The restriction replaced is named by its reference, R- followed by 8 letters and digits',
  closeReportsInvalid: 'closeReports must be true or false',
  underRestrictionActioned: 'A report closed under a restriction is Actioned',
  caseNotOpen: 'This report is no longer open',
} as const;

/** The note a report closed under a restriction gets, unless the admin gives one. */
export const actionedUnderNote = (reference: string) => `Actioned under ${reference}`;
/** The activity entry of a report closed under a restriction. */
export const actionedUnderSummary = (reference: string) => `Open → Actioned (under ${reference})`;
/** The line of a new restriction's statement (section 1) that names the one it replaces. */
export const replacesLine = (reference: string) => `This restriction replaces ${reference}.`;

/** A member's restriction in force, as the 409, the member's look-up and an appeal answer it. */
export type RestrictionInForce = {
  _id: string;
  reference: string;
  policy: { name: string };
  endsAt: string | null;
  createdAt: string;
};

/** How many of a member's Open chat reports the member's look-up lists (newest first). */
export const OPEN_REPORTS_LISTED = 20;

/**
 * What a deactivation carries, in the PATCH body's `restriction`: the policy's id, the facts, when a suspension ends
 * (an ISO date and time; null: permanent), and, to withhold the statement, the reason.
 */
export type RestrictionInput = {
  policyId: string;
  facts: string;
  endsAt: string | null;
  withheldReason?: string;
  /** The reference of the member's restriction in force that this one replaces. */
  replaces?: string;
  /** Whether the member's Open chat reports close as Actioned under the new reference (default true). */
  closeReports?: boolean;
};
