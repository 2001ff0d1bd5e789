import type * as Posts from './api';
import type * as PostCalls from './calls';
import type * as PostFormPage from './post-form-page';
import type * as PostsListPage from './posts-list-page';
import { callIn, queriesIn, screenIn, type LazyRoute } from '@/lib/route-table';

const postForm = screenIn<typeof PostFormPage>(
  '/src/features/posts/post-form-page.tsx',
  (m) => m.PostFormPage,
);

export const routes: LazyRoute[] = [
  {
    path: '/post',
    permission: 'posts.write',
    screen: screenIn<typeof PostsListPage>('/src/features/posts/posts-list-page.tsx', (m) => m.PostsListPage),
    data: queriesIn<typeof Posts>('/src/features/posts/api.ts', (m, queryClient, _params, searchParams) =>
      queryClient.prefetchQuery(m.postsListQuery(m.readPostsList(searchParams))),
    ),
    call: callIn<typeof PostCalls>('/src/features/posts/calls.ts', 'list'),
  },
  { path: '/post/add', permission: 'posts.write', screen: postForm },
  {
    path: '/post/update/:postId',
    permission: 'posts.write',
    screen: postForm,
    data: queriesIn<typeof Posts>('/src/features/posts/api.ts', (m, queryClient, { postId = '' }) =>
      queryClient.prefetchQuery(m.postQueries.detail(postId)),
    ),
    call: callIn<typeof PostCalls>('/src/features/posts/calls.ts', 'detail'),
  },
];
