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
} as const;

/**
 * What a deactivation carries, in the PATCH body's `restriction`: the policy's id, the facts, when a suspension ends
 * (an ISO date and time; null: permanent), and, to withhold the statement, the reason.
 */
export type RestrictionInput = {
  policyId: string;
  facts: string;
  endsAt: string | null;
  withheldReason?: string;
};
