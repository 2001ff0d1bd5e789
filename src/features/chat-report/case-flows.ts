import type { QueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { askForRestriction, askForText, askToConfirm, type RestrictionRequest } from '@/components/confirm';
import { formatDateTimeWithZone } from '@/lib/format';
import { actionedUnderNote, type RestrictionInput } from '@contract/restrictions';
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
  reported: { _id: string; name: string; surname?: string; email?: string },
  confirmLabel: string,
  write: Pick<RestrictionRequest, 'save' | 'meta'>,
) =>
  new Promise<RestrictionInput | undefined>((resolve) =>
    askForRestriction({
      title: CASE_TEXT.deactivateTitle(userNameAndEmail(reported, CASE_TEXT.theReportedUser)),
      message: CASE_TEXT.restrictionMessage,
      confirmLabel,
      cancelLabel: CASE_TEXT.cancel,
      memberId: reported._id,
      ...write,
      onAnswer: resolve,
    }),
  );

const caseAnswer = z.object({ message: text });

export type CaseChange = {
  reportId: string;
  status: CaseStatus;
  note?: string;
  /** 'restrictions': Actioned under the reported member's restriction in force (its reference). */
  underRestriction?: string;
};

/**
 * PATCH /api/chat-report/case/{reportId} ('report-cases'): Dismiss, reopen, or mark Actioned with a note, or under the
 * reported member's restriction in force.
 */
export const patchCase = ({ reportId, status, note, underRestriction }: CaseChange) =>
  api.patch(`chat-report/case/${reportId}`, caseAnswer, {
    json: {
      status,
      ...(note?.trim() ? { note: note.trim() } : {}),
      ...(underRestriction ? { underRestriction } : {}),
    },
  });

/**
 * "Mark actioned under R-…": the report's member is already restricted, so the report closes under that restriction,
 * with no second one; asks first, and `onConfirm` makes the change.
 */
export const confirmActionedUnder = (
  restriction: { reference: string; endsAt: string | null },
  onConfirm: () => void,
) =>
  askToConfirm({
    title: CASE_TEXT.actionedUnderTitle(restriction.reference),
    message: CASE_TEXT.actionedUnderMessage(
      restriction.reference,
      restriction.endsAt ? formatDateTimeWithZone(restriction.endsAt) : null,
    ),
    confirmLabel: CASE_TEXT.actionedUnderConfirm,
    cancelLabel: CASE_TEXT.cancel,
    onConfirm,
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
    reportOpen,
    userId,
    reason,
    restriction,
  }: {
    reportId: string;
    reportOpen: boolean;
    userId: string;
    reason: string;
    restriction?: RestrictionInput;
  },
) {
  const answer = await patchUserStatus(
    restriction ? { userId, enabled: false, restriction } : { userId, enabled: false, reason },
  );
  const reference = restriction ? answer.result?.reference : undefined;
  // 'restrictions': an Open report closes with the member's others, unless the admin kept them open; this one is
  // actioned all the same, under the new restriction.
  if (reference && reportOpen && restriction?.closeReports !== false) return answer;
  try {
    // A report closed under a restriction must be Open; one dismissed before is Actioned with the reference as its note.
    if (reference && reportOpen)
      return await patchCase({ reportId, status: 'Actioned', underRestriction: reference });
    // A case's note is shorter than the facts may be.
    const note = reference
      ? actionedUnderNote(reference)
      : reason.length > NOTE_MAX
        ? `${reason.slice(0, NOTE_MAX - 1)}…`
        : reason;
    return await patchCase({ reportId, status: 'Actioned', note });
  } catch (error) {
    await refreshAfterWrite(queryClient, [USERS_KEY, ...CASE_CHANGES]);
    throw notActioned(error);
  }
}
