import { readCalls, type FirstCall } from '@/lib/resource-calls';

// What the FAQ screens ask the API (SPEC 7.4), as plain data (see features/users/calls.ts).

export const FAQ_READ_ENDPOINTS = { list: 'faq/listAll', detail: (faqId: string) => `faq/read/${faqId}` };

const calls = readCalls('faq', FAQ_READ_ENDPOINTS);

/** Each FAQ route's first call (see FirstCall). */
export const firstCalls = {
  list: () => calls.list(),
  detail: ({ faqId = '' }) => calls.detail(faqId),
} satisfies Record<string, FirstCall>;
