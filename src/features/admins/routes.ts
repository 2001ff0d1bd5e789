import type * as AdminsPage from './admins-page';
import type * as InviteAdminPage from './invite-admin-page';
import { screenIn, type LazyRoute } from '@/lib/route-table';

/** Admin accounts ('admins'); the invitation's public page is among the public pages. */
export const routes: LazyRoute[] = [
  {
    path: '/admins',
    feature: 'admins',
    permission: 'admins.manage',
    screen: screenIn<typeof AdminsPage>('/src/features/admins/admins-page.tsx', (m) => m.AdminsPage),
  },
  {
    path: '/admins/invite',
    feature: 'admins',
    permission: 'admins.manage',
    screen: screenIn<typeof InviteAdminPage>(
      '/src/features/admins/invite-admin-page.tsx',
      (m) => m.InviteAdminPage,
    ),
  },
];
