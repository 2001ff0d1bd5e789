// The console's first script, written into index.html by the build (vite-plugins/boot-script.ts) and run while the
// page is parsed, before any module script: it fetches the current page's screen code and api module while the main
// bundle downloads, instead of after React has rendered the shell and reached the route (on a slow network that wait
// is most of a first load), and sends the page's first API call (the route's `call`) so that its answer travels with
// the code. The build lists, per route of the table (each feature's routes.ts), the files beyond those index.html
// already loads (#route-files); the router later imports the same files and finds them fetched, and the API client hands the
// call's answer to the query that asks it (api-client.ts). Its imports (the calls modules and the plain code they
// use) are bundled into it, so that it waits for nothing.
import { apiRoot, cleanApiUrl } from '@/config/api-root';
import { storedFeature, storedPermits, type Feature, type Permission } from '@/lib/features';
import { matchRoute } from '@/lib/match-path';
import { callPath, type FirstCall } from '@/lib/resource-calls';

/**
 * [path, whether it needs a session, indexes into files, its first call ([calls module, name], or null for none
 * before a feature), the extension the route belongs to (LazyRoute's `feature`, or null for none before a
 * permission), the permission a role needs to open it (LazyRoute's `permission`)].
 */
type RouteFiles = {
  files: string[];
  routes: [string, 0 | 1, number[], ([string, string] | null)?, (Feature | null)?, Permission?][];
};

/** Every calls module, by its path from the project root (LazyRoute's `call.module`). */
const CALLS = import.meta.glob<{ firstCalls: Record<string, FirstCall> }>('/src/features/*/calls.ts', {
  eager: true,
});

function builtFiles(): RouteFiles | null {
  try {
    return JSON.parse(document.getElementById('route-files')?.textContent ?? 'null') as RouteFiles | null;
  } catch {
    return null;
  }
}

/**
 * Sends a route's first call with the stored token to the API client's address (config/api-root.ts), and leaves
 * its answer for the client. A call that cannot be made here is simply left to the client.
 */
function sendFirstCall(
  call: FirstCall | undefined,
  params: Record<string, string | undefined>,
  token: string,
) {
  if (call) sendEarly(callPath(call(params, new URLSearchParams(window.location.search))), token);
}

/** Sends GET `path` (no leading slash) with the stored token, once, and leaves its answer for the client. */
function sendEarly(path: string, token: string) {
  if (window.earlyCalls?.has(path)) return;
  const answer = fetch(`${apiRoot(cleanApiUrl(import.meta.env.VITE_API_URL))}/${path}`, {
    headers: { Authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(30_000),
  });
  // Read by the client, or never: an answer nobody takes (the admin has gone elsewhere) must not be reported.
  answer.catch(() => undefined);
  (window.earlyCalls ??= new Map()).set(path, { token, answer });
}

const built = builtFiles();
// SPEC 3's session key: signed out, a signed-in route shows sign-in instead, so its code is not fetched.
const token = localStorage.getItem('accessToken');
// A route of an extension the stored session's API did not announce is an unknown page, and one the stored role may
// not open shows the no-access screen: nothing to fetch for either.
const routes = (built?.routes ?? [])
  .filter(
    ([, needsSession, , , feature, permission]) =>
      (token || !needsSession) && (!feature || storedFeature(feature)) && storedPermits(permission),
  )
  .map(([path, , files, call]) => ({ path, files, call }));
const fetched = new Set<string>();

/** Fetches built files (indexes into `files`) for the router to import, each once. */
function fetchFiles(indexes: readonly number[]) {
  for (const index of indexes) {
    const href = built?.files[index];
    if (!href || fetched.has(href)) continue;
    fetched.add(href);
    const link = document.createElement('link');
    if (href.endsWith('.css')) Object.assign(link, { rel: 'preload', as: 'style' });
    else link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.setAttribute('href', href);
    document.head.append(link);
  }
}

const match = matchRoute(routes, window.location.pathname);
fetchFiles(match?.route.files ?? []);
// Later visits: the router asks for a route's files, by its path, when the route's code imports more as it starts
// (preloadRoute in src/app/route-code.ts).
window.fetchRouteFiles = (path) =>
  fetchFiles(built?.routes.find(([candidate]) => candidate === path)?.[2] ?? []);
const call = match?.route.call;
if (match && call && token) {
  try {
    sendFirstCall(CALLS[call[0]]?.firstCalls[call[1]], match.params, token);
  } catch {
    // The client makes the call itself.
  }
}
// A stored session's role ('roles') is read again on the first load (refreshRole, app/require-auth.tsx): sent here, it
// travels with the code instead of waiting for it.
if (token && storedFeature('roles')) sendEarly('user/read', token);
