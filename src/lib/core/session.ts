import { useSyncExternalStore } from 'react';
import { z } from 'zod/mini';
import { permits, type Feature, type Permission } from '../features';

/**
 * The admin session as SPEC section 3 stores it: one localStorage key per field, shared by every tab; beside SPEC's
 * six, `features`: the extensions the API announced at sign-in (DECISIONS; screens ask useFeature, below).
 */
export type Session = {
  accessToken: string;
  name: string;
  userLastName: string;
  userId: string;
  email: string;
  photo: string;
  features: readonly string[];
  /** The admin's role where the API announced 'roles' (contract/roles.ts), else null. */
  role: string | null;
};

const FEATURES_KEY = 'features';
const ROLE_KEY = 'role';
const featureNames = z.array(z.string());

/**
 * The names of extensions in `value` (the sign-in answer's `result.features`, or what was stored): a list of names;
 * absent or anything else is none, as from SPEC's API. (safeParse rather than zod's catch, which would add its code
 * to every first load.)
 */
export function featureNamesIn(value: unknown): readonly string[] {
  const parsed = featureNames.safeParse(value);
  return parsed.success ? parsed.data : [];
}

function readFeatures(): readonly string[] {
  const stored = localStorage.getItem(FEATURES_KEY);
  if (!stored) return [];
  try {
    return featureNamesIn(JSON.parse(stored));
  } catch {
    return []; // not JSON
  }
}

export type SessionEndReason = 'signed-out' | 'expired';

/**
 * What the guard hands to sign-in: where the admin was going, and whether their session had expired; or what an
 * accepted invitation hands to it: the invitee's e-mail, and whether two-factor set-up comes next.
 */
export type SignInState = { from?: string; expired?: boolean; email?: string; twoFactorNext?: boolean };

const FIELDS = ['accessToken', 'name', 'userLastName', 'userId', 'email', 'photo'] as const;

type Listener = () => void;
const listeners = new Set<Listener>();
let snapshot: Session | null = read();
let endReason: SessionEndReason | null = null;
/** Whether the stored role is the server's answer in this page (a sign-in, a read since), not storage's. */
let roleFromServer = false;
/** Writes in flight that replace the stored token (replacingToken), each as it settles. */
const replacements = new Set<Promise<void>>();

function read(): Session | null {
  const accessToken = localStorage.getItem('accessToken');
  if (!accessToken) return null;
  const get = (key: (typeof FIELDS)[number]) => localStorage.getItem(key) ?? '';
  return {
    accessToken,
    name: get('name'),
    userLastName: get('userLastName'),
    userId: get('userId'),
    email: get('email'),
    photo: get('photo'),
    features: readFeatures(),
    role: localStorage.getItem(ROLE_KEY),
  };
}

function refresh() {
  const next = read();
  if (next === null && snapshot === null) return;
  snapshot = next;
  for (const listener of listeners) listener();
}

/** The settings drawer's layout choices (app/layout/layout-settings.ts) belong to the browser, not to a session. */
const KEPT_ACROSS_SESSIONS = new Set(['layout-settings']);

function clearAllStorage() {
  const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
  for (const key of keys) if (key !== null && !KEPT_ACROSS_SESSIONS.has(key)) localStorage.removeItem(key);
  sessionStorage.clear();
}

// Another tab signing in or out changes localStorage; this tab follows.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === 'accessToken') {
      if (event.key === null || !event.newValue) endReason ??= 'signed-out';
      refresh();
    } else if (event.key === FEATURES_KEY || event.key === ROLE_KEY) refresh();
  });
}

export const session = {
  get: (): Session | null => snapshot,

  token: (): string | null => snapshot?.accessToken ?? null,

  /** Why the last session ended, so sign-in can explain an expiry. Cleared by the next sign-in. */
  endReason: (): SessionEndReason | null => endReason,

  start(next: Session) {
    // Before the token, whose change is what other tabs follow.
    localStorage.setItem(FEATURES_KEY, JSON.stringify(next.features));
    if (next.role === null) localStorage.removeItem(ROLE_KEY);
    else localStorage.setItem(ROLE_KEY, next.role);
    for (const field of FIELDS) localStorage.setItem(field, next[field]);
    endReason = null;
    roleFromServer = true;
    refresh();
  },

  /** Changes stored fields of the current session (a new photo, or the fresh token a password change returns). */
  update(patch: Partial<Pick<Session, (typeof FIELDS)[number]>>) {
    if (!snapshot) return;
    for (const [field, value] of Object.entries(patch)) localStorage.setItem(field, value);
    refresh();
  },

  /**
   * Runs a write that replaces the stored token: a password change ends the token it is sent with as the server
   * commits it, and its answer brings the fresh one. A call refused meanwhile for the old token waits for it
   * (tokenReplaced) and goes again with the fresh token, rather than signing the admin out before it is stored.
   */
  replacingToken<T>(write: () => Promise<T>): Promise<T> {
    const running = write();
    const settled = running.then(
      () => undefined,
      () => undefined,
    );
    replacements.add(settled);
    void settled.then(() => replacements.delete(settled));
    return running;
  },

  /** Settles once no write that replaces the token is in flight (at once when none is). */
  tokenReplaced: async (): Promise<void> => {
    await Promise.all(replacements);
  },

  /** The role the server now gives the signed-in admin ('roles'): an Owner may have changed it since sign-in. */
  setRole(role: string) {
    if (!snapshot) return;
    roleFromServer = true;
    if (snapshot.role === role) return;
    localStorage.setItem(ROLE_KEY, role);
    refresh();
  },

  /**
   * Whether the role was answered by the server in this page (the sign-in, or a read of it since): a role read from
   * storage (a reload, a new tab) may be one an Owner has changed since, and is read again.
   */
  roleFromServer: (): boolean => roleFromServer,

  /** Logout: SPEC 2.4 clears all stored data, but for the layout choices. */
  end() {
    endReason = 'signed-out';
    clearAllStorage();
    refresh();
  },

  /**
   * Token expiry of `token`. Idempotent, so that many calls failing together end the session once; a refused token
   * that is no longer the stored one (replaced by a password change or a sign-in in another tab) ends nothing.
   * Returns whether this call was the one that ended it.
   */
  expire(token: string): boolean {
    if (!snapshot || localStorage.getItem('accessToken') !== token) return false;
    endReason = 'expired';
    clearAllStorage();
    refresh();
    return true;
  },

  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },

  /** Re-reads storage; tests that seed localStorage directly call this. */
  reload() {
    endReason = null;
    roleFromServer = false;
    snapshot = read();
    for (const listener of listeners) listener();
  },
};

export function useSession(): Session | null {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}

/**
 * Whether the signed-in session's API offers `feature` (see Feature): the one place screens read extensions from.
 * Here rather than in a module of its own, which would be one more file to fetch on every screen that asks.
 */
export function useFeature(feature: Feature): boolean {
  return useSession()?.features.includes(feature) ?? false;
}

/**
 * Whether the signed-in admin may do `permission` ('roles'; contract/roles.ts): always where the API did not announce
 * roles (SPEC's console), else as the role's permissions say. Code apart from React asks storedPermits (lib/features.ts).
 */
export function usePermission(permission: Permission): boolean {
  const current = useSession();
  return permits(current?.features ?? [], current?.role ?? null, permission);
}
