// The console's first script, put first in index.html by the build (vite.config.ts, bootScript) and run at once:
// it fetches the current page's screen code and api module while the main bundle downloads, instead of after React
// has rendered the shell and reached the route (on a slow network that wait is most of a first load). The build
// lists, per route of lazy-routes.ts, the files beyond those index.html already loads (#route-files); the router
// later imports the same files and finds them fetched. It imports nothing, so that it waits for nothing.
import { matchRoute } from '@/lib/match-path';

/** [path, whether it needs a session, indexes into files]. */
type RouteFiles = { files: string[]; routes: [string, 0 | 1, number[]][] };

function builtFiles(): RouteFiles | null {
  try {
    return JSON.parse(document.getElementById('route-files')?.textContent ?? 'null') as RouteFiles | null;
  } catch {
    return null;
  }
}

const built = builtFiles();
// SPEC 3's session key: signed out, a signed-in route shows sign-in instead, so its code is not fetched.
const signedIn = Boolean(localStorage.getItem('accessToken'));
const routes = (built?.routes ?? [])
  .filter(([, needsSession]) => signedIn || !needsSession)
  .map(([path, , files]) => ({ path, files }));
const match = matchRoute(routes, window.location.pathname);
for (const index of match?.route.files ?? []) {
  const href = built?.files[index];
  if (!href) continue;
  const link = document.createElement('link');
  if (href.endsWith('.css')) Object.assign(link, { rel: 'preload', as: 'style' });
  else link.rel = 'modulepreload';
  link.crossOrigin = '';
  link.setAttribute('href', href);
  document.head.append(link);
}
