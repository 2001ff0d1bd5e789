/**
 * Appeals ('appeals'): a restricted member asks for the decision to be reviewed (DSA Art. 20) on the public page
 * /appeal with their e-mail address and the statement's reference, confirmed by a mailed link; an admin other than the
 * one who restricted decides it. The limits, states, decisions and messages the console, the server and the mocks share.
 */

/** The longest statement a member gives with an appeal. */
export const APPEAL_STATEMENT_MAX = 2000;
/** The longest note an admin gives with a decision. */
export const APPEAL_NOTE_MAX = 1000;
/** How long an appeal's confirmation link opens it. */
export const APPEAL_LINK_HOURS = 24;

/** unconfirmed: its link not yet opened; open: waiting for a decision; upheld or reversed: decided. */
export const APPEAL_STATES = ['unconfirmed', 'open', 'upheld', 'reversed'] as const;
export type AppealState = (typeof APPEAL_STATES)[number];

export const APPEAL_STATE_LABELS: Record<AppealState, string> = {
  unconfirmed: 'Not yet confirmed',
  open: 'Open',
  upheld: 'Upheld',
  reversed: 'Reversed',
};

/** uphold: the restriction stands; reverse: it ends and the member is active again. */
export const APPEAL_DECISIONS = ['uphold', 'reverse'] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];

export const APPEAL_DECISION_LABELS: Record<AppealDecision, string> = {
  uphold: 'Uphold',
  reverse: 'Reverse',
};

/** The server's answers and refusals (400 with `field`, 403, 409), and the console's for the same checks. */
export const APPEAL_MESSAGES = {
  emailRequired: 'Please give your e-mail address',
  emailInvalid: 'Please give a valid e-mail address',
  referenceRequired: 'Please give the reference from the statement of reasons',
  referenceInvalid:
    'The reference is R- followed by 8 letters and digits, as the statement of reasons gives it',
  statementRequired: 'Please say why the decision should be reviewed',
  statementTooLong: `Your statement must be at most ${APPEAL_STATEMENT_MAX} characters`,
  /** The same answer to every well-formed request: it never tells whether an account or a restriction exists. */
  requested:
    'Thank you. If the address and the reference match a restriction that can still be appealed, we have e-mailed you a link to confirm your appeal. Please open it within 24 hours.',
  confirmed:
    'Your appeal is open. A member of our team other than the person who decided will review it, and we will e-mail you the outcome.',
  linkInvalid:
    'This link is invalid or has expired, or the appeal is already open. Please send your appeal again if you need to.',
  decisionRequired: 'Please choose to uphold or reverse the restriction',
  noteRequired: 'Please give a note on the decision',
  noteTooLong: `The note must be at most ${APPEAL_NOTE_MAX} characters`,
  ownRestriction: 'You made this restriction, so another admin must decide its appeal.',
  alreadyDecided: 'This appeal has already been decided',
  notOpen: 'This appeal is not confirmed yet, so it cannot be decided',
  upheld: 'Appeal decided: the restriction is upheld',
  reversed: 'Appeal decided: the restriction is reversed and the member is active again',
  /** The reversal ended the appealed restriction (or it had ended), and another one is still in force. */
  reversedStillRestricted: (reference: string) =>
    `Appeal decided: the restriction is reversed; the member is still restricted under ${reference}`,
  liftOnlyOnReverse: 'Only a reversal can lift the restriction in force',
  liftInForceInvalid: 'liftInForce must be true or false',
} as const;

/**
 * The line of every decision mail that states the member's state after the decision: active, or still restricted
 * under a reference until a time (`until`, as the mail writes times) or permanently.
 */
export const memberStateLine = (inForce: { reference: string; until: string | null } | null) =>
  !inForce
    ? 'Your account is active again.'
    : inForce.until
      ? `Your account is still restricted under ${inForce.reference} until ${inForce.until}.`
      : `Your account is still restricted under ${inForce.reference} permanently.`;

/** What a decision answers the admin: upheld, or reversed with the member active again or still restricted. */
export const decisionMessage = (
  decision: 'uphold' | 'reverse',
  stillInForce: { reference: string } | null,
) =>
  decision === 'uphold'
    ? APPEAL_MESSAGES.upheld
    : stillInForce
      ? APPEAL_MESSAGES.reversedStillRestricted(stillInForce.reference)
      : APPEAL_MESSAGES.reversed;
