import { delay, http, HttpResponse } from 'msw';

/**
 * Demo-mode states worth seeing, switchable from the demo panel without editing code (mocks/browser.tsx). Each bends
 * the reference server's answers on their way to the console; 'normal' lets every call through.
 */
export const SCENARIOS = {
  normal: 'Normal',
  slow: 'Slow network (2.5 s per call)',
  'server-error': 'Server error (500 on every call)',
  'expired-token': 'Expired token (401 jwt expired)',
  empty: 'Empty lists',
} as const;

export type Scenario = keyof typeof SCENARIOS;

const STORAGE_KEY = 'demo-scenario';
let current: Scenario = 'normal';

/** The browser's sessionStorage; absent when the handlers run in Node (the tests). */
const storage = (
  globalThis as {
    sessionStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  }
).sessionStorage;

export function getScenario(): Scenario {
  return current;
}

export function setScenario(next: Scenario) {
  current = next;
  // sessionStorage: the console's logout clears localStorage, and the scenario should survive a sign-out.
  storage?.setItem(STORAGE_KEY, next);
}

export function loadScenario() {
  const stored = storage?.getItem(STORAGE_KEY) ?? null;
  current = stored && stored in SCENARIOS ? (stored as Scenario) : 'normal';
}

function isList(url: URL) {
  return /\/(list|listAll|list-admin)$/.test(url.pathname);
}

/** Runs before every other handler; returns nothing to let the request through to the server. */
export const scenarioHandler = http.all('*/api/*', async ({ request }) => {
  const url = new URL(request.url);
  const publicCall = url.pathname.endsWith('/api/login') || url.pathname.includes('childsafetypolicy');
  switch (current) {
    case 'slow':
      await delay(2500);
      return undefined;
    case 'server-error':
      return HttpResponse.json({ success: false, message: 'Internal server error (demo)' }, { status: 500 });
    case 'expired-token':
      return publicCall
        ? undefined
        : HttpResponse.json({ success: false, message: 'jwt expired', jwtExpired: true }, { status: 401 });
    case 'empty':
      return request.method === 'GET' && isList(url)
        ? HttpResponse.json({ success: true, message: 'Success', result: [], pagination: { count: 0 } })
        : undefined;
    default:
      return undefined;
  }
});
