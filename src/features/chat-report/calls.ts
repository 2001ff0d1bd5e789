import type { CaseStatus } from '@contract/moderation';
import { storedFeature } from '@/lib/features';
import { apiSortFields, pageRequest, readListParams, type ListState } from '@/lib/list-state';
import { readCalls, sortParams, type FirstCall, type PageRequest } from '@/lib/resource-calls';

// What the chat-report screen asks the API, as plain data: api.ts declares the resource with these, and
// src/boot.ts loads this module on its own to send the screen's first call early, so it imports nothing else (not
// even lib/moderation.ts, which holds schemas: its types only).

/** A chat report's case statuses ('report-cases'), as the list's filter offers them. */
export const CASE_FILTER = ['Open', 'Actioned', 'Dismissed'] as const satisfies readonly CaseStatus[];

/** What the chat-report list sorts by on an API that announces 'list-sort': the report's date. */
export const CHAT_REPORT_SORTS = ['created'] as const;

export type ChatReportRequest = PageRequest & { status?: CaseStatus; report?: string };

/**
 * The chat-report page the URL's state asks for: its case status only when the API announced 'report-cases'
 * (`cases`) and the URL names one of the statuses; SPEC's page and limit otherwise.
 */
export function chatReportRequest(
  state: ListState<'status' | 'report'>,
  cases: boolean,
  queue = false,
): ChatReportRequest {
  const status = CASE_FILTER.find((value) => value === state.filters.status);
  const request = pageRequest(state);
  // One report, as the review queue's Open asks for it ('review-queue').
  const report =
    queue && /^[0-9a-f]{24}$/.test(state.filters.report ?? '') ? state.filters.report : undefined;
  return { ...request, ...(cases && status ? { status } : {}), ...(report ? { report } : {}) };
}

/** The chat-report list's state in a query string, as the screen reads it (the status and sort when announced). */
export const readChatReportList = (searchParams: URLSearchParams) =>
  chatReportRequest(
    readListParams(searchParams, ['status', 'report'], apiSortFields(CHAT_REPORT_SORTS)),
    storedFeature('report-cases'),
    storedFeature('review-queue'),
  );

export const CHAT_REPORT_ENDPOINTS = { page: 'chat-report/list' };

/** SPEC 7.9's page and limit, the sort when there is one, ?status= with 'report-cases', ?report= with 'review-queue'. */
export const chatReportPageParams = ({ status, report, ...request }: ChatReportRequest) => ({
  page: request.page,
  limit: request.size,
  ...sortParams(request),
  ...(status ? { status } : {}),
  ...(report ? { report } : {}),
});

const chatReportCalls = readCalls<ChatReportRequest>(
  'chat-report',
  CHAT_REPORT_ENDPOINTS,
  chatReportPageParams,
);

/** /chat-report's first call (see FirstCall). */
export const firstCalls = {
  chatReport: (_params, searchParams) => chatReportCalls.page(readChatReportList(searchParams)),
} satisfies Record<string, FirstCall>;
