// `npm run bench:session`: what the session check (requireAdmin, server/lib/auth.ts) adds to a request. One process,
// its own embedded PostgreSQL (or DATABASE_URL's) on a temporary DATA_DIR: BENCH_USERS members (10,000), the admin
// with BENCH_SESSIONS ended sessions (100,000; the primary key has to find one among them) and one live session. The
// same tiny route is asked for in turn without the check and behind it, in-process (Hono's app.request, no socket),
// so the difference is the check alone: the token's signature, one read of the session and its admin by primary keys,
// and the write of last_seen_at at most once a minute. BENCH_REQUESTS (5,000) of each, after 500 to warm up; then
// the check's two parts alone, one after the other. Target (issue 28): at most 1 ms added at p95. Exits 1 when it is
// over.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Hono } from 'hono';
import { issueToken, requireAdmin, startSession, type SessionPolicy } from '../server/lib/auth';
import type { AppEnv } from '../server/lib/env';
import { ADMIN, percentile, seedUsers } from './bench-support';

const USERS = Number(process.env.BENCH_USERS ?? 10_000);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 5_000);
const WARM_UP = 500;
const TARGET_MS = 1;
const SECRET = 'bench-session-secret-of-enough-length';
const policy: SessionPolicy = { tokenTtlSeconds: 12 * 3600, sessionIdleMinutes: 30 };

const dataDir = mkdtempSync(join(tmpdir(), 'bench-session-'));
const { db, close } = await seedUsers(dataDir, USERS);
try {
  const admin = await db.one<{ id: string; token_version: number }>(
    'SELECT id, token_version FROM users WHERE email = $1',
    [ADMIN.email],
  );
  // Sessions that ended long ago, as months of sign-ins leave them.
  await db.run(
    `INSERT INTO admin_sessions (id, admin_id, created_at, last_seen_at, ended_at, ended_reason, ip, user_agent,
                                 verified_at)
     SELECT 'old-' || n, $1, now() - interval '30 days', now() - interval '30 days', now() - interval '29 days',
            'sign-out', '192.0.2.1', 'Mozilla/5.0', now() - interval '30 days'
     FROM generate_series(1, $2::int) AS n`,
    [admin.id, SESSIONS],
  );
  await db.run('ANALYZE admin_sessions');
  const sessionId = await startSession(db, policy, {
    adminId: admin.id,
    ip: '127.0.0.1',
    userAgent: 'bench',
    at: new Date(),
  });
  const token = await issueToken(
    { id: admin.id, tokenVersion: admin.token_version, sessionId },
    SECRET,
    policy.tokenTtlSeconds,
  );

  const app = new Hono<AppEnv>();
  app.get('/open', (c) => c.json({ success: true }));
  app.get('/checked', requireAdmin(db, SECRET, policy), (c) => c.json({ success: true }));
  const init = { headers: { Authorization: `Bearer ${token}` } };

  const times = { open: [] as number[], checked: [] as number[] };
  for (let i = 0; i < WARM_UP + REQUESTS; i += 1) {
    for (const path of ['open', 'checked'] as const) {
      const started = performance.now();
      const response = await app.request(`/${path}`, init);
      await response.text();
      const ms = performance.now() - started;
      if (response.status !== 200) throw new Error(`/${path} answered ${response.status}`);
      if (i >= WARM_UP) times[path].push(ms);
    }
  }

  // Its two parts alone: the token's signature, and the session's read.
  const { verify } = await import('hono/jwt');
  const { findTokenSession } = await import('../server/db/sessions');
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(SECRET),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify'],
  );
  const parts = { signature: [] as number[], read: [] as number[] };
  for (let i = 0; i < WARM_UP + REQUESTS; i += 1) {
    let started = performance.now();
    await verify(token, key, { alg: 'HS256', exp: false });
    if (i >= WARM_UP) parts.signature.push(performance.now() - started);
    started = performance.now();
    await findTokenSession(db, sessionId);
    if (i >= WARM_UP) parts.read.push(performance.now() - started);
  }
  for (const [part, values] of Object.entries(parts))
    console.info(
      `  ${part} alone: p50 ${percentile(values, 50).toFixed(3)} ms, p95 ${percentile(values, 95).toFixed(3)} ms`,
    );

  const at = (path: 'open' | 'checked', p: number) => percentile(times[path], p);
  const added = at('checked', 95) - at('open', 95);
  console.info(
    `session check, ${REQUESTS} requests each, ${SESSIONS.toLocaleString('en')} ended sessions beside the live one:\n` +
      `  without: p50 ${at('open', 50).toFixed(3)} ms, p95 ${at('open', 95).toFixed(3)} ms\n` +
      `  with:    p50 ${at('checked', 50).toFixed(3)} ms, p95 ${at('checked', 95).toFixed(3)} ms\n` +
      `  added at p95: ${added.toFixed(3)} ms (target <= ${TARGET_MS} ms): ${added <= TARGET_MS ? 'met' : 'NOT MET'}`,
  );
  if (added > TARGET_MS) process.exitCode = 1;
} finally {
  await close();
  rmSync(dataDir, { recursive: true, force: true });
}
