import { randomBytes } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { sign, verify } from 'hono/jwt';
import { USER_AGENT_MAX } from '../../contract/sessions';
import { BULK_WRITES, countsAsBulkWrite, STEP_UP_MESSAGE, STEP_UP_MS } from '../../contract/step-up';
import type { Db } from '../db/postgres/db';
import {
  endExpiredSessions,
  findTokenSession,
  insertSession,
  touchSession,
  type LiveSince,
} from '../db/sessions';
import type { AppEnv } from './env';
import { HttpError } from './errors';
import { StoredRateLimiter } from './rate-limit';

/**
 * `sid` names the session (admin_sessions) the token belongs to; `ver` is the admin's token_version when signed,
 * which a password change moves on, so that the changing session's older tokens end with the others.
 */
export type AdminClaims = { sub: string; role: 'admin'; ver: number; sid: string; iat: number; exp: number };

/** How long a session lasts: TOKEN_TTL from its sign-in at most, and SESSION_IDLE_MINUTES unused. */
export type SessionPolicy = { tokenTtlSeconds: number; sessionIdleMinutes: number };

/**
 * last_seen_at is written at most this often per session (a tenth of the idle timeout, at most a minute), so that
 * most requests write nothing only to say they came. The session's last call may thus be up to this much later than
 * last_seen_at: it counts as idle only once the timeout and this much have passed since last_seen_at, so a session
 * used within the timeout stays live, and one left alone ends at most a tenth of the timeout late.
 */
export const touchEveryMs = (policy: SessionPolicy) => Math.min(60_000, policy.sessionIdleMinutes * 6_000);

/** Since when a session must have been used (last_seen_at), and started, to be live at `at` (ms since the epoch). */
export function liveSince(policy: SessionPolicy, at = Date.now()): LiveSince {
  return {
    idleSince: new Date(at - policy.sessionIdleMinutes * 60_000 - touchEveryMs(policy)).toISOString(),
    startedSince: new Date(at - policy.tokenTtlSeconds * 1000).toISOString(),
  };
}

/**
 * A token of the session `sessionId`. It expires TOKEN_TTL after the session started (`startedAt`, ms; now for a new
 * one), so a fresh token for an older session does not lengthen it.
 */
export async function issueToken(
  admin: { id: string; tokenVersion: number; sessionId: string },
  secret: string,
  ttlSeconds: number,
  startedAt = Date.now(),
): Promise<string> {
  const claims: AdminClaims = {
    sub: admin.id,
    role: 'admin',
    ver: admin.tokenVersion,
    sid: admin.sessionId,
    iat: Math.floor(Date.now() / 1000),
    exp: Math.floor(startedAt / 1000) + ttlSeconds,
  };
  return sign(claims, secret, 'HS256');
}

/**
 * Starts a session for a sign-in (in its transaction) and returns its id. The admin's sessions that have expired
 * since are marked ended on the way, so the index of open sessions holds only live ones and a few.
 */
export async function startSession(
  tx: Db,
  policy: SessionPolicy,
  session: { adminId: string; ip: string; userAgent: string; at: Date },
): Promise<string> {
  const id = randomBytes(16).toString('base64url');
  const at = session.at.toISOString();
  await endExpiredSessions(tx, session.adminId, liveSince(policy, session.at.getTime()), at);
  await insertSession(tx, {
    id,
    admin_id: session.adminId,
    created_at: at,
    ip: session.ip,
    user_agent: session.userAgent.slice(0, USER_AGENT_MAX),
  });
  return id;
}

/**
 * Tokens whose signature held, with their claims, newest last (at most VERIFIED_TOKENS). A console sends the same
 * token with every call, so its signature is checked once per process instead of once per call (crypto.subtle's HMAC
 * runs on libuv's thread pool: a hop of 0.05-0.15 ms). Only a token this server signed gets in, and its expiry, its
 * session and its admin are still checked at every call.
 */
const VERIFIED_TOKENS = 1024;

