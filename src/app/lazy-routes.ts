import type * as Dashboard from '@/features/dashboard/api';
import type * as DashboardCalls from '@/features/dashboard/calls';
import type * as DashboardPage from '@/features/dashboard/dashboard-page';
import type * as SignInPage from '@/features/auth/sign-in-page';
import { catalogueRoutes } from '@/features/catalogues/routes';
import type * as Faq from '@/features/faq/api';
import type * as FaqCalls from '@/features/faq/calls';
import type * as FaqFormPage from '@/features/faq/faq-form-page';
import type * as FaqListPage from '@/features/faq/faq-list-page';
import type * as Activity from '@/features/activity/api';
import type * as ActivityCalls from '@/features/activity/calls';
import type * as ChatReport from '@/features/chat-report/api';
import type * as ChatReportCalls from '@/features/chat-report/calls';
import type * as ActivityPage from '@/features/activity/activity-page';
import type * as ChatReportPage from '@/features/chat-report/chat-report-page';
import type * as OwnProfile from '@/features/own-profile/api';
import type * as OwnProfileCalls from '@/features/own-profile/calls';
import type * as OwnProfilePage from '@/features/own-profile/own-profile-page';
import type * as Posts from '@/features/posts/api';
import type * as PostCalls from '@/features/posts/calls';
import type * as PostFormPage from '@/features/posts/post-form-page';
import type * as PostsListPage from '@/features/posts/posts-list-page';
import type * as PublicPages from '@/features/public-pages/api';
import type * as ChildSafetyPolicyPage from '@/features/public-pages/child-safety-policy-page';
import type * as DeleteAccountPage from '@/features/public-pages/delete-account-page';
import { pagedListRoutes } from '@/features/read-only-lists/routes';
import type * as Mail from '@/features/send-mail/api';
import type * as MailCalls from '@/features/send-mail/calls';
import type * as SendMailFormPage from '@/features/send-mail/send-mail-form-page';
import type * as SendMailListPage from '@/features/send-mail/send-mail-list-page';
import type * as Users from '@/features/users/api';
import type * as UserCalls from '@/features/users/calls';
import type * as UserProfilePage from '@/features/users/user-profile-page';
import type * as UsersListPage from '@/features/users/users-list-page';
import { callIn, queriesIn, screenIn, type LazyRoute } from '@/lib/declared-screen';

/**
 * Every screen of the route table (SPEC 2.1, 2.2 and DECISIONS "Scope"): its path, its code and its first queries,
 * as data (see RouteCode). router.tsx builds the routes from these lists, and src/boot.ts reads them to fetch the
 * current page's code at once, so this module imports only types and plain data.
 */

const signIn = screenIn<typeof SignInPage>('/src/features/auth/sign-in-page.tsx', (m) => m.SignInPage);

/** Pages anyone sees, signed in or not. */
export const PUBLIC_ROUTES: LazyRoute[] = [
  { path: '/sign-in', screen: signIn },
  { path: '/login', screen: signIn },
  {
    path: '/childsafetypolicy',
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
    screen: screenIn<typeof DeleteAccountPage>(
      '/src/features/public-pages/delete-account-page.tsx',
      (m) => m.DeleteAccountPage,
    ),
  },
];

const dashboard: Omit<LazyRoute, 'path'> = {
  screen: screenIn<typeof DashboardPage>(
    '/src/features/dashboard/dashboard-page.tsx',
    (m) => m.DashboardPage,
  ),
  data: queriesIn<typeof Dashboard>('/src/features/dashboard/api.ts', (m, queryClient) =>
    queryClient.prefetchQuery(m.dashboardResource.queries.single()),
  ),
  call: callIn<typeof DashboardCalls>('/src/features/dashboard/calls.ts', 'counts'),
};

const faqForm = screenIn<typeof FaqFormPage>('/src/features/faq/faq-form-page.tsx', (m) => m.FaqFormPage);
const postForm = screenIn<typeof PostFormPage>(
  '/src/features/posts/post-form-page.tsx',
  (m) => m.PostFormPage,
);

