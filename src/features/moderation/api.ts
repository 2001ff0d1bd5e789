import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { ApiError, errorText } from '@/lib/api-error';
import { caseStatus, type CaseStatus } from '@/lib/moderation';
import { defineResource } from '@/lib/resource';
import { flag, id, optionalDate, text, userRef } from '@/lib/schemas';
import { patchUserStatus } from '@/lib/user-status';
import {
  ACTIVITY_ENDPOINTS,
  activityPageParams,
  CHAT_REPORT_ENDPOINTS,
  CHAT_REPORT_SORTS,
  chatReportPageParams,
  readActivityList,
  readChatReportList,
  type ActivityQuery,
  type ActivityRequest,
  type ChatReportRequest,
} from './calls';
import { MODERATION_TEXT } from './strings';

export { CHAT_REPORT_SORTS, readActivityList, readChatReportList, type ActivityQuery };

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
  key: 'activity',
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

/**
 * A chat report's case fields ('report-cases'), for the chat-report list's record: a SPEC-only answer has none of
 * them and reads as an Open case with no note.
 */
export const reportCaseFields = {
  status: z.pipe(
    z.nullish(caseStatus),
    z.transform((value): CaseStatus => value ?? 'Open'),
  ),
  note: text,
  handledBy: z.pipe(
    z.nullish(z.object({ _id: id, name: text })),
    z.transform((value) => value ?? null),
  ),
  handledAt: optionalDate,
};

/** A user as a chat report's thread names them: populated, or a bare id; a deleted one is left out. */
const participant = z.pipe(
  z.nullish(userRef),
  z.transform((value) => value ?? null),
);

const chatReport = z.object({
  _id: id,
  message: text,
  /** The reporter's id; the reported party is the thread's other participant. */
  user: text,
  created: optionalDate,
  thread: z.pipe(
    z.nullish(z.object({ user_id: z.nullish(z.array(participant)) })),
    z.transform((thread) => ({ user_id: (thread?.user_id ?? []).filter((person) => person !== null) })),
  ),
  ...reportCaseFields,
});
export type ChatReport = z.output<typeof chatReport>;

/**
 * Chat reports (SPEC 7.9): GET /api/chat-report/list?page&limit, sorted with 'list-sort', filtered by case status
 * (?status=) with 'report-cases'.
 */
export const chatReportResource = defineResource<ChatReport, never, ChatReportRequest>({
  key: 'chat-report',
  item: chatReport,
  endpoints: CHAT_REPORT_ENDPOINTS,
  pageParams: chatReportPageParams,
});

const caseAnswer = z.object({ message: text });

/** Everything a case change can alter: the chat reports, the log, and the histories of the two users. */
const CASE_CHANGES = [chatReportResource.key, activityResource.key, 'user-history'] as const;

export type CaseChange = { reportId: string; status: CaseStatus; note?: string };

const patchCase = ({ reportId, status, note }: CaseChange) =>
  api.patch(`chat-report/case/${reportId}`, caseAnswer, {
    json: note?.trim() ? { status, note: note.trim() } : { status },
  });

/** PATCH /api/chat-report/case/{reportId} ('report-cases'): Dismiss, reopen, or mark Actioned with a note. */
export function useChangeCase() {
  return useMutation({
    mutationFn: patchCase,
    meta: { invalidates: CASE_CHANGES },
  });
}

/**
 * The case change of "Deactivate reported user" failed after the deactivation went through: the failure says exactly
 * that, with the server's words, or the admin would deactivate again. An ended session stays what it is.
 */
function notActioned(error: unknown) {
  if (!(error instanceof ApiError) || error.kind === 'session-expired') return error;
  return new ApiError({
    kind: error.kind,
    status: error.status,
    path: error.path,
    serverMessage: MODERATION_TEXT.notActioned(error.serverMessage ?? errorText(error)),
    cause: error,
  });
}

/**
 * "Deactivate reported user": PATCH /api/admin/status/{reportedId}?enabled=false&reason=…, then the case Actioned
 * with the same reason as its note. Refreshes the users too (their lists and profiles), even when only the first call
 * went through.
 */
export function useDeactivateReported() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      reportId,
      userId,
      reason,
    }: {
      reportId: string;
      userId: string;
      reason: string;
    }) => {
      await patchUserStatus({ userId, enabled: false, reason });
      try {
        return await patchCase({ reportId, status: 'Actioned', note: reason });
      } catch (error) {
        await Promise.all(
          ['users', ...CASE_CHANGES].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
        );
        throw notActioned(error);
      }
    },
    meta: { invalidates: [...CASE_CHANGES, 'users'], errorTitle: 'Error' },
  });
}
