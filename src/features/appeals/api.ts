import { queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { APPEAL_DECISIONS, APPEAL_STATES, type AppealDecision } from '@contract/appeals';
import { REVIEW_QUEUE_KEY, USER_HISTORY_KEY, USERS_KEY } from '@/lib/core/query-roots';
import { api } from '@/lib/data/api-client';
import { ack, flag, id, optionalDate, text } from '@/lib/data/schemas';

const person = z.object({ _id: id, name: text });

const appeal = z.object({
  _id: id,
  state: z.enum(APPEAL_STATES),
  member: z.nullish(
    z.object({
      _id: id,
      name: text,
      surname: z.optional(text),
      email: z.optional(text),
      enabled: z.nullish(z.boolean()),
    }),
  ),
  email: text,
  statement: text,
  createdAt: text,
  confirmedAt: optionalDate,
  decision: z.nullish(z.object({ decision: z.enum(APPEAL_DECISIONS), note: text, admin: person, at: text })),
  restriction: z.object({
    _id: id,
    reference: text,
    policy: z.object({ name: text, explanation: text }),
    facts: text,
    createdAt: text,
    endsAt: optionalDate,
    endedAt: optionalDate,
    endedReason: z.nullish(z.string()),
    withheldReason: z.nullish(z.string()),
    statement: text,
    restrictedBy: z.nullish(person),
  }),
  restrictedByYou: flag,
  /** The member's restriction in force now: the appealed one, another (which replaced it), or none. */
  inForce: z.pipe(
    z.nullish(
      z.object({
        _id: id,
        reference: text,
        policy: z.nullish(z.object({ name: text })),
        endsAt: optionalDate,
        createdAt: optionalDate,
      }),
    ),
    z.transform((value) => value ?? null),
  ),
});
export type Appeal = z.output<typeof appeal>;

const APPEALS_KEY = 'appeals';

/** 'appeals': GET /api/admin/appeals/{id}, an appeal with its restriction. */
export const appealQueries = {
  all: [APPEALS_KEY] as const,
  detail: (appealId: string) =>
    queryOptions({
      queryKey: [APPEALS_KEY, 'detail', appealId] as const,
      queryFn: ({ signal }) =>
        api
          .get(`admin/appeals/${encodeURIComponent(appealId)}`, z.object({ result: appeal }), { signal })
          .then((answer) => answer.result),
    }),
};

/** `liftInForce`: with a reversal, the restriction in force (another than the appealed one) ends too. */
export type AppealDecisionInput = { decision: AppealDecision; note: string; liftInForce?: boolean };

/**
 * POST /api/admin/appeals/{id}/decide: the appeal, the queue (its item is done), and the member (a reversal makes
 * them active; either outcome is in their history) are read again.
 */
export function useDecideAppeal(appealId: string) {
  return useMutation({
    mutationFn: (input: AppealDecisionInput) =>
      api.post(`admin/appeals/${encodeURIComponent(appealId)}/decide`, ack, { json: input }),
    meta: { invalidates: [appealQueries.all, REVIEW_QUEUE_KEY, USERS_KEY, USER_HISTORY_KEY] },
  });
}
