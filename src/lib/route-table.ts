import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactElement } from 'react';
import type { Params } from 'react-router-dom';
import type { Feature, Permission } from './features';

// The route table: what a route is, the helpers each feature's routes.ts declares its routes with, and routeTable,
// which gathers them (src/app/feature-routes.ts in the console, the build's boot script at build time).

/**
 * A module of the console's code that a route loads on its first visit, named by its source path from the project
 * root ('/src/features/users/users-list-page.tsx'), and what the route takes from it. Routes name their code rather
 * than import it, so that the route table is plain data: src/boot.ts reads it to fetch the first page's code while
 * the main bundle downloads, and the router loads the modules by these names (src/app/route-code.ts); a test checks
 * that every name resolves and gives what the route expects.
 */
export type RouteCode<Run> = { module: string; run: Run };

/**
 * Starts a screen's first queries, from the route's data module (the feature's api module, loaded beside the
 * screen's code rather than in every first load). Runs when the route matches (on every navigation to it), while
 * the screen's code is still loading, so the API call and the chunks travel together. It must go through the
 * feature's own queryOptions (`queryClient.prefetchQuery(xQueries.list(...))`), so the screen's useQuery finds the
 * answer (or the call in flight) under the same key. The router runs it once per visit (src/app/route-code.ts).
 * Failures are ignored: the screen's own query reports them.
 */
export type RoutePrefetch<Module = never> = (
  module: Module,
  queryClient: QueryClient,
  params: Readonly<Params>,
  searchParams: URLSearchParams,
) => Promise<unknown> | void;

/**
 * A route's first API call, for src/boot.ts to send before the main bundle arrives: one of the `firstCalls` of a
 * feature's calls module (features/<name>/calls.ts, plain data built with the same readCalls as the feature's
 * queries, so the call is the one the route's prefetch then makes; tests/shell/route-table.test.ts checks it).
 */
export type RouteCall = { module: string; name: string };

/**
 * A route of the table: its path, its screen's code, and optionally its first queries and their first call. A page
 * anyone sees, signed in or not (SPEC 2.1), is `public`; every other route is behind sign-in, inside the layout, and
 * names the permission ('roles'; contract/roles.ts) a role needs to open it: without it the route shows the no-access
 * screen, and neither its prefetch nor its first call runs.
 */
export type LazyRoute = RouteFields &
  ({ public: true; permission?: undefined } | { public?: undefined; permission: Permission });

/**
 * How a route takes its screen from the screen's module: at once, or after loading what the screen is built from (a
 * catalogue's declaration), which the route then names in its `preload`.
 */
type PickScreen<Module> = (module: Module) => ComponentType | Promise<ComponentType>;

type RouteFields = {
  path: string;
  screen: RouteCode<PickScreen<never>>;
  data?: RouteCode<RoutePrefetch>;
  /**
   * Modules the route's screen or prefetch imports as it starts (a catalogue's declaration), by source path like
   * `module`: fetched together with the route's code (by src/boot.ts on a first load, by the router on a visit), not
   * after it.
   */
  preload?: readonly string[];
  call?: RouteCall;
  /**
   * The extension the screen belongs to (DECISIONS, "Extensions of the reference API, announced"): unless the API
   * announced it, the path is an unknown route (the not-found page) and neither its prefetch nor its first call runs.
   */
  feature?: Feature;
};

declare global {
  interface Window {
    /**
     * Fetches a route's built files (its code, what that imports and what it preloads), by the route's path in the
     * table: set by src/boot.ts, which holds the build's list of them, and used by the router (src/app/route-code.ts).
     */
    fetchRouteFiles?: (path: string) => void;
  }
}

/** A route's screen: the module that holds it and how to take the screen from it. */
export const screenIn = <Module>(module: string, pick: PickScreen<Module>): LazyRoute['screen'] => ({
  module,
  run: pick,
});

/** A route's first queries: the module that holds their queryOptions and how to start them. */
export const queriesIn = <Module>(
  module: string,
  prefetch: RoutePrefetch<Module>,
): RouteCode<RoutePrefetch> => ({ module, run: prefetch });

/** A route's first call: the calls module and the name of one of its `firstCalls`. */
export const callIn = <Module extends { firstCalls: object }>(
  module: string,
  name: keyof Module['firstCalls'] & string,
): RouteCall => ({ module, name });

/** What a feature's routes module exports: its routes, plain data (it may import only types and plain data). */
export type RoutesModule = { routes: LazyRoute[] };

/**
 * The whole table from every feature's routes module, by module path (import.meta.glob's answer): the modules in the
 * order of their paths, each feature's routes in its own order. No two routes match the same path (a test checks),
 * so the order decides nothing about which screen a path shows.
 */
export function routeTable(modules: Record<string, RoutesModule>) {
  const routes = Object.keys(modules)
    .sort()
    .flatMap((module) => modules[module]!.routes);
  return {
    PUBLIC_ROUTES: routes.filter((route) => route.public),
    SIGNED_IN_ROUTES: routes.filter((route) => !route.public),
  };
}

const screens = new Map<string, ComponentType>();

/**
 * The screen a generic page shows for one declaration (a catalogue, a read-only list), as a component of its own.
 * The same id gives the same component every time, so React keeps the screen across renders.
 */
export function declaredScreen(id: string, render: () => ReactElement): ComponentType {
  let Screen = screens.get(id);
  if (!Screen) {
    Screen = () => render();
    Screen.displayName = `Screen(${id})`;
    screens.set(id, Screen);
  }
  return Screen;
}
