import type { Feature } from '@contract/features';

/** The console asks the API's announced extensions (contract/features.ts) by name. */
export type { Feature };

/**
 * Whether the stored session's API announced `feature`, read straight from storage (session.ts keeps the names under
 * 'features'): for code that runs apart from React and session.ts, such as src/boot.ts, the calls modules and the
 * route prefetches. Screens ask useFeature (session.ts).
 */
export function storedFeature(feature: Feature): boolean {
  // Typed without the DOM: the server's typecheck reads this module (through the mocks), and has no localStorage.
  const storage = (globalThis as { localStorage?: { getItem(key: string): string | null } }).localStorage;
  try {
    const names: unknown = JSON.parse(storage?.getItem('features') ?? '[]');
    return Array.isArray(names) && names.includes(feature);
  } catch {
    return false;
  }
}
