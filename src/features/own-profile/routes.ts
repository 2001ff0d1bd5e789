import type * as OwnProfile from './api';
import type * as OwnProfileCalls from './calls';
import type * as OwnProfilePage from './own-profile-page';
import { callIn, queriesIn, screenIn, type LazyRoute } from '@/lib/route-table';

export const routes: LazyRoute[] = [
  {
    path: '/profile',
    permission: 'profile.own',
    screen: screenIn<typeof OwnProfilePage>(
      '/src/features/own-profile/own-profile-page.tsx',
      (m) => m.OwnProfilePage,
    ),
    data: queriesIn<typeof OwnProfile>('/src/features/own-profile/api.ts', (m, queryClient) =>
      queryClient.prefetchQuery(m.ownProfileResource.queries.single()),
    ),
    call: callIn<typeof OwnProfileCalls>('/src/features/own-profile/calls.ts', 'profile'),
  },
];
