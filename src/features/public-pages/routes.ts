import type * as AppealConfirmPage from './appeal-confirm-page';
import type * as AppealPage from './appeal-page';
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
    // An appeal of a restriction ('appeals'): its reader is a member, with no session, so no feature gates it.
    path: '/appeal',
    public: true,
    screen: screenIn<typeof AppealPage>('/src/features/public-pages/appeal-page.tsx', (m) => m.AppealPage),
  },
  {
    path: '/appeal/confirm',
    public: true,
    screen: screenIn<typeof AppealConfirmPage>(
      '/src/features/public-pages/appeal-confirm-page.tsx',
      (m) => m.AppealConfirmPage,
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
