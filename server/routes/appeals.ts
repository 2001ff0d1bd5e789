import { createHash, randomBytes } from 'node:crypto';
import type { Hono } from 'hono';
import { APPEAL_LINK_HOURS, APPEAL_MESSAGES as MESSAGE, decisionMessage } from '../../contract/appeals';
import {
  confirmAppeal,
  decideAppeal,
  findAppeal,
  findAppealable,
  reverseRestriction,
  storeUnconfirmed,
  type AppealRow,
} from '../db/appeals';
import type { Db } from '../db/postgres/db';
import {
  endRestriction,
  inForceAnswer,
  reactivateMember,
  restrictionInForce,
  type InForceRow,
} from '../db/restrictions';
import { setMailText } from '../db/mail';
import { lockMemberStatus } from '../db/users';
import { activityLog } from '../lib/activity';
import {
  confirmationLink,
  confirmationMail,
  decisionMail,
  parseAppealRequest,
  parseDecision,
} from '../lib/appeals';
import { jsonBody, shortJsonLimit } from '../lib/body';
import type { AppEnv } from '../lib/env';
import { HttpError, notFound } from '../lib/errors';
import { newId, now, parseId } from '../lib/ids';
import type { MailQueue } from '../lib/mail-queue';
import { memberRef } from '../lib/members';
import { clientAddress, StoredRateLimiter } from '../lib/rate-limit';
import { factsAsReason, restrictionText, type Statement } from '../lib/restrictions';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** Thrown inside a request's transaction when the restriction turned out not to be appealable: nothing is stored. */
class NotAppealable extends Error {}

const fullName = (name: string | null, surname: string | null) => `${name ?? ''} ${surname ?? ''}`.trim();

/**
 * The public side of appeals ('appeals'): POST /api/appeal { email, reference, statement } answers the same to every
 * well-formed request, and mails a confirmation link when the address and the reference name a restriction of a member
 * that has no confirmed appeal yet; POST /api/appeal/confirm { token } opens the appeal (its review item, an activity
 * entry with no admin).
 */
