import type { MiddlewareHandler } from 'hono';
import { sign, verify } from 'hono/jwt';
import type { Db } from '../db/connection';
import { HttpError } from './errors';

export type AdminClaims = { sub: string; role: 'admin' };

export async function issueToken(adminId: string, secret: string, ttlSeconds: number): Promise<string> {
  const issuedAt = Math.floor(Date.now() / 1000);
  return sign({ sub: adminId, role: 'admin', iat: issuedAt, exp: issuedAt + ttlSeconds }, secret, 'HS256');
}

/**
 * Every admin route: a valid, unexpired HS256 token of an admin who still exists.
 * An expired one gets SPEC's 'jwt expired' with jwtExpired: true, which the console turns into a new sign-in.
 */
export function requireAdmin(db: Db, secret: string): MiddlewareHandler<{ Variables: { adminId: string } }> {
  const findAdmin = db.prepare<[string], { id: string }>(
    "SELECT id FROM users WHERE id = ? AND role = 'admin'",
  );
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const token = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    if (!token) throw new HttpError(401, 'Authentication required');
    let payload: Record<string, unknown>;
    try {
      payload = await verify(token, secret, 'HS256');
    } catch (error) {
      if (error instanceof Error && error.name === 'JwtTokenExpired') {
        throw new HttpError(401, 'jwt expired', { jwtExpired: true });
      }
      throw new HttpError(401, 'Invalid token');
    }
    if (payload.role !== 'admin' || typeof payload.sub !== 'string' || !findAdmin.get(payload.sub)) {
      throw new HttpError(401, 'Invalid token');
    }
    c.set('adminId', payload.sub);
    await next();
  };
}
