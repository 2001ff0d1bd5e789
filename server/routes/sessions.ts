import type { Hono } from 'hono';
import { browserName } from '../../contract/sessions';
import type { Db } from '../db/postgres/db';
import { TEXT_MAX } from '../../contract/limits';
import {
  endOtherSessions,
  endSession,
  markVerified,
  pageOfLiveSessions,
  type SessionRow,
} from '../db/sessions';
import { findAdmin } from '../db/users';
import { activityLog, otherSessions } from '../lib/activity';
import { liveSince, type SessionPolicy } from '../lib/auth';
import { jsonBody, jsonLimit, noBodyLimit } from '../lib/body';
import type { AppEnv } from '../lib/env';
import { badRequest, HttpError, notFound } from '../lib/errors';
import { now } from '../lib/ids';
import { pageBody, paging } from '../lib/paging';
import { verifyPassword } from '../lib/passwords';
import { StoredRateLimiter } from '../lib/rate-limit';
import { fields, optionalSecret } from '../lib/validate';
import { findTwoFactor } from '../db/two-factor';
import { codeLimits, takeCode } from '../services/two-factor';
import { CODE_MAX, TWO_FACTOR_MESSAGES } from '../../contract/two-factor';

/** A session as the sessions list answers it. */
function sessionAnswer(row: SessionRow, currentId: string) {
  return {
    _id: row.id,
    browser: browserName(row.user_agent),
    userAgent: row.user_agent,
    address: row.ip,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    current: row.id === currentId,
  };
}

/**
 * Sessions on the server (announced as 'sessions'): sign out, and the caller's own live sessions, listed and ended.
 * Each end is logged; an admin can end only their own sessions here.
 */
export function registerSessionRoutes(app: Hono<AppEnv>, db: Db, policy: SessionPolicy) {
  const log = activityLog(db);
  // The same count as the profile's password checks: each is a guess at the admin's password, wherever typed.
  const passwordChecks = new StoredRateLimiter(db, 'profile-password', 5, 15 * 60 * 1000);
  const codes = codeLimits(db);
  const proofBody = fields({
    password: optionalSecret('Password', { max: TEXT_MAX.profile.password }),
    code: optionalSecret('Code', { max: CODE_MAX }),
  });

  app.post('/api/logout', noBodyLimit, async (c) => {
    const adminId = c.get('adminId');
    await db.transaction(async (tx) => {
      const ended = await endSession(tx, adminId, c.get('sessionId'), liveSince(policy), 'sign-out', now());
      // Ended by another request meanwhile: nothing of this session is left to log.
      if (!ended) return;
      await log.record(tx, adminId, {
        action: 'sign-out',
        recordType: 'session',
        recordId: ended.id,
        recordName: browserName(ended.user_agent),
        summary: `Signed out from ${ended.ip || 'an unknown address'}`,
      });
    });
    return c.json({ success: true, message: 'Signed out' });
  });

  app.get('/api/admin/sessions', async (c) => {
    const { page, size, offset } = paging(c.req.query());
    const { rows, count } = await pageOfLiveSessions(db, c.get('adminId'), liveSince(policy), {
      offset,
      limit: size,
    });
    const current = c.get('sessionId');
    return c.json(
      pageBody(
        rows.map((row) => sessionAnswer(row, current)),
        count,
        page,
        size,
      ),
    );
  });

  app.post('/api/admin/sessions/end-others', noBodyLimit, async (c) => {
    const adminId = c.get('adminId');
    const ended = await db.transaction(async (tx) => {
      const n = await endOtherSessions(
        tx,
        adminId,
        c.get('sessionId'),
        liveSince(policy),
        'others-ended',
        now(),
      );
      if (n > 0)
        await log.record(tx, adminId, {
          action: 'session-end',
          recordType: 'session',
          recordId: null,
          recordName: '',
          summary: `Ended ${otherSessions(n)}`,
        });
      return n;
    });
    return c.json({ success: true, message: 'Other sessions ended', result: { ended } });
  });

  // Another admin's session, or one that has ended, is not found: the id says nothing of whose it is. Nor is an id
  // that no sign-in makes (base64url), which PostgreSQL might refuse as text (a NUL).
  app.delete('/api/admin/sessions/:id', noBodyLimit, async (c) => {
    const adminId = c.get('adminId');
    const id = c.req.param('id');
    if (!/^[\w-]{1,64}$/.test(id)) throw notFound('Session');
    await db.transaction(async (tx) => {
      const ended = await endSession(tx, adminId, id, liveSince(policy), 'ended', now());
      if (!ended) throw notFound('Session');
      await log.record(tx, adminId, {
        action: 'session-end',
        recordType: 'session',
        recordId: ended.id,
        recordName: browserName(ended.user_agent),
        summary: `Ended the session from ${ended.ip || 'an unknown address'}`,
      });
    });
    return c.json({ success: true, message: 'Session ended' });
  });

  // Step-up ('step-up'): the admin proves who they are again in this session, for what asks for a recent proof
  // (lib/auth.ts requireRecentProof).
  app.post('/api/admin/step-up', jsonLimit, async (c) => {
    const { password, code } = proofBody.parse(await jsonBody(c));
    const adminId = c.get('adminId');
    const at = now();
    const confirm = async (tx: Db, how: string) => {
      await markVerified(tx, c.get('sessionId'), at);
      await log.record(tx, adminId, {
        action: 'step-up',
        recordType: 'session',
        recordId: c.get('sessionId'),
        recordName: '',
        summary: `Confirmed ${how}`,
      });
    };
    if (code !== undefined) {
      // A two-factor code ('two-factor'), on the same per-admin count as every other code.
      await codes.hit(adminId, undefined, { field: 'code' });
      await db.transaction(async (tx) => {
        const state = await findTwoFactor(tx, adminId, { lock: true });
        if (!state?.secret) throw badRequest(TWO_FACTOR_MESSAGES.notEnabled, 'code');
        const taken = await takeCode(tx, state, code);
        if (!taken) throw badRequest(TWO_FACTOR_MESSAGES.wrongCode, 'code');
        await confirm(tx, taken.kind === 'totp' ? 'a two-factor code' : 'a recovery code');
      });
      await codes.reset(adminId);
    } else {
      if (password === undefined) throw badRequest('Password is required', 'password');
      const wait = await passwordChecks.hit(adminId);
      if (wait)
        throw new HttpError(
          429,
          'Too many failed password attempts. Try again later.',
          { field: 'password' },
          { 'Retry-After': String(wait) },
        );
      const admin = await findAdmin(db, adminId);
      if (!admin || !(await verifyPassword(password, admin.password_hash, 'priority')))
        throw badRequest('The password is incorrect', 'password');
      await passwordChecks.reset(adminId);
      await db.transaction((tx) => confirm(tx, 'the password'));
    }
    return c.json({ success: true, message: 'Confirmed', result: { verifiedAt: at } });
  });
}
