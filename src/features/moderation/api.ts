import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { ApiError, errorText } from '@/lib/api-error';
import { caseStatus, type CaseStatus } from '@/lib/moderation';
import { defineResource, type PageRequest } from '@/lib/resource';
import { flag, id, optionalDate, text } from '@/lib/schemas';
import { patchUserStatus } from '@/lib/user-status';
import { MODERATION_TEXT } from './strings';

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

/** The activity list's filters as the API takes them: from inclusive, to exclusive, both ISO instants. */
export type ActivityQuery = {
  action?: string;
  recordType?: string;
  admin?: string;
  from?: string;
  to?: string;
};

type ActivityRequest = PageRequest & ActivityQuery;

/**
 * 'activity-log': GET /api/activity/list?page&limit&action&recordType&admin&from&to, newest first. Empty filters are
 * left out of the call.
 */
export const activityResource = defineResource<ActivityEntry, never, ActivityRequest>({
  key: 'activity',
  item: entry,
  endpoints: { page: 'activity/list' },
  // Newest first always: the log has no other order.
  pageParams: ({ page, size, sort: _unsorted, ...filters }) => ({ page, limit: size, ...filters }),
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

const caseAnswer = z.object({ message: text });

/** Everything a case change can alter: the chat reports, the log, and the histories of the two users. */
const CASE_CHANGES = ['chat-report', activityResource.key, 'user-history'] as const;

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
