import { delay, http, HttpResponse } from 'msw';
import { FEATURES, type Feature } from '@contract/features';
import { apiPath } from './http';

/**
 * Demo-mode states worth seeing, switchable from the demo panel without editing code.
 * Tests never set one (the default is 'normal').
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
const SPEC_ONLY_KEY = 'demo-spec-only';
let current: Scenario = 'normal';
/** See mockFeatures. */
let specOnly = false;
/** Extensions the mock leaves out (tests of what the console does without one: withoutFeatures in tests). */
let withheld: readonly Feature[] = [];

/** The browser's sessionStorage; absent when the handlers run in Node (tests, the server's contract test). */
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
  specOnly = storage?.getItem(SPEC_ONLY_KEY) === 'true';
}

/**
 * The extensions the mock API offers: the reference server's own (server/lib/features.ts), named in its sign-in answer
 * (DECISIONS, "Extensions of the reference API, announced"). A SPEC-only mock names none, answers SPEC's shapes (a
 * mail's every recipient, an event's every joined user, no counts) and not the extensions' routes: the console
 * must then behave as SPEC's. Tests ask for it with tests/support/render.tsx's specOnlyApi(); demo mode with its panel.
 */
export function mockFeatures(): Feature[] {
  return specOnly ? [] : FEATURES.filter((feature) => !withheld.includes(feature));
}

/** The mock offers every extension but these (none: all of them again). */
export function setWithheldFeatures(next: readonly Feature[]) {
  withheld = next;
}

/** Whether the mock API offers `feature` now. */
export const offers = (feature: Feature) => mockFeatures().includes(feature);

/**
 * A member reference as the mock API answers it: the reference server's (name and surname; a chat report's
 * participants with their e-mail), or, SPEC-only, SPEC 3's fields of it (`fields`: _id and name unless SPEC says
 * more), so that the console is seen without the surnames a SPEC-only API does not send.
 */
export function memberAnswer<Ref extends object>(
  ref: Ref | null,
  fields: readonly string[] = ['_id', 'name'],
): (Omit<Ref, 'surname' | 'email'> & Partial<Ref>) | null {
  if (!ref || !specOnly) return ref;
  return Object.fromEntries(Object.entries(ref).filter(([key]) => fields.includes(key))) as Omit<
    Ref,
    'surname' | 'email'
  > &
    Partial<Ref>;
}

export function setSpecOnly(next: boolean) {
  specOnly = next;
  storage?.setItem(SPEC_ONLY_KEY, String(next));
}

function isList(url: URL) {
  return /\/(list|listAll|list-admin)$/.test(url.pathname);
}

/** Runs before every other handler; returns nothing to let the request through to them. */
export const scenarioHandler = http.all(apiPath('*'), async ({ request }) => {
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
