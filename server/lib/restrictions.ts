import { randomInt } from 'node:crypto';
import { utcDateTimeText } from '../../contract/dates';
import { REASON_MAX } from '../../contract/moderation';
import {
  FACTS_MAX,
  REFERENCE_PATTERN,
  replacesLine,
  RESTRICTION_MESSAGES as MESSAGE,
  WITHHELD_REASON_MAX,
  type RestrictionInput,
} from '../../contract/restrictions';
import type { Db } from '../db/postgres/db';
import {
  dueRestrictions,
  endOpenRestrictions,
  insertRestriction,
  reactivateMember,
  type RestrictionRow,
} from '../db/restrictions';
import { activityLog } from './activity';
import { HttpError } from './errors';
import { newId } from './ids';
import { freeText } from './validate';

/**
 * Restrictions ('restrictions'): a deactivation that cites a policy (a Report Element) and the facts, for a time or
 * for good, with its statement of reasons (DSA Art. 17(3)), and the sweep that ends a suspension when its time is up.
 */

const facts = freeText('Facts', { max: FACTS_MAX });
const withheld = freeText('The reason for withholding', { max: WITHHELD_REASON_MAX });

/**
 * The body's `restriction` ({ policyId, facts, endsAt, withheldReason?, replaces?, closeReports? }), checked in that
 * order; undefined when the
 * call carries none (a deactivation as SPEC's, or an activation). `at` is now, which a suspension must end after.
 */
export function parseRestriction(value: unknown, at: number): RestrictionInput | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HttpError(400, MESSAGE.policyRequired, { field: 'policyId' });
  const given = value as Record<string, unknown>;
  const policyId = typeof given.policyId === 'string' ? given.policyId.trim() : '';
  if (!policyId) throw new HttpError(400, MESSAGE.policyRequired, { field: 'policyId' });
  if (!/^[0-9a-f]{24}$/.test(policyId))
    throw new HttpError(400, MESSAGE.policyUnknown, { field: 'policyId' });
  const stated = facts.safeParse(given.facts);
  if (!stated.success)
    throw new HttpError(400, given.facts === undefined ? MESSAGE.factsRequired : MESSAGE.factsTooLong, {
      field: 'facts',
    });
  if (!stated.data) throw new HttpError(400, MESSAGE.factsRequired, { field: 'facts' });
  let endsAt: string | null = null;
  if (given.endsAt !== undefined && given.endsAt !== null) {
    const time = typeof given.endsAt === 'string' ? Date.parse(given.endsAt) : NaN;
    if (Number.isNaN(time)) throw new HttpError(400, MESSAGE.endsAtInvalid, { field: 'endsAt' });
    if (time <= at) throw new HttpError(400, MESSAGE.endsAtPast, { field: 'endsAt' });
    endsAt = new Date(time).toISOString();
  }
  let withheldReason: string | undefined;
  if (given.withheldReason !== undefined && given.withheldReason !== null) {
    const reason = withheld.safeParse(given.withheldReason);
    if (!reason.success) throw new HttpError(400, MESSAGE.withheldReasonTooLong, { field: 'withheldReason' });
    if (!reason.data) throw new HttpError(400, MESSAGE.withheldReasonRequired, { field: 'withheldReason' });
    withheldReason = reason.data;
  }
  let replaces: string | undefined;
  if (given.replaces !== undefined && given.replaces !== null) {
    replaces = typeof given.replaces === 'string' ? given.replaces.trim().toUpperCase() : '';
    if (!REFERENCE_PATTERN.test(replaces))
      throw new HttpError(400, MESSAGE.replacesInvalid, { field: 'replaces' });
  }
  if (given.closeReports !== undefined && typeof given.closeReports !== 'boolean')
    throw new HttpError(400, MESSAGE.closeReportsInvalid, { field: 'closeReports' });
  return {
    policyId,
    facts: stated.data,
    endsAt,
    withheldReason,
    replaces,
    closeReports: given.closeReports ?? true,
  };
}

