import type * as PublicPages from './api';
import type * as ChildSafetyPolicyPage from './child-safety-policy-page';
import type * as DeleteAccountPage from './delete-account-page';
import type * as InvitationPage from './invitation-page';
import { queriesIn, screenIn, type LazyRoute } from '@/lib/route-table';

/** The pages anyone reads, signed in or not. */
export const routes: LazyRoute[] = [
  {
    path: '/childsafetypolicy',
    public: true,
    screen: screenIn<typeof ChildSafetyPolicyPage>(
      '/src/features/public-pages/child-safety-policy-page.tsx',
      (m) => m.ChildSafetyPolicyPage,
    ),
    data: queriesIn<typeof PublicPages>('/src/features/public-pages/api.ts', (m, queryClient) =>
      queryClient.prefetchQuery(m.childSafetyPolicyResource.queries.single()),
    ),
  },
  {
    path: '/delete-account',
    public: true,
    screen: screenIn<typeof DeleteAccountPage>(
      '/src/features/public-pages/delete-account-page.tsx',
      (m) => m.DeleteAccountPage,
    ),
  },
  {
    // An invitation's link ('admins'): its reader has no session, so no feature gates it.
    path: '/invitation/:token',
    public: true,
    screen: screenIn<typeof InvitationPage>(
      '/src/features/public-pages/invitation-page.tsx',
      (m) => m.InvitationPage,
    ),
  },
];
