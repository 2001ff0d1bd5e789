import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { optionalNumber } from '@/lib/schemas';

const dashboardResponse = z.object({
  result: z.object({ userCount: optionalNumber, contactCount: optionalNumber }),
});

/** SPEC 7.1: GET /api/admin/dashboard. */
export const dashboardQueries = {
  all: () => ['dashboard'] as const,
  counts: () =>
    queryOptions({
      queryKey: [...dashboardQueries.all(), 'counts'] as const,
      queryFn: async ({ signal }) => (await api.get('admin/dashboard', dashboardResponse, { signal })).result,
    }),
};
