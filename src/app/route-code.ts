import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { matchRoutes, type Params } from 'react-router-dom';
import type { LazyRoute } from '@/lib/route-table';
import { session } from '@/lib/core/session';
import { storedPermits } from '@/lib/features';
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES } from './feature-routes';

/**
 * The code that routes name (each feature's routes.ts: screens and their api modules), each loaded on its first use;
 * a build gives each its own chunk.
 */
const MODULES = import.meta.glob([
  '/src/features/*/*-page.tsx',
  '/src/features/*/api.ts',
  '/src/features/*/resource.ts',
]);

function load(module: string): Promise<unknown> {
  const loader = MODULES[module];
  return loader ? loader() : Promise.reject(new Error(`A route names ${module}, which is not there`));
}

/** A route's screen component, from its module. */
export async function loadScreen({ module, run }: LazyRoute['screen']): Promise<ComponentType> {
  return run((await load(module)) as never);
}

/**
 * Starts fetching a route's files as its code starts loading: its screen's and api module's chunks, what they import,
 * and the modules its code imports as it starts (its `preload`), so that the screen and the prefetch find them arrived
 * or on their way rather than asking for each once the one before has come. Through the build's list of each route's
 * files, which src/boot.ts holds (without a build, on the dev server and in the tests, nothing is fetched ahead).
 */
export function preloadRoute({ path }: Pick<LazyRoute, 'path'>) {
  window.fetchRouteFiles?.(path);
}

/** Starts a route's first queries, from its api module. */
export async function prefetchRoute(
  { module, run }: NonNullable<LazyRoute['data']>,
  queryClient: QueryClient,
  params: Readonly<Params>,
  searchParams: URLSearchParams,
) {
  return run((await load(module)) as never, queryClient, params, searchParams);
}

let prefetchedFor = '';

/**
 * Starts a route's first queries once per visit (a location's key and URL): the router renders the route again and
 * again while its code loads, and a prefetch of a query that has just failed would ask the server again each time,
 * past the retry limit.
 */
export function prefetchVisit(
  visit: string,
  ...[data, queryClient, params, searchParams]: Parameters<typeof prefetchRoute>
) {
  if (prefetchedFor === visit) return;
  prefetchedFor = visit;
  prefetchRoute(data, queryClient, params, searchParams).catch(() => undefined);
}

/**
 * Starts the first page's queries the moment the main bundle runs, before React renders the shell and reaches the
 * route, as the router's visit of it ('default' is React Router's key for the first location), so the router does
 * not ask again; src/boot.ts has already fetched the api module.
 */
export function prefetchFirstPage(queryClient: QueryClient) {
  const routes = session.get() ? [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES] : PUBLIC_ROUTES;
  const { pathname, search } = window.location;
  const [match] = matchRoutes(routes, pathname) ?? [];
  const { feature, permission } = match?.route ?? {};
  if (feature && !session.get()?.features.includes(feature)) return;
  if (permission && !storedPermits(permission)) return;
  if (match?.route.data)
    prefetchVisit(
      `default ${pathname}${search}`,
      match.route.data,
      queryClient,
      match.params,
      new URLSearchParams(search),
    );
}
