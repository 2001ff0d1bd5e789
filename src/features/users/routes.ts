import type * as Users from './api';
import type * as UserCalls from './calls';
import type * as UserProfilePage from './user-profile-page';
import type * as UsersListPage from './users-list-page';
import { callIn, queriesIn, screenIn, type LazyRoute } from '@/lib/route-table';

export const routes: LazyRoute[] = [
  {
    path: '/users',
    permission: 'members.read',
    screen: screenIn<typeof UsersListPage>('/src/features/users/users-list-page.tsx', (m) => m.UsersListPage),
    data: queriesIn<typeof Users>('/src/features/users/api.ts', (m, queryClient, _params, searchParams) =>
      queryClient.prefetchQuery(m.usersListQuery(m.readUsersList(searchParams))),
    ),
    call: callIn<typeof UserCalls>('/src/features/users/calls.ts', 'list'),
  },
  {
    path: '/users/:userId',
    permission: 'members.read',
    screen: screenIn<typeof UserProfilePage>(
      '/src/features/users/user-profile-page.tsx',
      (m) => m.UserProfilePage,
    ),
    data: queriesIn<typeof Users>('/src/features/users/api.ts', (m, queryClient, { userId = '' }) =>
      queryClient.prefetchQuery(m.userQueries.detail(userId)),
    ),
    call: callIn<typeof UserCalls>('/src/features/users/calls.ts', 'detail'),
  },
];
