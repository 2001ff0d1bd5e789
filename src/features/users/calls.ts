import { readListParams, type ListState } from '@/lib/list-state';
import { readCalls, type FirstCall, type PageRequest } from '@/lib/resource-calls';

// What the users screens ask the API (SPEC 7.2), as plain data: api.ts declares the resource with these, and
// src/boot.ts loads this module on its own to send a screen's first call early, so it imports nothing else.

/** The list's filters in the URL (besides page, size and search). */
export const USER_FILTERS = ['status', 'plan'] as const;

export type UsersListParams = PageRequest & {
  search: string;
  status: string;
  plan: string;
};

/** GET /api/admin/list (page, items, search, status and plan filters) and GET /api/user/read/{id}. */
export const USER_ENDPOINTS = { page: 'admin/list', detail: (userId: string) => `user/read/${userId}` };

/** The list's query string: SPEC 7.2's names for page size, search fields and the two filters. */
export const usersPageParams = (params: UsersListParams) => ({
  page: params.page,
  items: params.size,
  ...(params.search ? { q: params.search, fields: 'name,email,phoneNumber' } : {}),
  ...(params.status ? { filter: 'user.enabled', equal: params.status } : {}),
  ...(params.plan ? { planFilter: params.plan } : {}),
});

/** The list the URL's state asks for. */
export const usersListParams = ({
  page,
  size,
  search,
  filters,
}: ListState<(typeof USER_FILTERS)[number]>): UsersListParams => ({
  page,
  size,
  search,
  status: filters.status,
  plan: filters.plan,
});

const calls = readCalls<UsersListParams>('users', USER_ENDPOINTS, usersPageParams);

/** Each users route's first call (see FirstCall). */
export const firstCalls = {
  list: (_params, searchParams) => calls.page(usersListParams(readListParams(searchParams, USER_FILTERS))),
  detail: ({ userId = '' }) => calls.detail(userId),
} satisfies Record<string, FirstCall>;
