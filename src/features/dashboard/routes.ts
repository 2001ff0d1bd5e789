import type * as Dashboard from './api';
import type * as DashboardCalls from './calls';
import type * as DashboardPage from './dashboard-page';
import { callIn, queriesIn, screenIn, type LazyRoute } from '@/lib/route-table';

const dashboard = {
  permission: 'dashboard.read',
  screen: screenIn<typeof DashboardPage>(
    '/src/features/dashboard/dashboard-page.tsx',
    (m) => m.DashboardPage,
  ),
  data: queriesIn<typeof Dashboard>('/src/features/dashboard/api.ts', (m, queryClient) =>
    queryClient.prefetchQuery(m.dashboardResource.queries.single()),
  ),
  call: callIn<typeof DashboardCalls>('/src/features/dashboard/calls.ts', 'counts'),
} satisfies Omit<LazyRoute, 'path'>;

/** The dashboard, which '/' shows too. */
export const routes: LazyRoute[] = [
  { path: '/', ...dashboard },
  { path: '/dashboard', ...dashboard },
];
