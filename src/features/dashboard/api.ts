import { z } from 'zod/mini';
import { defineResource } from '@/lib/data/resource';
import { DASHBOARD_ENDPOINTS } from './calls';
import { optionalNumber } from '@/lib/data/schemas';

const counts = z.object({ userCount: optionalNumber, contactCount: optionalNumber });

/** SPEC 7.1: GET /api/admin/dashboard. */
export const dashboardResource = defineResource({
  key: 'dashboard',
  item: counts,
  endpoints: DASHBOARD_ENDPOINTS,
});
