import type { Feature } from '@contract/features';
import { can, type Permission } from '@contract/roles';

/** The console asks the API's announced extensions (contract/features.ts) by name. */
export type { Feature, Permission };

/**
 * Whether a session with these announced extensions and this role may do `permission`: anything where the API did not
 * announce 'roles' (SPEC's console, unchanged), else what contract/roles.ts's table gives the role (an unknown role
 * nothing).
 */
export function permits(features: readonly string[], role: string | null, permission: Permission): boolean {
  return !features.includes('roles') || can(role, permission);
}

/**
 * Whether the stored session's API announced `feature`, read straight from storage (session.ts keeps the names under
 * 'features'): for code that runs apart from React and session.ts, such as src/boot.ts, the calls modules and the
 * route prefetches. Screens ask useFeature (session.ts).
 */
export function storedFeature(feature: Feature): boolean {
  return storedFeatures().includes(feature);
}

// Typed without the DOM: the server's typecheck reads this module (through the mocks), and has no localStorage.
const storage = () => (globalThis as { localStorage?: { getItem(key: string): string | null } }).localStorage;

function storedFeatures(): string[] {
  try {
    const names: unknown = JSON.parse(storage()?.getItem('features') ?? '[]');
    return Array.isArray(names) ? names.filter((name) => typeof name === 'string') : [];
  } catch {
    return [];
  }
}

/** Whether the stored session may do `permission` (see permits), read straight from storage like storedFeature. */
export function storedPermits(permission: Permission | undefined): boolean {
  return !permission || permits(storedFeatures(), storage()?.getItem('role') ?? null, permission);
}
