import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactElement, type ReactNode } from 'react';
import { Navigate, useLocation, useParams, useRoutes, type RouteObject } from 'react-router-dom';
import type { LazyRoute } from '@/lib/route-table';
import type { Feature, Permission } from '@/lib/features';
import { useFeature, usePermission, useSession } from '@/lib/core/session';
import { ErrorBoundary } from './error-boundary';
import { AppLayout } from './layout/app-layout';
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES } from './feature-routes';
import { NoAccessPage } from './no-access-page';
import { NotFoundPage } from './not-found-page';
import { RequireAuth } from './require-auth';
import { useScrollRestoration } from './scroll-restoration';
import { loadScreen, preloadRoute, prefetchVisit } from './route-code';
import { ScreenLoader } from './screen-loader';

/** Runs the route's prefetch during render, before the lazy screen below suspends (as usePrefetchQuery does). */
function Prefetching({ data, children }: { data: NonNullable<LazyRoute['data']>; children: ReactNode }) {
  const queryClient = useQueryClient();
  const params = useParams();
  const { key, pathname, search } = useLocation();
  prefetchVisit(`${key} ${pathname}${search}`, data, queryClient, params, new URLSearchParams(search));
  return children;
}

/** One element per screen (the same lazy component for every path that shows it, e.g. /sign-in and /login). */
const elements = new Map<LazyRoute['screen'], ReactElement>();

/**
 * A route's screen: its code, with the route's files (what that code imports, and its `preload`), loaded on the first
 * visit, and its first queries, started at the same moment.
 */
function screen(route: LazyRoute) {
  const { screen: code, data } = route;
  let element = elements.get(code);
  if (!element) {
    const Screen = lazy(async () => {
      preloadRoute(route);
      return { default: await loadScreen(code) };
    });
    element = <Screen />;
    elements.set(code, element);
  }
  return data ? <Prefetching data={data}>{element}</Prefetching> : element;
}

/**
 * A screen of an extension: the not-found page, with no prefetch, unless the API announced it. While an expired
 * session is signed in again over the screen (its features are gone meanwhile), the screen stays, with its form.
 */
function Announced({ feature, children }: { feature: Feature; children: ReactElement }) {
  const announced = useFeature(feature);
  const [wasAnnounced] = useState(announced);
  const signedIn = useSession() !== null;
  return (signedIn ? announced : wasAnnounced) ? children : <NotFoundPage />;
}

/** A screen the admin's role may open ('roles'), or the no-access screen, with no prefetch. */
function Permitted({ permission, children }: { permission: Permission; children: ReactElement }) {
  return usePermission(permission) ? children : <NoAccessPage />;
}

function toRoute(route: LazyRoute): RouteObject {
  const permitted = route.permission ? (
    <Permitted permission={route.permission}>{screen(route)}</Permitted>
  ) : (
    screen(route)
  );
  const element = route.feature ? <Announced feature={route.feature}>{permitted}</Announced> : permitted;
  return route.path === '/' ? { index: true, element } : { path: route.path, element };
}

/**
 * The one route table: the screens the features declare (feature-routes.ts), in the shell (signed in) or alone
 * (public pages).
 * (Declarative routes rather than a data router: the data router would add ~16 KiB to every first load.)
 */
export const routes: RouteObject[] = [
  ...PUBLIC_ROUTES.map(toRoute),
  { path: '/sign-up', element: <Navigate to="/sign-in" replace /> },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        children: [...SIGNED_IN_ROUTES.map(toRoute), { path: '*', element: <NotFoundPage /> }],
      },
    ],
  },
];

/** Renders the route table. Signed-in screens have their own error boundary inside the layout. */
export function AppRoutes() {
  const element = useRoutes(routes);
  useScrollRestoration();
  return (
    <ErrorBoundary>
      <Suspense fallback={<ScreenLoader />}>{element}</Suspense>
    </ErrorBoundary>
  );
}