/** Screens behind sign-in, inside the layout. '/' is the dashboard too. */
export const SIGNED_IN_ROUTES: LazyRoute[] = [
  { path: '/', ...dashboard },
  { path: '/dashboard', ...dashboard },
  {
    path: '/users',
    screen: screenIn<typeof UsersListPage>('/src/features/users/users-list-page.tsx', (m) => m.UsersListPage),
    data: queriesIn<typeof Users>('/src/features/users/api.ts', (m, queryClient, _params, searchParams) =>
      queryClient.prefetchQuery(m.usersListQuery(m.readUsersList(searchParams))),
    ),
    call: callIn<typeof UserCalls>('/src/features/users/calls.ts', 'list'),
  },
  {
    path: '/users/:userId',
    screen: screenIn<typeof UserProfilePage>(
      '/src/features/users/user-profile-page.tsx',
      (m) => m.UserProfilePage,
    ),
    data: queriesIn<typeof Users>('/src/features/users/api.ts', (m, queryClient, { userId = '' }) =>
      queryClient.prefetchQuery(m.userQueries.detail(userId)),
    ),
    call: callIn<typeof UserCalls>('/src/features/users/calls.ts', 'detail'),
  },
  {
    path: '/faq',
    screen: screenIn<typeof FaqListPage>('/src/features/faq/faq-list-page.tsx', (m) => m.FaqListPage),
    data: queriesIn<typeof Faq>('/src/features/faq/api.ts', (m, queryClient) =>
      queryClient.prefetchQuery(m.faqQueries.list()),
    ),
    call: callIn<typeof FaqCalls>('/src/features/faq/calls.ts', 'list'),
  },
  { path: '/faq/add', screen: faqForm },
  {
    path: '/faq/update/:faqId',
    screen: faqForm,
    data: queriesIn<typeof Faq>('/src/features/faq/api.ts', (m, queryClient, { faqId = '' }) =>
      queryClient.prefetchQuery(m.faqQueries.detail(faqId)),
    ),
    call: callIn<typeof FaqCalls>('/src/features/faq/calls.ts', 'detail'),
  },
  {
    path: '/post',
    screen: screenIn<typeof PostsListPage>('/src/features/posts/posts-list-page.tsx', (m) => m.PostsListPage),
    data: queriesIn<typeof Posts>('/src/features/posts/api.ts', (m, queryClient, _params, searchParams) =>
      queryClient.prefetchQuery(m.postsListQuery(m.readPostsList(searchParams))),
    ),
    call: callIn<typeof PostCalls>('/src/features/posts/calls.ts', 'list'),
  },
  { path: '/post/add', screen: postForm },
  {
    path: '/post/update/:postId',
    screen: postForm,
    data: queriesIn<typeof Posts>('/src/features/posts/api.ts', (m, queryClient, { postId = '' }) =>
      queryClient.prefetchQuery(m.postQueries.detail(postId)),
    ),
    call: callIn<typeof PostCalls>('/src/features/posts/calls.ts', 'detail'),
  },
  {
    path: '/send-mail',
    screen: screenIn<typeof SendMailListPage>(
      '/src/features/send-mail/send-mail-list-page.tsx',
      (m) => m.SendMailListPage,
    ),
    data: queriesIn<typeof Mail>(
      '/src/features/send-mail/api.ts',
      (m, queryClient, _params, searchParams) => {
        return queryClient.prefetchQuery(m.mailResource.queries.page(m.readMailList(searchParams)));
      },
    ),
    call: callIn<typeof MailCalls>('/src/features/send-mail/calls.ts', 'list'),
  },
  {
    path: '/send-mail/add',
    screen: screenIn<typeof SendMailFormPage>(
      '/src/features/send-mail/send-mail-form-page.tsx',
      (m) => m.SendMailFormPage,
    ),
  },
  ...catalogueRoutes,
  ...pagedListRoutes,
  {
    path: '/chat-report',
    screen: screenIn<typeof ChatReportPage>(
      '/src/features/chat-report/chat-report-page.tsx',
      (m) => m.ChatReportPage,
    ),
    data: queriesIn<typeof ChatReport>(
      '/src/features/chat-report/api.ts',
      (m, queryClient, _params, searchParams) =>
        queryClient.prefetchQuery(m.chatReportResource.queries.page(m.readChatReportList(searchParams))),
    ),
    call: callIn<typeof ChatReportCalls>('/src/features/chat-report/calls.ts', 'chatReport'),
  },
  {
    path: '/activity',
    feature: 'activity-log',
    screen: screenIn<typeof ActivityPage>('/src/features/activity/activity-page.tsx', (m) => m.ActivityPage),
    data: queriesIn<typeof Activity>(
      '/src/features/activity/api.ts',
      (m, queryClient, _params, searchParams) =>
        queryClient.prefetchQuery(m.activityResource.queries.page(m.readActivityList(searchParams))),
    ),
    call: callIn<typeof ActivityCalls>('/src/features/activity/calls.ts', 'activity'),
  },
  {
    path: '/profile',
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
