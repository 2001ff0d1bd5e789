import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation, useParams, useRoutes, type RouteObject } from 'react-router-dom';
import { catalogueRoutes } from '@/features/catalogues/routes';
import { pagedListRoutes } from '@/features/read-only-lists/routes';
import type { RoutePrefetch } from '@/lib/declared-screen';
import { readListParams } from '@/lib/list-params';
import { ErrorBoundary } from './error-boundary';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { RequireAuth } from './require-auth';
import { ScreenLoader } from './screen-loader';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

let prefetchedFor = '';
function prefetchOnce(visit: string, run: () => Promise<unknown> | void) {
  if (prefetchedFor === visit) return;
  prefetchedFor = visit;
  return run();
}

/**
 * Runs the route's prefetch during render, before the lazy screen below suspends (as usePrefetchQuery does), once
 * per visit: this renders again and again while the screen's code loads, and a prefetch of a query that has just
 * failed would ask the server again each time, past the retry limit.
 */
function Prefetching({ prefetch, children }: { prefetch: RoutePrefetch; children: ReactNode }) {
  const queryClient = useQueryClient();
  const params = useParams();
  const { key, pathname, search } = useLocation();
  const visit = `${key} ${pathname}${search}`;
  void Promise.resolve()
    .then(() => prefetchOnce(visit, () => prefetch(queryClient, params, new URLSearchParams(search))))
    .catch(() => undefined);
  return children;
}

/**
 * A route's screen: its code, loaded only when the route is visited (so each screen's libraries stay in its own
 * chunk), and optionally its first queries, started at the same moment (see RoutePrefetch).
 * (Declarative routes rather than a data router: the data router would add ~16 KiB to every first load.)
 */
function screen<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
  prefetch?: RoutePrefetch,
) {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  return prefetch ? (
    <Prefetching prefetch={prefetch}>
      <Screen />
    </Prefetching>
  ) : (
    <Screen />
  );
}

const signIn = screen(
  () => import('@/features/auth/sign-in-page'),
  (m) => m.SignInPage,
);
const dashboard = screen(
  () => import('@/features/dashboard/dashboard-page'),
  (m) => m.DashboardPage,
  async (queryClient) => {
    const { dashboardResource } = await import('@/features/dashboard/api');
    return queryClient.prefetchQuery(dashboardResource.queries.single());
  },
);
const faqForm = screen(
  () => import('@/features/faq/faq-form-page'),
  (m) => m.FaqFormPage,
  async (queryClient, { faqId }) => {
    if (!faqId) return;
    const { faqQueries } = await import('@/features/faq/api');
    return queryClient.prefetchQuery(faqQueries.detail(faqId));
  },
);
const postForm = screen(
  () => import('@/features/posts/post-form-page'),
  (m) => m.PostFormPage,
  async (queryClient, { postId }) => {
    if (!postId) return;
    const { postQueries } = await import('@/features/posts/api');
    return queryClient.prefetchQuery(postQueries.detail(postId));
  },
);

/** The one route table (SPEC 2.1, 2.2 and DECISIONS "Scope"). Paths are SPEC's, quirks included. */
export const routes: RouteObject[] = [
  { path: '/sign-in', element: signIn },
  { path: '/login', element: signIn },
  { path: '/sign-up', element: <Navigate to="/sign-in" replace /> },
  {
    path: '/childsafetypolicy',
    element: screen(
      () => import('@/features/public-pages/child-safety-policy-page'),
      (m) => m.ChildSafetyPolicyPage,
      async (queryClient) => {
        const { childSafetyPolicyResource } = await import('@/features/public-pages/api');
        return queryClient.prefetchQuery(childSafetyPolicyResource.queries.single());
      },
    ),
  },
  {
    path: '/delete-account',
    element: screen(
      () => import('@/features/public-pages/delete-account-page'),
      (m) => m.DeleteAccountPage,
    ),
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { index: true, element: dashboard },
          { path: '/dashboard', element: dashboard },
          {
            path: '/users',
            element: screen(
              () => import('@/features/users/users-list-page'),
              (m) => m.UsersListPage,
              async (queryClient, _params, searchParams) => {
                const { usersListQuery, USER_FILTERS } = await import('@/features/users/api');
                return queryClient.prefetchQuery(usersListQuery(readListParams(searchParams, USER_FILTERS)));
              },
            ),
          },
          {
            path: '/users/:userId',
            element: screen(
              () => import('@/features/users/user-profile-page'),
              (m) => m.UserProfilePage,
              async (queryClient, { userId = '' }) => {
                const { userQueries } = await import('@/features/users/api');
                return queryClient.prefetchQuery(userQueries.detail(userId));
              },
            ),
          },
          {
            path: '/faq',
            element: screen(
              () => import('@/features/faq/faq-list-page'),
              (m) => m.FaqListPage,
              async (queryClient) => {
                const { faqQueries } = await import('@/features/faq/api');
                return queryClient.prefetchQuery(faqQueries.list());
              },
            ),
          },
          { path: '/faq/add', element: faqForm },
          { path: '/faq/update/:faqId', element: faqForm },
          {
            path: '/post',
            element: screen(
              () => import('@/features/posts/posts-list-page'),
              (m) => m.PostsListPage,
              async (queryClient, _params, searchParams) => {
                const { postsListQuery } = await import('@/features/posts/api');
                return queryClient.prefetchQuery(postsListQuery(readListParams(searchParams)));
              },
            ),
          },
          { path: '/post/add', element: postForm },
          { path: '/post/update/:postId', element: postForm },
          {
            path: '/send-mail',
            element: screen(
              () => import('@/features/send-mail/send-mail-list-page'),
              (m) => m.SendMailListPage,
              async (queryClient, _params, searchParams) => {
                const { mailResource } = await import('@/features/send-mail/api');
                const { page, size } = readListParams(searchParams);
                return queryClient.prefetchQuery(mailResource.queries.page({ page, size }));
              },
            ),
          },
          {
            path: '/send-mail/add',
            element: screen(
              () => import('@/features/send-mail/send-mail-form-page'),
              (m) => m.SendMailFormPage,
            ),
          },
          ...[...catalogueRoutes, ...pagedListRoutes].map(({ path, load, prefetch }) => ({
            path,
            element: screen(load, (Screen) => Screen, prefetch),
          })),
          {
            path: '/profile',
            element: screen(
              () => import('@/features/own-profile/own-profile-page'),
              (m) => m.OwnProfilePage,
              async (queryClient) => {
                const { ownProfileResource } = await import('@/features/own-profile/api');
                return queryClient.prefetchQuery(ownProfileResource.queries.single());
              },
            ),
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/** Renders the route table. Signed-in screens have their own error boundary inside the layout. */
export function AppRoutes() {
  const element = useRoutes(routes);
  return (
    <ErrorBoundary>
      <UnsavedChangesGuard />
      <Suspense fallback={<ScreenLoader />}>{element}</Suspense>
    </ErrorBoundary>
  );
}
