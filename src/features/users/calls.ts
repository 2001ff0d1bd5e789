import { SORT_FIELDS } from '@contract/sort-fields';
import { apiSortFields, pageRequest, readListParams, type ListState } from '@/lib/list-state';
import { USERS_KEY } from '@/lib/core/query-roots';
import { readCalls, sortParams, type FirstCall, type PageRequest } from '@/lib/resource-calls';

// What the users screens ask the API (SPEC 7.2), as plain data: api.ts declares the resource with these, and
// src/boot.ts loads this module on its own to send a screen's first call early, so it imports nothing else.

/** The list's filters in the URL (besides page, size and search). */
export const USER_FILTERS = ['status', 'plan'] as const;

export type UsersListParams = PageRequest & {
  search: string;
  status: string;
  plan: string;
};

/** What the list sorts by on an API that announces 'list-sort' (docs/api.md): the columns' fields. */
export const USER_SORTS = SORT_FIELDS.users;

/** GET /api/admin/list (page, items, search, status and plan filters) and GET /api/user/read/{id}. */
export const USER_ENDPOINTS = { page: 'admin/list', detail: (userId: string) => `user/read/${userId}` };

/** The list's query string: SPEC 7.2's names for page size, search fields and the two filters. */
export const usersPageParams = (params: UsersListParams) => ({
  page: params.page,
  items: params.size,
  ...(params.search ? { q: params.search, fields: 'name,email,phoneNumber' } : {}),
  ...(params.status ? { filter: 'user.enabled', equal: params.status } : {}),
  ...(params.plan ? { planFilter: params.plan } : {}),
  ...sortParams(params),
});

/** The list the URL's state asks for. */
export const usersListParams = ({
  search,
  filters,
  ...paging
}: ListState<(typeof USER_FILTERS)[number]>): UsersListParams => ({
  ...pageRequest(paging),
  search,
  status: filters.status,
  plan: filters.plan,
});

/** The list's state in a query string, as the screen reads it (the sort only when announced). */
export const readUsersList = (searchParams: URLSearchParams) =>
  readListParams(searchParams, USER_FILTERS, apiSortFields(USER_SORTS));

const calls = readCalls<UsersListParams>(USERS_KEY, USER_ENDPOINTS, usersPageParams);

/** Each users route's first call (see FirstCall). */
export const firstCalls = {
  list: (_params, searchParams) => calls.page(usersListParams(readUsersList(searchParams))),
  detail: ({ userId = '' }) => calls.detail(userId),
} satisfies Record<string, FirstCall>;
