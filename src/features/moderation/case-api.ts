import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/api-client';
import { ApiError, errorText } from '@/lib/api-error';
import type { CaseStatus } from '@/lib/moderation';
import { text } from '@/lib/schemas';
import { patchUserStatus } from '@/lib/user-status';
import { chatReportResource } from './chat-report-api';
import { MODERATION_TEXT } from './strings';

const caseAnswer = z.object({ message: text });

/**
 * Everything a case change can alter: the chat reports, the log ('activity', activity-api.ts's key, named here so
 * that the chat reports' code does not carry the log's), and the histories of the two users.
 */
const CASE_CHANGES = [chatReportResource.key, 'activity', 'user-history'] as const;

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