function verifiedTokens() {
  const claims = new Map<string, Record<string, unknown>>();
  return {
    get: (token: string) => claims.get(token),
    add(token: string, payload: Record<string, unknown>) {
      if (claims.size >= VERIFIED_TOKENS) claims.delete(claims.keys().next().value as string);
      claims.set(token, payload);
    },
  };
}

const expired = () => new HttpError(401, 'jwt expired', { jwtExpired: true });
const invalid = () => new HttpError(401, 'Invalid token');

/**
 * Every admin route: a valid HS256 token with an expiry, not yet expired, of a session that has not ended, has been
 * used within the idle timeout and is younger than TOKEN_TTL, of an admin who still exists and has not changed the
 * password since the token was signed. The session and the admin (with the admin's role, which lib/roles.ts checks
 * next) are one read by primary keys.
 * An expiry (the token's, the idle timeout, the session's lifetime) gets SPEC's 'jwt expired' with jwtExpired: true,
 * which the console turns into a new sign-in; the signature is checked first, so only a token this server signed is
 * ever told it expired. An ended session gets 'Invalid token'.
 */
export function requireAdmin(db: Db, secret: string, policy: SessionPolicy): MiddlewareHandler<AppEnv> {
  // Imported once: given the secret as text, hono imports the key again for every token.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const verified = verifiedTokens();
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new HttpError(401, 'Authentication required');
    let payload = verified.get(token);
    if (!payload) {
      try {
        // hono checks the expiry before the signature: it is left out here and checked below, once the signature
        // holds.
        payload = await verify(token, await key, { alg: 'HS256', exp: false });
      } catch {
        throw invalid();
      }
      verified.add(token, payload);
    }
    const now = Date.now();
    if (typeof payload.exp === 'number' && payload.exp <= Math.floor(now / 1000)) throw expired();
    if (
      payload.role !== 'admin' ||
      typeof payload.exp !== 'number' ||
      typeof payload.sub !== 'string' ||
      typeof payload.sid !== 'string'
    )
      throw invalid();
    const session = await findTokenSession(db, payload.sid);
    if (
      !session ||
      session.admin_id !== payload.sub ||
      payload.ver !== session.token_version ||
      session.ended_at !== null
    )
      throw invalid();
    const live = liveSince(policy, now);
    const lastSeen = Date.parse(session.last_seen_at);
    if (
      lastSeen <= Date.parse(live.idleSince) ||
      Date.parse(session.created_at) <= Date.parse(live.startedSince)
    )
      throw expired();
    const touchEvery = touchEveryMs(policy);
    if (now - lastSeen >= touchEvery)
      await touchSession(db, payload.sid, new Date(now).toISOString(), touchEvery);
    c.set('adminId', session.admin_id);
    c.set('sessionId', payload.sid);
    c.set('verifiedAt', Date.parse(session.verified_at));
    c.set('adminRole', session.admin_role);
    await next();
  };
}

/**
 * For what cannot be undone or exposes every member ('step-up'): refused with 403 and `stepUp: true` unless the
 * admin proved who they are in this session within STEP_UP_MS. The console asks for the password and sends the call
 * again.
 */
export function requireRecentProof(c: Context<AppEnv>, at = Date.now()): void {
  if (at - c.get('verifiedAt') > STEP_UP_MS) throw new HttpError(403, STEP_UP_MESSAGE, { stepUp: true });
}

/**
 * Every admin write but the session's own counts against the session's BULK_WRITES in STEP_UP_MS (a list's bulk
 * action is one call per row); past the limit a write needs a recent proof. Counted in the database, so two server
 * processes count one session together.
 */
export function bulkWriteGuard(db: Db): MiddlewareHandler<AppEnv> {
  const writes = new StoredRateLimiter(db, 'bulk-writes', BULK_WRITES, STEP_UP_MS);
  return async (c, next) => {
    if (countsAsBulkWrite(c.req.method, c.req.path) && (await writes.hit(c.get('sessionId'))) > 0)
      requireRecentProof(c);
    await next();
  };
}
