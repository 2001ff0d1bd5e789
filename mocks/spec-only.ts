import { FEATURES, type Feature } from '@contract/features';

/**
 * Which extensions the API in front of the console announces (DECISIONS, "Extensions of the reference API,
 * announced"): the reference server's every one, or (tests' withoutFeatures, demo mode's panel) all but some, or
 * (SPEC-only) none, in which case mocks/spec-only-handlers.ts makes the server's answers SPEC's own.
 */
let specOnly = false;
let withheld: readonly Feature[] = [];

/** The browser's sessionStorage, where demo mode keeps the choice across a reload; absent in Node. */
const storage = (
  globalThis as {
    sessionStorage?: { getItem(key: string): string | null; setItem(key: string, value: string): void };
  }
).sessionStorage;
const SPEC_ONLY_KEY = 'demo-spec-only';

export function loadSpecOnly() {
  specOnly = storage?.getItem(SPEC_ONLY_KEY) === 'true';
}

export function isSpecOnly() {
  return specOnly;
}

export function setSpecOnly(next: boolean) {
  specOnly = next;
  storage?.setItem(SPEC_ONLY_KEY, String(next));
}

/** The API announces every extension but these (none: all of them again). */
export function setWithheldFeatures(next: readonly Feature[]) {
  withheld = next;
}

/** The extensions announced now. */
export function announcedFeatures(): Feature[] {
  return specOnly ? [] : FEATURES.filter((feature) => !withheld.includes(feature));
}
