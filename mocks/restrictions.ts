import { utcDateTimeText } from '@contract/dates';
import { plainText } from '@contract/moderation';
import {
  actionedUnderNote,
  actionedUnderSummary,
  FACTS_MAX,
  REFERENCE_PATTERN,
  RESTRICTION_MESSAGES as MESSAGE,
  STRIKE_DAYS_DEFAULT,
  WITHHELD_REASON_MAX,
  type RestrictionInForce,
  type RestrictionInput,
} from '@contract/restrictions';
import { recordActivity } from './activity';
import { db, nextId, type MockUser } from './db';
import type { MockChatReport } from './moderation-fixtures';
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
  /** The chat reports closed as Actioned under it (the server's chat_reports.restriction_id). */
  closedReports?: string[];
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
  let replaces: string | undefined;
  if (given.replaces !== undefined && given.replaces !== null) {
    replaces = typeof given.replaces === 'string' ? given.replaces.trim().toUpperCase() : '';
    if (!REFERENCE_PATTERN.test(replaces)) throw new Refusal(400, MESSAGE.replacesInvalid, 'replaces');
  }
  if (given.closeReports !== undefined && typeof given.closeReports !== 'boolean')
    throw new Refusal(400, MESSAGE.closeReportsInvalid, 'closeReports');
  return { policyId, facts, endsAt, withheldReason, replaces, closeReports: given.closeReports ?? true };
}

/** The member's restriction in force (suspensions whose time is up ended first), if any. */
export function inForceOf(userId: string | null | undefined) {
  if (!userId) return undefined;
  sweepRestrictions();
  return db.restrictions.find((restriction) => restriction.userId === userId && !restriction.endedAt);
}

export const inForceAnswer = (restriction: MockRestriction | undefined): RestrictionInForce | null =>
  restriction
    ? {
        _id: restriction._id,
        reference: restriction.reference,
        policy: { name: restriction.policyName },
        endsAt: restriction.endsAt,
        createdAt: restriction.createdAt,
      }
    : null;

/** The reported member of a chat report: the thread's participant other than the reporter. */
export const reportedIn = (report: MockChatReport) =>
  report.thread.user_id.find((participant) => participant._id !== report.user)?._id;

/** The restriction a report was closed under, if any. */
export const actionedUnder = (report: MockChatReport) =>
  db.restrictions.find((restriction) => restriction.closedReports?.includes(report._id))?.reference ?? null;

/** The member's Open chat reports, newest first. */
export const openReportsOf = (userId: string) =>
  db.chatReports
    .filter((report) => report.status === 'Open' && reportedIn(report) === userId)
    .sort((a, b) => (a.created !== b.created ? (a.created < b.created ? 1 : -1) : a._id < b._id ? 1 : -1));

/** Closes an Open report as Actioned under `restriction`, with `note` (or the default), logged as the server does. */
export function closeUnder(report: MockChatReport, restriction: MockRestriction, note?: string) {
  Object.assign(report, {
    status: 'Actioned',
    note: note || actionedUnderNote(restriction.reference),
    handledBy: { _id: db.admin._id, name: `${db.admin.name} ${db.admin.surname}` },
    handledAt: new Date().toISOString(),
  });
  restriction.closedReports = [...(restriction.closedReports ?? []), report._id];
  recordActivity({
    action: 'case',
    recordType: 'chat-report',
    recordId: report._id,
    recordName: report.message,
    summary: actionedUnderSummary(restriction.reference),
    reason: report.note,
  });
}

const LETTERS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';
const utcText = utcDateTimeText;
const nameOf = (user: MockUser) => [user.name, user.surname].filter(Boolean).join(' ');

/**
 * Restricts `user` (deactivated) and logs it as the server does: refused (409) while another restriction is in force
 * unless the input replaces it; by default closes the member's Open chat reports under the new reference.
 */
export function restrict(user: MockUser, input: RestrictionInput) {
  const inForce = inForceOf(user._id);
  if (input.replaces !== undefined && input.replaces !== inForce?.reference)
    throw new Refusal(409, MESSAGE.notInForce(input.replaces), undefined, {
      inForce: inForceAnswer(inForce),
    });
  if (inForce && input.replaces === undefined)
    throw new Refusal(409, MESSAGE.alreadyRestricted(inForce.reference), undefined, {
      inForce: inForceAnswer(inForce),
    });
  const at = new Date().toISOString();
  if (inForce) Object.assign(inForce, { endedAt: at, endedReason: 'replaced' });
  const reference = `R-${Array.from({ length: 8 }, () => LETTERS[Math.floor(Math.random() * LETTERS.length)]).join('')}`;
  const policyName = String(
    (db.catalogues.reportelement ?? []).find((element) => element._id === input.policyId)?.message ?? '',
  );
  const made: MockRestriction = {
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
  };
  db.restrictions.push(made);
  user.enabled = false;
  user.updatedAt = at;
  recordActivity({
    action: 'restrict',
    recordType: 'user',
    recordId: user._id,
    recordName: nameOf(user),
    summary: `${input.endsAt ? `Suspended until ${utcText(input.endsAt)}` : 'Deactivated permanently'}, citing "${policyName}" (${reference}${inForce ? `, replacing ${inForce.reference}` : ''}); ${
      input.withheldReason ? `statement withheld: ${input.withheldReason}` : 'statement of reasons mailed'
    }`,
    reason: input.facts,
  });
  const toClose = input.closeReports === false ? [] : openReportsOf(user._id);
  for (const report of toClose) closeUnder(report, made);
  return { reference, closed: toClose.length };
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

/**
 * A member's active strikes: their restrictions within STRIKE_DAYS' default, but those reversed on appeal, which
 * `strikesReversed` counts.
 */
export function strikesOf(userId: string) {
  const since = Date.now() - STRIKE_DAYS_DEFAULT * 86_400_000;
  const recent = db.restrictions.filter(
    (restriction) => restriction.userId === userId && Date.parse(restriction.createdAt) > since,
  );
  const reversed = recent.filter(
    (restriction) =>
      restriction.endedReason === 'reversed' ||
      db.appeals.some((appeal) => appeal.restrictionId === restriction._id && appeal.state === 'reversed'),
  ).length;
  return { strikes: recent.length - reversed, strikesReversed: reversed };
}
