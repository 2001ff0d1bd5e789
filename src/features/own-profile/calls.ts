import { readCalls, type FirstCall } from '@/lib/resource-calls';

// What the own-profile screen asks the API, as plain data (see features/users/calls.ts): GET /api/user/read.

export const OWN_PROFILE_ENDPOINTS = { single: 'user/read' };

const calls = readCalls('own-profile', OWN_PROFILE_ENDPOINTS);

/** The profile screen's first call (see FirstCall). */
export const firstCalls = { profile: () => calls.single() } satisfies Record<string, FirstCall>;
