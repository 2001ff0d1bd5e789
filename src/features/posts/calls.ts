import { SORT_FIELDS } from '@contract/sort-fields';
import { apiSortFields, pageRequest, readListParams, type ListState } from '@/lib/list-state';
import { readCalls, sortParams, type FirstCall, type PageRequest } from '@/lib/resource-calls';

// What the posts screens ask the API (SPEC 7.10), as plain data (see features/users/calls.ts).

export type PostsListParams = PageRequest & { search: string };

/** What the list sorts by on an API that announces 'list-sort' (docs/api.md). */
export const POST_SORTS = SORT_FIELDS.posts;

export const POST_READ_ENDPOINTS = { page: 'post/list', detail: (postId: string) => `post/read/${postId}` };

/** The list's query string: page, items, and q with fields=name when searching. */
export const postsPageParams = (params: PostsListParams) => ({
  page: params.page,
  items: params.size,
  ...(params.search ? { q: params.search, fields: 'name' } : {}),
  ...sortParams(params),
});

/** The list the URL's state asks for. */
export const postsListParams = ({ search, ...paging }: ListState): PostsListParams => ({
  ...pageRequest(paging),
  search,
});

/** The list's state in a query string, as the screen reads it (the sort only when announced). */
export const readPostsList = (searchParams: URLSearchParams) =>
  readListParams(searchParams, [], apiSortFields(POST_SORTS));

const calls = readCalls<PostsListParams>('posts', POST_READ_ENDPOINTS, postsPageParams);

/** Each posts route's first call (see FirstCall). */
export const firstCalls = {
  list: (_params, searchParams) => calls.page(postsListParams(readPostsList(searchParams))),
  detail: ({ postId = '' }) => calls.detail(postId),
} satisfies Record<string, FirstCall>;
