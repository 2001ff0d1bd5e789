import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactElement } from 'react';
import type { Params } from 'react-router-dom';

/**
 * Starts a screen's first queries. Runs when its route matches (on every navigation to it), while the screen's code
 * is still loading, so the API call and the chunks travel together instead of one after the other. It must go
 * through the feature's own queryOptions (`queryClient.prefetchQuery(xQueries.list(...))`), so the screen's
 * useQuery finds the answer (or the call in flight) under the same key. The router runs it once per visit. Import the feature's api module dynamically: it then loads
 * beside the screen's chunk rather than in every first load. Failures are ignored: the screen's own query reports.
 */
export type RoutePrefetch = (
  queryClient: QueryClient,
  params: Readonly<Params>,
  searchParams: URLSearchParams,
) => Promise<unknown> | void;

/** A route of the table: its path, how to load its screen's code (on first visit), and its first queries. */
export type LazyRoute = { path: string; load: () => Promise<ComponentType>; prefetch?: RoutePrefetch };

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
