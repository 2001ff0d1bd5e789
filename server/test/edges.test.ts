import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sign } from 'hono/jwt';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
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

describe('configuration', () => {
  it('reads an empty variable as unset, for every variable', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'console-config-test-'));
    const names = [
      'PORT',
      'ADMIN_EMAIL',
      'ADMIN_PASSWORD',
      'JWT_SECRET',
      'TOKEN_TTL',
      'SEED_DEMO',
      'TRUST_PROXY',
      'SMTP_URL',
      'MAIL_FROM',
      'PUBLIC_URL',
    ];
    const config = loadConfig({ DATA_DIR: dataDir, ...Object.fromEntries(names.map((name) => [name, ''])) });
    expect(config).toEqual({
      port: 3000,
      dataDir,
      adminEmail: 'admin@example.com',
      adminPassword: 'Admin@123',
      jwtSecret: expect.stringMatching(/^[\w-]{64}$/),
      tokenTtlSeconds: 43_200,
      seedDemo: true,
      trustProxy: false,
      smtpUrl: undefined,
      mailFrom: 'Admin Console <no-reply@localhost>',
      publicUrl: 'http://localhost:3000',
    });
    expect(loadConfig({ DATA_DIR: dataDir, SMTP_URL: '' }).smtpUrl).toBeUndefined();
  });

  it('still refuses a variable that is set to something invalid', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'console-config-test-'));
    expect(() => loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'not a url' })).toThrow(
      /^Invalid configuration: SMTP_URL/,
    );
    // A blank is not empty: it is refused, where it used to become port 0 (any free port).
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: ' ' })).toThrow(
      'Invalid configuration: PORT: must be a whole number',
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, TOKEN_TTL: '1e3' })).toThrow(
      'Invalid configuration: TOKEN_TTL: must be a whole number',
    );
    expect(loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://mail.test:587' }).smtpUrl).toBe(
      'smtp://mail.test:587',
    );
  });
});
