import type { Hono } from 'hono';
import { APPEAL_MESSAGES as MESSAGE, decisionMessage } from '../../contract/appeals';
import { findAppeal, type AppealRow } from '../db/appeals';
import type { Db } from '../db/postgres/db';
import { inForceAnswer, restrictionInForce } from '../db/restrictions';
import { parseAppealRequest, parseDecision } from '../lib/appeals';
import { jsonBody, shortJsonLimit } from '../lib/body';
import type { AppEnv } from '../lib/env';
import { HttpError, notFound } from '../lib/errors';
import { parseId } from '../lib/ids';
import type { MailQueue } from '../lib/mail-queue';
import { memberRef } from '../lib/members';
import { clientAddress, StoredRateLimiter } from '../lib/rate-limit';
import { appealableRestriction, decideAppeal, openAppeal, requestAppeal } from '../services/appeals';

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
  const requests = new StoredRateLimiter(db, 'appeal-request', 5, 60 * 60 * 1000);
  const confirmations = new StoredRateLimiter(db, 'appeal-confirm', 20, 60 * 60 * 1000);
  const tooMany = (wait: number) =>
    new HttpError(429, 'Too many requests. Try again later.', {}, { 'Retry-After': String(wait) });

  app.post('/api/appeal', shortJsonLimit, async (c) => {
    const { email, reference, statement } = parseAppealRequest(await jsonBody(c));
    const wait = await requests.hit(`address:${clientAddress(c, trustProxy)}`);
    if (wait) throw tooMany(wait);
    const restriction = await appealableRestriction(db, email, reference);
    // The member's own allowance of links is counted by the requests that match their restriction only, so made-up
    // references cannot use it up; past it, nothing is mailed and the answer stays the same.
    if (restriction && !(await requests.hit(`email:${email}`)))
      await requestAppeal({ queue, publicUrl }, { userId: restriction.user_id, email, reference, statement });
    return c.json({ success: true, message: MESSAGE.requested });
  });

  app.post('/api/appeal/confirm', shortJsonLimit, async (c) => {
    const body = await jsonBody(c);
    const wait = await confirmations.hit(`address:${clientAddress(c, trustProxy)}`);
    if (wait) throw tooMany(wait);
    const token = typeof body.token === 'string' && /^[\w-]{20,100}$/.test(body.token) ? body.token : '';
    const opened = token && (await openAppeal({ db }, token));
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
    const after = await decideAppeal(
      { db, queue },
      { id, adminId: c.get('adminId'), decision, note, liftInForce },
    );
    return c.json({ success: true, message: decisionMessage(decision, after ?? null) });
  });
}
