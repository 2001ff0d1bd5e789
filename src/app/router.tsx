import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, useRoutes, type RouteObject } from 'react-router-dom';
import { catalogueRoutes } from '@/features/catalogues/routes';
import { pagedListRoutes } from '@/features/read-only-lists/routes';
import { ErrorBoundary } from './error-boundary';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { RequireAuth } from './require-auth';
import { ScreenLoader } from './screen-loader';
import { UnsavedChangesGuard } from './unsaved-changes-guard';

/**
 * Loads a screen's code only when its route is visited, so each screen's libraries stay in its own chunk.
 * (Declarative routes rather than a data router: the data router would add ~16 KiB to every first load.)
 */
function screen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  const Screen = lazy(async () => ({ default: pick(await load()) }));
  return <Screen />;
}

const signIn = screen(
  () => import('@/features/auth/sign-in-page'),
  (m) => m.SignInPage,
);
const dashboard = screen(
  () => import('@/features/dashboard/dashboard-page'),
  (m) => m.DashboardPage,
);
const faqForm = screen(
  () => import('@/features/faq/faq-form-page'),
  (m) => m.FaqFormPage,
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
            ),
          },
          {
            path: '/users/:userId',
            element: screen(
              () => import('@/features/users/user-profile-page'),
              (m) => m.UserProfilePage,
            ),
          },
          {
            path: '/faq',
            element: screen(
              () => import('@/features/faq/faq-list-page'),
              (m) => m.FaqListPage,
            ),
          },
          { path: '/faq/add', element: faqForm },
          { path: '/faq/update/:faqId', element: faqForm },
          ...[...catalogueRoutes, ...pagedListRoutes].map(({ path, load }) => ({
            path,
            element: screen(load, (Screen) => Screen),
          })),
          {
            path: '/profile',
            element: screen(
              () => import('@/features/own-profile/own-profile-page'),
              (m) => m.OwnProfilePage,
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
