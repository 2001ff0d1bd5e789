import type { Params } from 'react-router-dom';

/**
 * Matches a pathname against a route pattern as React Router does for the patterns this console uses (static
 * segments and `:name` params, case-insensitive, trailing slash ignored); static segments win over params.
 * src/boot.ts needs it before React Router has arrived; tests/shell/route-table.test.ts holds it to React Router's answers
 * for every route of the table.
 */
export function matchRoute<Route extends { path: string }>(
  routes: readonly Route[],
  pathname: string,
): { route: Route; params: Params } | null {
  const segments = pathname.split('/').filter(Boolean);
  let best: { route: Route; params: Params; dynamic: number } | null = null;
  for (const route of routes) {
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    let dynamic = 0;
    const matches = pattern.every((part, index) => {
      const value = segments[index] ?? '';
      if (!part.startsWith(':')) return part.toLowerCase() === value.toLowerCase();
      dynamic += 1;
      try {
        params[part.slice(1)] = decodeURIComponent(value);
        return true;
      } catch {
        return false;
      }
    });
    if (matches && (!best || dynamic < best.dynamic)) best = { route, params, dynamic };
  }
  return best && { route: best.route, params: best.params };
}
