import type { MiddlewareHandler } from 'hono';
import { sign, verify } from 'hono/jwt';
import type { Db } from '../db/postgres/db';
import { findAdminTokenVersion } from '../db/users';
import { HttpError } from './errors';

/** `ver` is the admin's token_version when signed; changing the password bumps it, ending older sessions. */
export type AdminClaims = { sub: string; role: 'admin'; ver: number; iat: number; exp: number };

export async function issueToken(
  admin: { id: string; tokenVersion: number },
  secret: string,
  ttlSeconds: number,
): Promise<string> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const claims: AdminClaims = {
    sub: admin.id,
    role: 'admin',
    ver: admin.tokenVersion,
    iat: issuedAt,
    exp: issuedAt + ttlSeconds,
  };
  return sign(claims, secret, 'HS256');
}

/**
 * Every admin route: a valid HS256 token with an expiry, not yet expired, of an admin who still exists and has not
 * changed the password since it was signed.
 * An expired one gets SPEC's 'jwt expired' with jwtExpired: true, which the console turns into a new sign-in; the
 * signature is checked first, so only a token this server signed is ever told it expired.
 */
export function requireAdmin(db: Db, secret: string): MiddlewareHandler<{ Variables: { adminId: string } }> {
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new HttpError(401, 'Authentication required');
    let payload: Record<string, unknown>;
    try {
      // hono checks the expiry before the signature: it is left out here and checked below, once the signature holds.
      payload = await verify(token, secret, { alg: 'HS256', exp: false });
    } catch {
      throw new HttpError(401, 'Invalid token');
    }
    if (typeof payload.exp === 'number' && payload.exp <= Math.floor(Date.now() / 1000)) {
      throw new HttpError(401, 'jwt expired', { jwtExpired: true });
    }
    const admin = typeof payload.sub === 'string' ? await findAdminTokenVersion(db, payload.sub) : undefined;
    if (
      payload.role !== 'admin' ||
      typeof payload.exp !== 'number' ||
      !admin ||
      payload.ver !== admin.token_version
    ) {
      throw new HttpError(401, 'Invalid token');
    }
    c.set('adminId', admin.id);
    await next();
  };
}
