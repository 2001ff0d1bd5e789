import type { CaseStatus } from '@/lib/moderation';
import { storedFeature } from '@/lib/features';
import { apiSortFields, pageRequest, readListParams, type ListState } from '@/lib/list-state';
import { readCalls, sortParams, type FirstCall, type PageRequest } from '@/lib/resource-calls';

// What the moderation screens ask the API (the activity log and the chat reports), as plain data: api.ts declares
// the resources with these, and src/boot.ts loads this module on its own to send a screen's first call early, so it
// imports nothing else (not even lib/moderation.ts, which holds schemas: its types only).

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

/** A chat report's case statuses ('report-cases'), as the list's filter offers them. */
export const CASE_FILTER = ['Open', 'Actioned', 'Dismissed'] as const satisfies readonly CaseStatus[];

/** What the chat-report list sorts by on an API that announces 'list-sort': the report's date. */
export const CHAT_REPORT_SORTS = ['created'] as const;

export type ChatReportRequest = PageRequest & { status?: CaseStatus };

/**
 * The chat-report page the URL's state asks for: its case status only when the API announced 'report-cases'
 * (`cases`) and the URL names one of the statuses; SPEC's page and limit otherwise.
 */
export function chatReportRequest(state: ListState<'status'>, cases: boolean): ChatReportRequest {
  const status = CASE_FILTER.find((value) => value === state.filters.status);
  const request = pageRequest(state);
  return cases && status ? { ...request, status } : request;
}

/** The chat-report list's state in a query string, as the screen reads it (the status and sort when announced). */
export const readChatReportList = (searchParams: URLSearchParams) =>
  chatReportRequest(
    readListParams(searchParams, ['status'], apiSortFields(CHAT_REPORT_SORTS)),
    storedFeature('report-cases'),
  );

export const CHAT_REPORT_ENDPOINTS = { page: 'chat-report/list' };

/** SPEC 7.9's page and limit, the sort when there is one, and ?status= with 'report-cases'. */
export const chatReportPageParams = ({ status, ...request }: ChatReportRequest) => ({
  page: request.page,
  limit: request.size,
  ...sortParams(request),
  ...(status ? { status } : {}),
});

const activityCalls = readCalls<ActivityRequest>('activity', ACTIVITY_ENDPOINTS, activityPageParams);
const chatReportCalls = readCalls<ChatReportRequest>(
  'chat-report',
  CHAT_REPORT_ENDPOINTS,
  chatReportPageParams,
);

/** Each moderation route's first call (see FirstCall); /activity's only when 'activity-log' is announced. */
export const firstCalls = {
  activity: (_params, searchParams) => activityCalls.page(readActivityList(searchParams)),
  chatReport: (_params, searchParams) => chatReportCalls.page(readChatReportList(searchParams)),
} satisfies Record<string, FirstCall>;
