import { z } from 'zod/mini';
import type { CaseStatus } from '@contract/moderation';
import { caseStatus } from '@/lib/moderation';
import { CHAT_REPORTS_KEY, REVIEW_QUEUE_KEY, USER_HISTORY_KEY } from '@/lib/core/query-roots';
import { defineResource } from '@/lib/data/resource';
import { id, optionalDate, text, userRef } from '@/lib/data/schemas';
import {
  CHAT_REPORT_ENDPOINTS,
  chatReportPageParams,
  readChatReportList,
  type ChatReportRequest,
} from './calls';

export { readChatReportList };

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

/**
 * A user as a chat report's thread names them: populated (with the surname and e-mail where the API gives them), or
 * a bare id; a deleted one is left out.
 */
const participant = z.pipe(
  z.nullish(
    z.union([z.object({ _id: id, name: text, surname: z.optional(text), email: z.optional(text) }), userRef]),
  ),
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
  /** 'restrictions': the reported member's restriction in force, and the one this report was actioned under. */
  reportedRestriction: z.pipe(
    z.nullish(z.object({ reference: text, endsAt: optionalDate })),
    z.transform((value) => value ?? null),
  ),
  actionedUnder: z.pipe(
    z.nullish(z.string()),
    z.transform((value) => value ?? null),
  ),
});
export type ChatReport = z.output<typeof chatReport>;

/**
 * Chat reports (SPEC 7.9): GET /api/chat-report/list?page&limit, sorted with 'list-sort', filtered by case status
 * (?status=) with 'report-cases'.
 */
export const chatReportResource = defineResource<ChatReport, never, ChatReportRequest>({
  key: CHAT_REPORTS_KEY,
  item: chatReport,
  endpoints: CHAT_REPORT_ENDPOINTS,
  pageParams: chatReportPageParams,
});

/**
 * What a case change alters besides the activity log: the chat reports, the histories of the two users, and the
 * review queue ('review-queue'), whose item the decision closes.
 */
export const CASE_CHANGES = [chatReportResource.key, USER_HISTORY_KEY, REVIEW_QUEUE_KEY] as const;
