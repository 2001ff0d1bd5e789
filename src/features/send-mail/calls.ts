import { apiSortFields, pageRequest, readListParams } from '@/lib/list-state';
import { readCalls, type FirstCall } from '@/lib/resource-calls';

// What the sent-mail list asks the API (SPEC 7.12), as plain data (see features/users/calls.ts).

export const MAIL_READ_ENDPOINTS = { page: 'mail-send/list' };

/** What the list sorts by on an API that announces 'list-sort' (docs/api.md). */
export const MAIL_SORTS = ['title', 'created'] as const;

const calls = readCalls('mail-send', MAIL_READ_ENDPOINTS);

/** The list's page request in a query string, as the screen reads it (the sort only when announced). */
export const readMailList = (searchParams: URLSearchParams) =>
  pageRequest(readListParams(searchParams, [], apiSortFields(MAIL_SORTS)));

/** The sent-mail list's first call (see FirstCall). */
export const firstCalls = {
  list: (_params, searchParams) => calls.page(readMailList(searchParams)),
} satisfies Record<string, FirstCall>;
