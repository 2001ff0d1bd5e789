import { plainText } from '@contract/moderation';
import {
  FACTS_MAX,
  RESTRICTION_MESSAGES as MESSAGE,
  STRIKE_DAYS_DEFAULT,
  WITHHELD_REASON_MAX,
  type RestrictionInput,
} from '@contract/restrictions';
import { recordActivity } from './activity';
import { db, nextId, type MockUser } from './db';
import { Refusal } from './rules';

/**
 * Restrictions as the reference server keeps them ('restrictions', server/lib/restrictions.ts): checked in its order
 * and with its words, stored with a reference, ended when their time is up (looked at whenever a member is read),
 * counted as strikes for STRIKE_DAYS' default. The statement is not mailed: the mock API sends no mail.
 */
export type MockRestriction = {
  _id: string;
  reference: string;
  userId: string;
  /** The admin who restricted ('appeals': they may not decide its appeal). */
  adminId?: string;
  policyId: string;
  policyName: string;
  facts: string;
  createdAt: string;
  endsAt: string | null;
  endedAt: string | null;
  /** Why it ended, as the server's `ended_reason` says ('appeals' reads it). */
  endedReason?: 'expired' | 'reactivated' | 'replaced' | 'reversed';
  withheldReason: string | null;
};

const cleaned = (value: unknown) => (typeof value === 'string' ? plainText(value).trim() : undefined);

/** The body's `restriction`, as the server checks it; undefined when there is none. */
export function parseRestriction(value: unknown): RestrictionInput | undefined {
  if (value === undefined) return undefined;
  const given = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const policyId = typeof given.policyId === 'string' ? given.policyId.trim() : '';
  if (!policyId) throw new Refusal(400, MESSAGE.policyRequired, 'policyId');
  if (!(db.catalogues.reportelement ?? []).some((element) => element._id === policyId))
    throw new Refusal(400, MESSAGE.policyUnknown, 'policyId');
  const facts = cleaned(given.facts);
  if (!facts) throw new Refusal(400, MESSAGE.factsRequired, 'facts');
  if (facts.length > FACTS_MAX) throw new Refusal(400, MESSAGE.factsTooLong, 'facts');
  let endsAt: string | null = null;
  if (given.endsAt !== undefined && given.endsAt !== null) {
    const time = typeof given.endsAt === 'string' ? Date.parse(given.endsAt) : NaN;
    if (Number.isNaN(time)) throw new Refusal(400, MESSAGE.endsAtInvalid, 'endsAt');
    if (time <= Date.now()) throw new Refusal(400, MESSAGE.endsAtPast, 'endsAt');
    endsAt = new Date(time).toISOString();
  }
  let withheldReason: string | undefined;
  if (given.withheldReason !== undefined && given.withheldReason !== null) {
    withheldReason = cleaned(given.withheldReason);
    if (!withheldReason) throw new Refusal(400, MESSAGE.withheldReasonRequired, 'withheldReason');
    if (withheldReason.length > WITHHELD_REASON_MAX)
      throw new Refusal(400, MESSAGE.withheldReasonTooLong, 'withheldReason');
  }
  return { policyId, facts, endsAt, withheldReason };
}

const LETTERS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const utcText = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
const nameOf = (user: MockUser) => [user.name, user.surname].filter(Boolean).join(' ');

/** Restricts `user` (deactivated), ending an open restriction of theirs, and logs it as the server does. */
export function restrict(user: MockUser, input: RestrictionInput) {
  const at = new Date().toISOString();
  for (const open of db.restrictions)
    if (open.userId === user._id && !open.endedAt)
      Object.assign(open, { endedAt: at, endedReason: 'replaced' });
  const reference = `R-${Array.from({ length: 8 }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('')}`;
  const policyName = String(
    (db.catalogues.reportelement ?? []).find((element) => element._id === input.policyId)?.message ?? '',
  );
  db.restrictions.push({
    _id: nextId(),
    reference,
    userId: user._id,
    adminId: db.admin._id,
    policyId: input.policyId,
    policyName,
    facts: input.facts,
    createdAt: at,
    endsAt: input.endsAt,
    endedAt: null,
    withheldReason: input.withheldReason ?? null,
  });
  user.enabled = false;
  user.updatedAt = at;
  recordActivity({
    action: 'restrict',
    recordType: 'user',
    recordId: user._id,
    recordName: nameOf(user),
    summary: `${input.endsAt ? `Suspended until ${utcText(input.endsAt)}` : 'Deactivated permanently'}, citing "${policyName}" (${reference}); ${
      input.withheldReason ? `statement withheld: ${input.withheldReason}` : 'statement of reasons mailed'
    }`,
    reason: input.facts,
  });
}

/** An admin activated the member: their open restriction ends without a later end by time. */
export function endOnActivation(userId: string) {
  const at = new Date().toISOString();
  for (const open of db.restrictions)
    if (open.userId === userId && !open.endedAt)
      Object.assign(open, { endedAt: at, endedReason: 'reactivated' });
}

/** Ends the suspensions whose time is up: the member is active again, logged with no admin. */
export function sweepRestrictions() {
  const now = Date.now();
  for (const restriction of db.restrictions) {
    if (restriction.endedAt || !restriction.endsAt || Date.parse(restriction.endsAt) > now) continue;
    restriction.endedAt = new Date(now).toISOString();
    restriction.endedReason = 'expired';
    const user = db.users.find((item) => item._id === restriction.userId);
    if (!user) continue;
    const was = user.enabled;
    user.enabled = true;
    recordActivity(
      {
        action: 'restriction-end',
        recordType: 'user',
        recordId: user._id,
        recordName: nameOf(user),
        summary: `Suspension ${restriction.reference} ended: its time was up (${utcText(restriction.endsAt)}); ${was ? 'already Active' : 'Inactive → Active'}`,
      },
      { signedIn: false },
    );
  }
}

/** A member's active strikes: their restrictions within STRIKE_DAYS' default. */
export function strikesOf(userId: string) {
  const since = Date.now() - STRIKE_DAYS_DEFAULT * 86_400_000;
  return db.restrictions.filter(
    (restriction) => restriction.userId === userId && Date.parse(restriction.createdAt) > since,
  ).length;
}
