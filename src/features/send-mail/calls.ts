import { readListParams } from '@/lib/list-state';
import { readCalls, type FirstCall } from '@/lib/resource-calls';

// What the sent-mail list asks the API (SPEC 7.12), as plain data (see features/users/calls.ts).

export const MAIL_READ_ENDPOINTS = { page: 'mail-send/list' };

const calls = readCalls('mail-send', MAIL_READ_ENDPOINTS);

/** The sent-mail list's first call (see FirstCall). */
export const firstCalls = {
  list: (_params, searchParams) => {
    const { page, size } = readListParams(searchParams);
    return calls.page({ page, size });
  },
} satisfies Record<string, FirstCall>;