export function registerPublicAppealRoutes(
  app: Hono<AppEnv>,
  { db, queue, publicUrl, trustProxy }: { db: Db; queue: MailQueue; publicUrl: string; trustProxy: boolean },
) {
  const log = activityLog(db);
  const requests = new StoredRateLimiter(db, 'appeal-request', 5, 60 * 60 * 1000);
  const confirmations = new StoredRateLimiter(db, 'appeal-confirm', 20, 60 * 60 * 1000);
  const tooMany = (wait: number) =>
    new HttpError(429, 'Too many requests. Try again later.', {}, { 'Retry-After': String(wait) });

  app.post('/api/appeal', shortJsonLimit, async (c) => {
    const { email, reference, statement } = parseAppealRequest(await jsonBody(c));
    const wait = await requests.hit(`address:${clientAddress(c, trustProxy)}`);
    if (wait) throw tooMany(wait);
    const appealable = (found: Awaited<ReturnType<typeof findAppealable>>) =>
      found?.user_id && (found.appeal_state === null || found.appeal_state === 'unconfirmed')
        ? { ...found, user_id: found.user_id }
        : undefined;
    const restriction = appealable(await findAppealable(db, email, reference));
    // The member's own allowance of links is counted by the requests that match their restriction only, so made-up
    // references cannot use it up; past it, nothing is mailed and the answer stays the same.
    if (restriction && !(await requests.hit(`email:${email}`))) {
      const token = randomBytes(32).toString('base64url');
      const created = new Date();
      const mail = confirmationMail({ reference, email, link: confirmationLink(publicUrl, token) });
      await queue
        .store({ ...mail, recipients: [restriction.user_id], kind: 'appeal' }, undefined, async (tx) => {
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
    return c.json({ success: true, message: MESSAGE.requested });
  });

  app.post('/api/appeal/confirm', shortJsonLimit, async (c) => {
    const body = await jsonBody(c);
    const wait = await confirmations.hit(`address:${clientAddress(c, trustProxy)}`);
    if (wait) throw tooMany(wait);
    const token = typeof body.token === 'string' && /^[\w-]{20,100}$/.test(body.token) ? body.token : '';
    const opened =
      token &&
      (await db.transaction(async (tx) => {
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
      }));
    if (!opened) throw new HttpError(400, MESSAGE.linkInvalid, { field: 'token' });
    return c.json({ success: true, message: MESSAGE.confirmed });
  });
}

/**
 * The admin side ('appeals'): GET /api/admin/appeals/:id, an appeal with its restriction; POST
 * /api/admin/appeals/:id/decide { decision: 'uphold' | 'reverse', note, liftInForce? }, refused (403) to the admin who
 * made the restriction and (409) for an appeal decided already. A reversal ends the restriction if it is in force
 * (with liftInForce, the member's other restriction in force too) and makes the member active again when none is left
 * in force; either outcome is mailed to the member with their state after it and logged, and its review item is done.
 */
export function registerAppealRoutes(app: Hono<AppEnv>, { db, queue }: { db: Db; queue: MailQueue }) {
  const log = activityLog(db);

  const serialize = (row: AppealRow, adminId: string) => ({
    _id: row.id,
    state: row.state,
    member: memberRef(row.user_id, row.member_name, row.member_surname, {
      email: row.email,
      enabled: row.member_enabled,
    }),
    email: row.email,
    statement: row.statement,
    createdAt: row.created_at,
    confirmedAt: row.confirmed_at,
    decision:
      row.decided_at && row.decided_by
        ? {
            decision: row.state === 'reversed' ? 'reverse' : 'uphold',
            note: row.note ?? '',
            admin: { _id: row.decided_by, name: row.decided_by_name ?? '' },
            at: row.decided_at,
          }
        : null,
    restriction: {
      _id: row.restriction_id,
      reference: row.reference,
      policy: { name: row.policy_name, explanation: row.policy_explanation },
      facts: row.facts,
      createdAt: row.restricted_at,
      endsAt: row.ends_at,
      endedAt: row.ended_at,
      endedReason: row.ended_reason,
      withheldReason: row.withheld_reason,
      statement: row.restriction_statement,
      restrictedBy: row.restricted_by ? { _id: row.restricted_by, name: row.restricted_by_name ?? '' } : null,
    },
    /** Whether the signed-in admin made the restriction, and so may not decide its appeal. */
    restrictedByYou: row.restricted_by === adminId,
  });

  app.get('/api/admin/appeals/:id', async (c) => {
    const row = await findAppeal(db, parseId(c.req.param('id')));
    if (!row) throw notFound('Appeal');
    const inForce = row.user_id ? await restrictionInForce(db, row.user_id) : undefined;
    return c.json({
      success: true,
      message: 'Success',
      // The member's restriction in force now: the one appealed, another, or none.
      result: { ...serialize(row, c.get('adminId')), inForce: inForceAnswer(inForce) },
    });
  });

  app.post('/api/admin/appeals/:id/decide', shortJsonLimit, async (c) => {
    const id = parseId(c.req.param('id'));
    const { decision, note, liftInForce } = parseDecision(await jsonBody(c));
    const adminId = c.get('adminId');

    /** The refusals, on the row as it is (then again under its lock). */
    const check = (row: AppealRow | undefined): AppealRow => {
      if (!row) throw notFound('Appeal');
      if (row.state === 'upheld' || row.state === 'reversed')
        throw new HttpError(409, MESSAGE.alreadyDecided);
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
      const admin = await tx.one<{ name: string; surname: string }>(
        'SELECT name, surname FROM users WHERE id = $1',
        [adminId],
      );
      await decideAppeal(tx, id, {
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
          (ended || lifted) && !after && row.user_id
            ? await reactivateMember(tx, row.user_id, at)
            : undefined;
        summary = `Appeal of ${row.reference} reversed: ${
          ended
            ? 'the restriction ended'
            : `the restriction had already ended (${row.ended_reason ?? 'ended'})`
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
    return c.json({ success: true, message: decisionMessage(decision, outcome!.after ?? null) });
  });
}
