import { createHash, randomBytes } from 'node:crypto';
import { APPEAL_LINK_HOURS, APPEAL_MESSAGES as MESSAGE, type AppealDecision } from '../../contract/appeals';
import {
  confirmAppeal,
  decideAppeal as storeDecision,
  findAppeal,
  findAppealable,
  reverseRestriction,
  storeUnconfirmed,
  type AppealRow,
} from '../db/appeals';
import { setMailText } from '../db/mail';
import type { Db } from '../db/postgres/db';
import { endRestriction, reactivateMember, restrictionInForce, type InForceRow } from '../db/restrictions';
import { lockMemberStatus, nameOf } from '../db/users';
import { activityLog } from '../lib/activity';
import { confirmationLink, confirmationMail, decisionMail } from '../lib/appeals';
import { HttpError, notFound } from '../lib/errors';
import { newId, now } from '../lib/ids';
import type { MailQueue } from '../lib/mail-queue';
import { factsAsReason, restrictionText, type Statement } from '../lib/restrictions';

/**
 * Appeals of restrictions ('appeals'): a member's request, mailed a link that confirms it; the confirmation, which opens
 * the appeal; an admin's decision, mailed to the member.
 */

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

const fullName = (name: string | null, surname: string | null) => `${name ?? ''} ${surname ?? ''}`.trim();

/** Thrown inside a request's transaction when the restriction turned out not to be appealable: nothing is stored. */
class NotAppealable extends Error {}

const appealable = (found: Awaited<ReturnType<typeof findAppealable>>) =>
  found?.user_id && (found.appeal_state === null || found.appeal_state === 'unconfirmed')
    ? { ...found, user_id: found.user_id }
    : undefined;

/**
 * The restriction `reference` of the member who had the address `email`, when it may be appealed now: it has no
 * appeal yet, or only an unconfirmed one.
 */
export async function appealableRestriction(db: Db, email: string, reference: string) {
  return appealable(await findAppealable(db, email, reference));
}

/**
 * A request to appeal an appealable restriction: the unconfirmed appeal stored with `statement` (or the unconfirmed
 * one renewed) and a confirmation link mailed to the member, together. Nothing is stored or mailed when the
 * restriction is no longer appealable under its lock (confirmed meanwhile).
 */
export async function requestAppeal(
  { queue, publicUrl }: { queue: MailQueue; publicUrl: string },
  {
    userId,
    email,
    reference,
    statement,
  }: { userId: string; email: string; reference: string; statement: string },
): Promise<void> {
  const token = randomBytes(32).toString('base64url');
  const created = new Date();
  const mail = confirmationMail({ reference, email, link: confirmationLink(publicUrl, token) });
  await queue
    .store({ ...mail, recipients: [userId], kind: 'appeal' }, undefined, async (tx) => {
      // Looked at again under the restriction's lock: a confirmation meanwhile leaves nothing to renew.
      const locked = appealable(await findAppealable(tx, email, reference));
      if (!locked) throw new NotAppealable();
      await storeUnconfirmed(tx, {
        id: newId(),
        restrictionId: locked.id,
        userId: locked.user_id,
        email,
        statement,
        tokenHash: digest(token),
        expiresAt: new Date(created.getTime() + APPEAL_LINK_HOURS * 3600 * 1000).toISOString(),
        createdAt: created.toISOString(),
      });
    })
    .catch((error: unknown) => {
      if (!(error instanceof NotAppealable)) throw error;
    });
}

/**
 * The appeal a confirmation link's `token` names, opened (its review item follows) and logged with no admin; undefined
 * for a token unknown, spent or expired.
 */
export async function openAppeal({ db }: { db: Db }, token: string) {
  const log = activityLog(db);
  return db.transaction(async (tx) => {
    const appeal = await confirmAppeal(tx, digest(token), now());
    if (!appeal) return undefined;
    const row = (await findAppeal(tx, appeal.id))!;
    await log.record(tx, null, {
      action: 'appeal',
      recordType: 'user',
      recordId: row.user_id,
      recordName: fullName(row.member_name, row.member_surname),
      summary: `Appeal of ${row.reference} opened by the member (${restrictionText(row.ends_at)}, citing "${row.policy_name}")`,
      reason: factsAsReason(row.statement),
    });
    return appeal;
  });
}

