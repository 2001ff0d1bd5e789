import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { askForRestriction, askForText, type RestrictionRequest } from '@/components/confirm';
import type { RestrictionInput } from '@contract/restrictions';
import { api } from '@/lib/data/api-client';
import { ApiError, errorText } from '@/lib/core/api-error';
import { userNameAndEmail } from '@/lib/declared-columns';
import { NOTE_MAX, REASON_MAX, type CaseStatus } from '@contract/moderation';
import { refreshAfterWrite } from '@/lib/query-client';
import { USERS_KEY } from '@/lib/core/query-roots';
import { text } from '@/lib/data/schemas';
import { patchUserStatus } from '@/lib/data/user-status';
import { CASE_CHANGES } from './api';
import { CASE_TEXT } from './case-strings';

// What a chat report's case actions do once clicked ('report-cases'): their questions and their calls. Loaded on the
// first click (case-actions.tsx), not with the list.

/** Asks for a text in the console's one dialog at a time; resolves undefined when the admin cancels. */
const ask = (request: Omit<Parameters<typeof askForText>[0], 'onAnswer' | 'cancelLabel'>) =>
  new Promise<string | undefined>((resolve) =>
    askForText({ ...request, cancelLabel: CASE_TEXT.cancel, onAnswer: resolve }),
  );

/** Dismiss's optional note ('' for none), or undefined when cancelled; `confirmLabel` is the button's own. */
export const askDismissNote = (confirmLabel: string) =>
  ask({
    title: CASE_TEXT.dismissTitle,
    message: CASE_TEXT.dismissMessage,
    label: CASE_TEXT.note,
    maxLength: NOTE_MAX,
    tooLong: CASE_TEXT.noteTooLong,
    confirmLabel,
  });

/**
 * "Deactivate reported user"'s reason (required), or undefined when cancelled; `confirmLabel` is the button's own. The
 * question names the user by name and e-mail, as far as the report gave them.
 */
export const askDeactivationReason = (
  reported: { name: string; surname?: string; email?: string },
  confirmLabel: string,
) =>
  ask({
    title: CASE_TEXT.deactivateTitle(userNameAndEmail(reported, CASE_TEXT.theReportedUser)),
    message: CASE_TEXT.deactivateMessage,
    label: CASE_TEXT.reason,
    maxLength: REASON_MAX,
    tooLong: CASE_TEXT.reasonTooLong,
    required: CASE_TEXT.reasonRequired,
    confirmLabel,
    danger: true,
  });

/**
 * 'restrictions': "Deactivate reported user"'s policy, facts and duration, or undefined when cancelled; the question
 * names the user as askDeactivationReason does. The dialog makes the deactivation and the case change by `write`
 * (deactivateReported), and stays open on a refusal.
 */
export const askReportedRestriction = (
  reported: { name: string; surname?: string; email?: string },
  confirmLabel: string,
  write: Pick<RestrictionRequest, 'save' | 'meta'>,
) =>
  new Promise<RestrictionInput | undefined>((resolve) =>
    askForRestriction({
      title: CASE_TEXT.deactivateTitle(userNameAndEmail(reported, CASE_TEXT.theReportedUser)),
      message: CASE_TEXT.restrictionMessage,
      confirmLabel,
      cancelLabel: CASE_TEXT.cancel,
      ...write,
      onAnswer: resolve,
    }),
  );

const caseAnswer = z.object({ message: text });

export type CaseChange = { reportId: string; status: CaseStatus; note?: string };

/** PATCH /api/chat-report/case/{reportId} ('report-cases'): Dismiss, reopen, or mark Actioned with a note. */
export const patchCase = ({ reportId, status, note }: CaseChange) =>
  api.patch(`chat-report/case/${reportId}`, caseAnswer, {
    json: note?.trim() ? { status, note: note.trim() } : { status },
  });

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
    serverMessage: CASE_TEXT.notActioned(error.serverMessage ?? errorText(error)),
    cause: error,
  });
}

/**
 * "Deactivate reported user": PATCH /api/admin/status/{reportedId}?enabled=false with { reason }, then the case Actioned
 * with the same reason as its note. Refreshes the users too (their lists and profiles), even when only the first call
 * went through.
 */
export async function deactivateReported(
  queryClient: QueryClient,
  {
    reportId,
    userId,
    reason,
    restriction,
  }: { reportId: string; userId: string; reason: string; restriction?: RestrictionInput },
) {
  await patchUserStatus(
    restriction ? { userId, enabled: false, restriction } : { userId, enabled: false, reason },
  );
  try {
    // A case's note is shorter than the facts may be.
    const note = reason.length > NOTE_MAX ? `${reason.slice(0, NOTE_MAX - 1)}…` : reason;
    return await patchCase({ reportId, status: 'Actioned', note });
  } catch (error) {
    await refreshAfterWrite(queryClient, [USERS_KEY, ...CASE_CHANGES]);
    throw notActioned(error);
  }
}
