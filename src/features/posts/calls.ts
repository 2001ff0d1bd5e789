import { readListParams, type ListState } from '@/lib/list-state';
import { readCalls, type FirstCall, type PageRequest } from '@/lib/resource-calls';

// What the posts screens ask the API (SPEC 7.10), as plain data (see features/users/calls.ts).

export type PostsListParams = PageRequest & { search: string };

export const POST_READ_ENDPOINTS = { page: 'post/list', detail: (postId: string) => `post/read/${postId}` };

/** The list's query string: page, items, and q with fields=name when searching. */
export const postsPageParams = ({ page, size, search }: PostsListParams) => ({
  page,
  items: size,
  ...(search ? { q: search, fields: 'name' } : {}),
});

/** The list the URL's state asks for. */
export const postsListParams = ({ page, size, search }: ListState): PostsListParams => ({
  page,
  size,
  search,
});

const calls = readCalls<PostsListParams>('posts', POST_READ_ENDPOINTS, postsPageParams);

/** Each posts route's first call (see FirstCall). */
export const firstCalls = {
  list: (_params, searchParams) => calls.page(postsListParams(readListParams(searchParams))),
  detail: ({ postId = '' }) => calls.detail(postId),
} satisfies Record<string, FirstCall>;
