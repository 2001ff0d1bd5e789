import { pageRequest, readListParams, type ListState } from '@/lib/list-state';
import { ACTIVITY_KEY } from '@/lib/core/query-roots';
import { readCalls, type FirstCall, type PageRequest } from '@/lib/resource-calls';

// What the activity screen asks the API, as plain data: api.ts declares the resource with these, and
// src/boot.ts loads this module on its own to send the screen's first call early, so it imports nothing else.

/** The activity screen's filters in the URL: the first three as the API names them, the days as 'YYYY-MM-DD'. */
export const ACTIVITY_FILTERS = ['action', 'recordType', 'admin', 'from', 'to'] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number];

/** The activity list's filters as the API takes them: from inclusive, to exclusive, both ISO instants. */
export type ActivityQuery = {
  action?: string;
  recordType?: string;
  admin?: string;
  from?: string;
  to?: string;
};

export type ActivityRequest = PageRequest & ActivityQuery;

/** The start of a day ('YYYY-MM-DD') in the admin's time zone, `later` days on; null for anything else. */
function startOfDay(day: string, later = 0): Date | null {
  const [, year, month, date] = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day) ?? [];
  if (!year || !month || !date) return null;
  const start = new Date(Number(year), Number(month) - 1, Number(date));
  if (start.getMonth() !== Number(month) - 1 || start.getDate() !== Number(date)) return null;
  start.setDate(start.getDate() + later);
  return start;
}

/**
 * The activity filters as GET /api/activity/list takes them: the days become instants in the admin's time zone,
 * `from` the start of its day (inclusive) and `to` the start of the day after (exclusive), so the last day is whole.
 * Empty values are left out.
 */
export function activityQueryOf(values: Record<ActivityFilter, string>): ActivityQuery {
  return {
    action: values.action || undefined,
    recordType: values.recordType || undefined,
    admin: values.admin || undefined,
    from: startOfDay(values.from)?.toISOString(),
    to: startOfDay(values.to, 1)?.toISOString(),
  };
}

/** The activity page the URL's state asks for: newest first always (the log has no other order). */
export const activityRequest = ({ filters, ...paging }: ListState<ActivityFilter>): ActivityRequest => ({
  ...pageRequest({ ...paging, sort: null }),
  ...activityQueryOf(filters),
});

/** The activity list's state in a query string, as the screen reads it. */
export const readActivityList = (searchParams: URLSearchParams) =>
  activityRequest(readListParams(searchParams, ACTIVITY_FILTERS));

export const ACTIVITY_ENDPOINTS = { page: 'activity/list' };

/** ?page&limit&action&recordType&admin&from&to (empty ones are left out of the call). */
export const activityPageParams = ({ page, size, sort: _unsorted, ...filters }: ActivityRequest) => ({
  page,
  limit: size,
  ...filters,
});

const activityCalls = readCalls<ActivityRequest>(ACTIVITY_KEY, ACTIVITY_ENDPOINTS, activityPageParams);

/** /activity's first call (see FirstCall), sent only when 'activity-log' is announced (the route's feature). */
export const firstCalls = {
  activity: (_params, searchParams) => activityCalls.page(readActivityList(searchParams)),
} satisfies Record<string, FirstCall>;
