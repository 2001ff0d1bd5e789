import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { RequireAuth } from './require-auth';
import { RouteError } from './route-error';
import { ScreenLoader } from './screen-loader';

/** Loads a screen's code only when its route is visited, so each screen's libraries stay in its own chunk. */
function screen<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return async () => ({ Component: pick(await load()) });
}

/** The one route table (SPEC 2.1, 2.2 and DECISIONS "Scope"). Paths are SPEC's, quirks included. */
export const routes: RouteObject[] = [
  {
    errorElement: <RouteError />,
    hydrateFallbackElement: <ScreenLoader />,
    children: [
      {
        path: '/sign-in',
        lazy: screen(
          () => import('@/features/auth/sign-in-page'),
          (m) => m.SignInPage,
        ),
      },
      {
        path: '/login',
        lazy: screen(
          () => import('@/features/auth/sign-in-page'),
          (m) => m.SignInPage,
        ),
      },
      { path: '/sign-up', element: <Navigate to="/sign-in" replace /> },
      {
        path: '/childsafetypolicy',
        lazy: screen(
          () => import('@/features/public-pages/child-safety-policy-page'),
          (m) => m.ChildSafetyPolicyPage,
        ),
      },
      {
        path: '/delete-account',
        lazy: screen(
          () => import('@/features/public-pages/delete-account-page'),
          (m) => m.DeleteAccountPage,
        ),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            errorElement: <RouteError />,
            children: [
              {
                index: true,
                lazy: screen(
                  () => import('@/features/dashboard/dashboard-page'),
                  (m) => m.DashboardPage,
                ),
              },
              {
                path: '/dashboard',
                lazy: screen(
                  () => import('@/features/dashboard/dashboard-page'),
                  (m) => m.DashboardPage,
                ),
              },
              {
                path: '/users',
                lazy: screen(
                  () => import('@/features/users/users-list-page'),
                  (m) => m.UsersListPage,
                ),
              },
              {
                path: '/users/:userId',
                lazy: screen(
                  () => import('@/features/users/user-profile-page'),
                  (m) => m.UserProfilePage,
                ),
              },
              {
                path: '/faq',
                lazy: screen(
                  () => import('@/features/faq/faq-list-page'),
                  (m) => m.FaqListPage,
                ),
              },
              {
                path: '/faq/add',
                lazy: screen(
                  () => import('@/features/faq/faq-form-page'),
                  (m) => m.FaqFormPage,
                ),
              },
              {
                path: '/faq/update/:faqId',
                lazy: screen(
                  () => import('@/features/faq/faq-form-page'),
                  (m) => m.FaqFormPage,
                ),
              },
              {
                path: '/profile',
                lazy: screen(
                  () => import('@/features/own-profile/own-profile-page'),
                  (m) => m.OwnProfilePage,
                ),
              },
              { path: '*', element: <NotFoundPage /> },
            ],
          },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
