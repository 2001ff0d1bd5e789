import type * as Activity from './api';
import type * as ActivityPage from './activity-page';
import type * as ActivityCalls from './calls';
import { callIn, queriesIn, screenIn, type LazyRoute } from '@/lib/route-table';

export const routes: LazyRoute[] = [
  {
    path: '/activity',
    feature: 'activity-log',
    permission: 'activity.read',
    screen: screenIn<typeof ActivityPage>('/src/features/activity/activity-page.tsx', (m) => m.ActivityPage),
    data: queriesIn<typeof Activity>(
      '/src/features/activity/api.ts',
      (m, queryClient, _params, searchParams) =>
        queryClient.prefetchQuery(m.activityResource.queries.page(m.readActivityList(searchParams))),
    ),
    call: callIn<typeof ActivityCalls>('/src/features/activity/calls.ts', 'activity'),
  },
];
