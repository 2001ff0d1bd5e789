import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { issueToken } from '../lib/auth';
import { makeServer, SECRET } from './harness';

describe('tokens', () => {
  it('tells only a token this server signed that it has expired', async () => {
    const { call, adminId } = await makeServer();
    const past = Math.floor(Date.now() / 1000) - 60;
    const forged = await sign(
      { sub: adminId, role: 'admin', ver: 0, iat: past - 60, exp: past },
      'another-secret-another-secret',
      'HS256',
    );
    const answer = await call('GET', '/api/admin/dashboard', { token: forged });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ success: false, message: 'Invalid token' });

    const ours = await issueToken({ id: adminId, tokenVersion: 0 }, SECRET, -60);
    expect((await call('GET', '/api/admin/dashboard', { token: ours })).body).toEqual({
      success: false,
      message: 'jwt expired',
      jwtExpired: true,
    });
  });

  it('refuses a token of its own whose expiry is not a number as invalid, not expired', async () => {
    const { call, adminId } = await makeServer();
    const claims: Record<string, unknown> = { sub: adminId, role: 'admin', ver: 0, exp: 'soon' };
    const token = await sign(claims, SECRET, 'HS256');
    expect((await call('GET', '/api/admin/dashboard', { token })).body).toEqual({
      success: false,
      message: 'Invalid token',
    });
  });
});
