import { readCalls, type FirstCall } from '@/lib/resource-calls';

// What the dashboard asks the API, as plain data (see features/users/calls.ts): GET /api/admin/dashboard.

export const DASHBOARD_ENDPOINTS = { single: 'admin/dashboard' };

const calls = readCalls('dashboard', DASHBOARD_ENDPOINTS);

/** The dashboard's first call (see FirstCall). */
export const firstCalls = { counts: () => calls.single() } satisfies Record<string, FirstCall>;
