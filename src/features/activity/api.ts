import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/data/api-client';
import { ACTIVITY_KEY } from '@/lib/core/query-roots';
import { defineResource } from '@/lib/data/resource';
import { flag, id, optionalDate, text } from '@/lib/data/schemas';
import {
  ACTIVITY_ENDPOINTS,
  activityPageParams,
  readActivityList,
  type ActivityQuery,
  type ActivityRequest,
} from './calls';

export { readActivityList, type ActivityQuery };

const admin = z.object({ _id: id, name: text, email: text });
export type ActivityAdmin = z.output<typeof admin>;

const entry = z.object({
  _id: id,
  createdAt: optionalDate,
  admin: z.pipe(
    z.nullish(admin),
    z.transform((value) => value ?? null),
  ),
  /** Text rather than one of ACTIVITY_ACTIONS: a newer server's action still reads. */
  action: text,
  recordType: text,
  recordId: z.pipe(
    z.nullish(z.string()),
    z.transform((value) => value || null),
  ),
  recordName: text,
  summary: text,
  reason: z.pipe(
    z.nullish(z.string()),
    z.transform((value) => value || null),
  ),
  exists: flag,
});
export type ActivityEntry = z.output<typeof entry>;

/**
 * 'activity-log': GET /api/activity/list?page&limit&action&recordType&admin&from&to, newest first. Empty filters are
 * left out of the call.
 */
export const activityResource = defineResource<ActivityEntry, never, ActivityRequest>({
  key: ACTIVITY_KEY,
  item: entry,
  endpoints: ACTIVITY_ENDPOINTS,
  pageParams: activityPageParams,
});

const facets = z.object({
  result: z.object({
    actions: z.pipe(
      z.nullish(z.array(z.string())),
      z.transform((values) => values ?? []),
    ),
    recordTypes: z.pipe(
      z.nullish(z.array(z.string())),
      z.transform((values) => values ?? []),
    ),
    admins: z.pipe(
      z.nullish(z.array(admin)),
      z.transform((values) => values ?? []),
    ),
  }),
});
export type ActivityFacets = z.output<typeof facets>['result'];

export const activityQueries = {
  ...activityResource.queries,
  /** GET /api/activity/facets: what the filters offer (every action, record type, and admin in the log). */
  facets: () =>
    queryOptions({
      queryKey: [...activityResource.keys.all, 'facets'] as const,
      queryFn: ({ signal }) => api.get('activity/facets', facets, { signal }).then((answer) => answer.result),
    }),
};
