import { z } from 'zod';
import {
  APPEAL_DECISIONS,
  APPEAL_LINK_HOURS,
  APPEAL_MESSAGES as MESSAGE,
  APPEAL_NOTE_MAX,
  APPEAL_STATEMENT_MAX,
  memberStateLine,
  type AppealDecision,
} from '../../contract/appeals';
import { plainText } from '../../contract/moderation';
import { REFERENCE_PATTERN } from '../../contract/restrictions';
import { HttpError } from './errors';
import { restrictionText, utcText } from './restrictions';

/**
 * Appeals ('appeals'): the checks of a member's request and of an admin's decision, and the mails the member gets
 * (the confirmation link, the outcome).
 */

const refuse = (message: string, field: string) => new HttpError(400, message, { field });

/** Text as a reason keeps it (plainText), trimmed; undefined for anything but a string. */
const cleaned = (value: unknown) => (typeof value === 'string' ? plainText(value).trim() : undefined);

const address = z.email().max(254);

/**
 * A request's body { email, reference, statement }, checked in that order: the address lowercased, the reference
 * uppercased (a member may type it in either case), the statement as plain text.
 */
export function parseAppealRequest(body: Record<string, unknown>) {
  const email = cleaned(body.email)?.toLowerCase();
  if (!email) throw refuse(MESSAGE.emailRequired, 'email');
  if (!address.safeParse(email).success) throw refuse(MESSAGE.emailInvalid, 'email');
  const reference = cleaned(body.reference)?.toUpperCase();
  if (!reference) throw refuse(MESSAGE.referenceRequired, 'reference');
  if (!REFERENCE_PATTERN.test(reference)) throw refuse(MESSAGE.referenceInvalid, 'reference');
  const statement = cleaned(body.statement);
  if (!statement) throw refuse(MESSAGE.statementRequired, 'statement');
  if (statement.length > APPEAL_STATEMENT_MAX) throw refuse(MESSAGE.statementTooLong, 'statement');
  return { email, reference, statement };
}

/**
 * A decision's body { decision, note, liftInForce? }: liftInForce (a reversal only) also ends the member's restriction
 * in force when it is not the one appealed.
 */
export function parseDecision(body: Record<string, unknown>): {
  decision: AppealDecision;
  note: string;
  liftInForce: boolean;
} {
  const decision = APPEAL_DECISIONS.find((one) => one === body.decision);
  if (!decision) throw refuse(MESSAGE.decisionRequired, 'decision');
  const note = cleaned(body.note);
  if (!note) throw refuse(MESSAGE.noteRequired, 'note');
  if (note.length > APPEAL_NOTE_MAX) throw refuse(MESSAGE.noteTooLong, 'note');
  if (body.liftInForce !== undefined && typeof body.liftInForce !== 'boolean')
    throw refuse(MESSAGE.liftInForceInvalid, 'liftInForce');
  const liftInForce = body.liftInForce === true;
  if (liftInForce && decision !== 'reverse') throw refuse(MESSAGE.liftOnlyOnReverse, 'liftInForce');
  return { decision, note, liftInForce };
}

/** The link that confirms an appeal: the console's public page, which sends the token back. */
export const confirmationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/appeal/confirm?token=${token}`;

export function confirmationMail(input: { reference: string; email: string; link: string }) {
  return {
    title: `Confirm your appeal (${input.reference})`,
    body: [
      `We received an appeal against the restriction ${input.reference} of the account of ${input.email}.`,
      '',
      `To send your appeal to our team, open this link within ${APPEAL_LINK_HOURS} hours and confirm on the page it opens:`,
      input.link,
      '',
      'If you did not send this appeal, ignore this message: nothing will change.',
    ].join('\n'),
  };
}

/**
 * The outcome, as DSA Art. 20(4) and (5) ask: the decision, the member's state after it (active, or the restriction
 * still in force: `inForce`), its reasons (the note), and the redress still open.
 */
export function decisionMail(input: {
  reference: string;
  memberName: string;
  decision: AppealDecision;
  note: string;
  endsAt: string | null;
  /** Whether the reversal ended the appealed restriction (it was still in force). */
  ended: boolean;
  inForce: { reference: string; endsAt: string | null } | null;
}) {
  const outcome =
    input.decision === 'reverse'
      ? `We have reversed the decision.${input.ended ? ' The restriction has ended.' : ''}`
      : `We have upheld the decision: the restriction stays as it was (${restrictionText(input.endsAt)}).`;
  const state = memberStateLine(
    input.inForce
      ? {
          reference: input.inForce.reference,
          until: input.inForce.endsAt ? utcText(input.inForce.endsAt) : null,
        }
      : null,
  );
  const redress =
    input.decision === 'reverse'
      ? []
      : [
          '',
          'You may still refer the decision to a certified out-of-court dispute settlement body (Article 21 of the Digital Services Act), and you may seek redress before a court under the law of your country.',
        ];
  return {
    title: `Your appeal has been decided (${input.reference})`,
    body: [
      `Dear ${input.memberName || 'member'},`,
      '',
      `A member of our team who did not take the original decision has reviewed your appeal against the restriction ${input.reference}.`,
      '',
      outcome,
      state,
      '',
      'The reasons for this decision:',
      input.note,
      ...redress,
    ].join('\n'),
  };
}
