import { afterEach, describe, expect, it } from 'vitest';
import { scenarioHandler, setScenario, type Scenario } from '@mocks/scenario';
import { signedInNow } from '../support/api-server';
import { server } from '../support/msw';

/**
 * Demo mode's panel bends calls on their way to the reference server (mocks/scenario.ts, in front of it as in
 * mocks/browser.tsx); 'normal' lets every call through.
 */
async function call(scenario: Scenario, path: string, init: RequestInit = {}) {
  setScenario(scenario);
  server.use(scenarioHandler);
  const response = await fetch(`http://localhost${path}`, {
    ...init,
    headers: { Authorization: `Bearer ${signedInNow().token}`, ...init.headers },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

afterEach(() => setScenario('normal'));

describe("demo mode's backend states", () => {
  it('normal: the server answers', async () => {
    const { status, body } = await call('normal', '/api/faq/listAll');
    expect(status).toBe(200);
    expect((body.result as unknown[]).length).toBeGreaterThan(0);
  });

  it('empty: every list answers none, a read still reaches the server', async () => {
    const list = await call('empty', '/api/admin/list?page=1&limit=10');
    expect(list).toEqual({
      status: 200,
      body: { success: true, message: 'Success', result: [], pagination: { count: 0 } },
    });
    const own = await call('empty', '/api/user/read');
    expect(own.status).toBe(200);
    expect((own.body.result as { email: string }).email).toBe('admin@example.com');
  });

  it('server error: every call answers 500', async () => {
    expect(await call('server-error', '/api/faq/listAll')).toEqual({
      status: 500,
      body: { success: false, message: 'Internal server error (demo)' },
    });
  });

  it('expired token: every signed-in call answers 401, the sign-in still reaches the server', async () => {
    expect((await call('expired-token', '/api/faq/listAll')).status).toBe(401);
    const signIn = await call('expired-token', '/api/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'Admin@123', isRole: 'admin' }),
    });
    expect(signIn.status).toBe(200);
    expect(typeof (signIn.body.result as { token?: unknown }).token).toBe('string');
  });
});