/**
 * An admin's decision on the open appeal `id`, refused (403) to the admin who made the restriction and (409) for an
 * appeal decided already. A reversal ends the restriction if it is in force (with `liftInForce`, the member's other
 * restriction in force too) and makes the member active again when none is left in force; either outcome is mailed
 * to the member with their state after it and logged. Answers the member's restriction in force after it.
 */
export async function decideAppeal(
  { db, queue }: { db: Db; queue: MailQueue },
  {
    id,
    adminId,
    decision,
    note,
    liftInForce,
  }: { id: string; adminId: string; decision: AppealDecision; note: string; liftInForce: boolean },
): Promise<InForceRow | undefined> {
  const log = activityLog(db);

  /** The refusals, on the row as it is (then again under its lock). */
  const check = (row: AppealRow | undefined): AppealRow => {
    if (!row) throw notFound('Appeal');
    if (row.state === 'upheld' || row.state === 'reversed') throw new HttpError(409, MESSAGE.alreadyDecided);
    if (row.state !== 'open') throw new HttpError(409, MESSAGE.notOpen);
    if (row.restricted_by === adminId) throw new HttpError(403, MESSAGE.ownRestriction);
    return row;
  };
  const first = check(await findAppeal(db, id));

  /** What the decision left: the mail's text, and the member's restriction in force after it. */
  let outcome: { mail: Statement; after: InForceRow | undefined } | undefined;
  // Locks the member first, as a restriction does, then the appeal and its restriction, then the one in force.
  const write = async (tx: Db) => {
    if (first.user_id) await lockMemberStatus(tx, first.user_id);
    const row = check(await findAppeal(tx, id, { lock: true }));
    const inForce = row.user_id ? await restrictionInForce(tx, row.user_id, { lock: true }) : undefined;
    const at = now();
    const admin = await nameOf(tx, adminId);
    await storeDecision(tx, id, {
      state: decision === 'reverse' ? 'reversed' : 'upheld',
      adminId,
      adminName: fullName(admin.name, admin.surname),
      note,
      at,
    });
    let summary: string;
    let ended = false;
    let after = inForce;
    if (decision === 'reverse') {
      ended = await reverseRestriction(tx, row.restriction_id, at);
      const lifted = liftInForce && inForce && inForce.id !== row.restriction_id ? inForce : undefined;
      if (lifted) await endRestriction(tx, lifted.id, 'reversed', at);
      after = inForce && (inForce.id === row.restriction_id || lifted) ? undefined : inForce;
      // The member is active again only when this decision ended what kept them out.
      const member =
        (ended || lifted) && !after && row.user_id ? await reactivateMember(tx, row.user_id, at) : undefined;
      summary = `Appeal of ${row.reference} reversed: ${
        ended ? 'the restriction ended' : `the restriction had already ended (${row.ended_reason ?? 'ended'})`
      }${lifted ? `; ${lifted.reference} in force lifted too` : ''}; ${
        member
          ? member.was_enabled
            ? 'already Active'
            : 'Inactive → Active'
          : after
            ? `still restricted under ${after.reference}`
            : 'unchanged'
      }; the member is told by mail`;
    } else
      summary = `Appeal of ${row.reference} upheld: the restriction stands (${restrictionText(row.ends_at)}); the member is told by mail`;
    await log.record(tx, adminId, {
      action: decision === 'reverse' ? 'appeal-reverse' : 'appeal-uphold',
      recordType: 'user',
      recordId: row.user_id,
      recordName: fullName(row.member_name, row.member_surname),
      summary,
      reason: factsAsReason(note),
    });
    outcome = {
      after,
      mail: decisionMail({
        reference: row.reference,
        memberName: row.member_name ?? '',
        decision,
        note,
        endsAt: row.ends_at,
        ended,
        inForce: after ? { reference: after.reference, endsAt: after.ends_at } : null,
      }),
    };
  };

  // The mail states the member's state after the decision, known only inside the transaction: stored with a
  // placeholder and given its text in the same transaction.
  if (first.user_id)
    await queue.store(
      { title: 'Appeal decided', body: '', recipients: [first.user_id], kind: 'appeal' },
      async (tx, mailId) => setMailText(tx, mailId, outcome!.mail),
      write,
    );
  else await db.transaction(write);
  return outcome!.after;
}