// Without I and O, which a member typing the reference would take for 1 and 0.
const REFERENCE_LETTERS = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A new reference: 'R-' and 8 characters (about 10^12 of them; the table's unique index refuses a repeat). */
export function newReference() {
  let code = '';
  for (let i = 0; i < 8; i += 1) code += REFERENCE_LETTERS[randomInt(REFERENCE_LETTERS.length)];
  return `R-${code}`;
}

/** A time as the statement and the log write it, in the console's date format: '3 Dec 2026, 14:00 UTC'. */
export const utcText = utcDateTimeText;

/** The restriction in words: 'Suspended until 3 Dec 2026, 14:00 UTC' or 'Deactivated permanently'. */
export const restrictionText = (endsAt: string | null) =>
  endsAt ? `Suspended until ${utcText(endsAt)}` : 'Deactivated permanently';

export type Statement = { title: string; body: string };

/**
 * The statement of reasons (DSA Art. 17(3)) mailed to the member: the restriction and its duration (a), the facts
 * and circumstances (b), whether automated means were used (c), the ground: the policy and what it says (e), and the
 * redress open to them (f), with the reference an appeal gives.
 */
export function statementOfReasons(input: {
  reference: string;
  memberName: string;
  policyName: string;
  policyExplanation: string;
  facts: string;
  endsAt: string | null;
  at: string;
  publicUrl: string;
  /** The reference of the restriction this one replaces. */
  replaces?: string;
}): Statement {
  const duration = input.endsAt
    ? `Your account is suspended until ${utcText(input.endsAt)}. It becomes active again by itself at that time.`
    : 'Your account is deactivated permanently: the restriction has no end date.';
  const body = [
    `Dear ${input.memberName || 'member'},`,
    '',
    'We have restricted your account. This is our statement of reasons, as Article 17 of the EU Digital Services Act (Regulation (EU) 2022/2065) requires.',
    '',
    `Reference: ${input.reference}`,
    `Date of the decision: ${utcText(input.at)}`,
    '',
    '1. The restriction and its duration',
    `${duration} While it is restricted you cannot sign in or use the service, and other members cannot see your profile.`,
    ...(input.replaces ? [replacesLine(input.replaces)] : []),
    '',
    '2. Facts and circumstances',
    input.facts,
    '',
    '3. Automated means',
    'No automated means were used: neither to detect this nor to decide on it. A member of our team took the decision.',
    '',
    '4. Ground for the decision',
    `Policy: ${input.policyName}`,
    input.policyExplanation || 'This is against the terms of the service you agreed to.',
    '',
    '5. How to seek redress',
    `You can appeal this decision free of charge: open ${input.publicUrl}/appeal and give your e-mail address and the reference ${input.reference}. Someone other than the person who decided will review it.`,
    'You may also refer the decision to a certified out-of-court dispute settlement body (Article 21 of the Digital Services Act), and you may seek redress before a court under the law of your country. Appealing to us does not affect these rights.',
  ].join('\n');
  return { title: `Your account has been restricted (${input.reference})`, body };
}

/**
 * Records a restriction inside `tx` (the member's row is locked, their status already set, and the caller has checked
 * that the restriction in force, if any, is the one this replaces): that one ends as replaced, the new one is stored
 * with its statement. Retries a repeated reference.
 */
export async function recordRestriction(
  tx: Db,
  row: Omit<RestrictionRow, 'id' | 'reference' | 'statement'>,
  statement: (reference: string) => Statement,
): Promise<{ id: string; reference: string; statement: Statement }> {
  await endOpenRestrictions(tx, row.user_id!, 'replaced', row.created_at);
  for (;;) {
    const reference = newReference();
    const text = statement(reference);
    const id = newId();
    if (await insertRestriction(tx, { ...row, id, reference, statement: text.body }))
      return { id, reference, statement: text };
  }
}

/** The activity entry's reason: the facts, as much of them as a reason holds. */
export const factsAsReason = (text: string) =>
  text.length > REASON_MAX ? `${text.slice(0, REASON_MAX - 1)}…` : text;

export type RestrictionSweeper = {
  /** Sweeps at once, then every `intervalMs`. */
  start(): void;
  /** Stops the interval and waits for a sweep under way. */
  stop(): Promise<void>;
  /** Ends every suspension due at the clock's time; how many it ended. */
  sweep(): Promise<number>;
};

/**
 * Ends suspensions whose time is up: the member is active again and the activity log says so (no admin). Every
 * server process on the database sweeps; a restriction is ended by one UPDATE … WHERE ended_at IS NULL of rows
 * claimed with FOR UPDATE SKIP LOCKED, so two processes never end the same one twice.
 */
export function createRestrictionSweeper({
  db,
  clock = Date.now,
  intervalMs = 60_000,
  batch = 200,
}: {
  db: Db;
  clock?: () => number;
  intervalMs?: number;
  batch?: number;
}): RestrictionSweeper {
  const log = activityLog(db);
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;

  async function sweepBatch(): Promise<number> {
    return db.transaction(async (tx) => {
      const at = new Date(clock()).toISOString();
      const ended = await dueRestrictions(tx, at, batch);
      for (const restriction of ended) {
        const member = restriction.user_id ? await reactivateMember(tx, restriction.user_id, at) : undefined;
        if (!member) continue;
        await log.record(tx, null, {
          action: 'restriction-end',
          recordType: 'user',
          recordId: restriction.user_id,
          recordName: `${member.name} ${member.surname}`.trim(),
          summary: `Suspension ${restriction.reference} ended: its time was up (${utcText(restriction.ends_at!)}); ${member.was_enabled ? 'already Active' : 'Inactive → Active'}`,
        });
      }
      return ended.length;
    });
  }

  async function sweepAll() {
    let total = 0;
    for (;;) {
      const n = await sweepBatch();
      total += n;
      if (n < batch) return total;
    }
  }

  const sweep = () => {
    running ??= sweepAll().finally(() => {
      running = undefined;
    });
    return running;
  };
  const quietly = () => void sweep().catch((error: unknown) => console.error('Restriction sweep:', error));

  return {
    start() {
      if (timer) return;
      quietly();
      timer = setInterval(quietly, intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => 0);
    },
    sweep,
  };
}
