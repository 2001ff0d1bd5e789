import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import {
  caseAnswerSchema,
  decideAnswerSchema,
  levelsAnswerSchema,
  levelSchema,
  memberRefSchema,
  type DecideBody,
} from '@contract/review-cases';
import { REVIEW_STATES } from '@contract/review-queue';
import {
  CHAT_REPORTS_KEY,
  RESTRICTIONS_KEY,
  REVIEW_QUEUE_KEY,
  USER_HISTORY_KEY,
  USERS_KEY,
} from '@/lib/core/query-roots';
import { api } from '@/lib/data/api-client';
import type { Rows } from '@/lib/data/resource';
import { flag, id, optionalDate, text } from '@/lib/data/schemas';

const member = z.nullish(
  z.object({ _id: id, name: text, surname: z.optional(text), email: z.optional(text) }),
);

const item = z.object({
  _id: id,
  /** 'chat-report' and 'appeal' ('review-queue'); 'case' with 'review-cases'. */
  kind: z.string(),
  state: z.enum(REVIEW_STATES),
  ref: id,
  subject: member,
  assignee: z.nullish(z.object({ _id: id, name: text })),
  claimedAt: optionalDate,
  createdAt: z.string(),
  doneAt: optionalDate,
  /** A chat report's item: the report, which its Open shows. */
  report: z.nullish(z.object({ _id: id, message: text, status: z.nullish(z.string()), reporter: member })),
  /** An appeal's item ('appeals'): the appeal, which its Open shows, and its restriction's reference. */
  appeal: z.nullish(z.object({ _id: id, reference: text })),
  // 'review-cases' and 'review-priorities' (contract/review-cases.ts queueRowSchema); absent from an API without them.
  policy: z.nullish(z.object({ _id: id, name: text })),
  reason: z.optional(text),
  excerpt: z.optional(text),
  reporter: z.nullish(memberRefSchema),
  reportCount: z.optional(z.number()),
  level: z.nullish(levelSchema),
  targetAt: optionalDate,
});
export type QueueItem = z.output<typeof item>;

const ages = z.object({ amberHours: z.number(), redHours: z.number() });
export type QueueAges = z.output<typeof ages>;

export type QueueRows = Rows<QueueItem> & { ages?: QueueAges };

const page = z.pipe(
  z.object({
    result: z.nullish(z.array(item)),
    pagination: z.nullish(z.object({ count: z.number() })),
    ages: z.optional(ages),
  }),
  z.transform(({ result, pagination, ages: thresholds }): QueueRows => ({
    rows: result ?? [],
    total: pagination?.count ?? result?.length ?? 0,
    ages: thresholds,
  })),
);

export type QueueRequest = { page: number; size: number; kind?: string; state?: string; assignee?: string };

/** 'review-queue': GET /api/review-queue/list?page&limit&kind&state&assignee, oldest first. */
export const queuePage = (request: QueueRequest) =>
  queryOptions({
    queryKey: [REVIEW_QUEUE_KEY, 'list', 'page', request] as const,
    queryFn: ({ signal }): Promise<Rows<QueueItem>> =>
      api.get('review-queue/list', page, {
        signal,
        searchParams: {
          page: request.page,
          limit: request.size,
          kind: request.kind,
          state: request.state,
          assignee: request.assignee,
        },
      }),
    placeholderData: keepPreviousData,
  });

const claimed = z.object({ message: text, result: z.nullable(item) });
const invalidates = { invalidates: [REVIEW_QUEUE_KEY] };

/** GET /api/review-queue/{id}/case ('review-cases'): the case's item, its reports in full, and its member. */
export const caseQuery = (itemId: string) =>
  queryOptions({
    queryKey: [REVIEW_QUEUE_KEY, 'case', itemId] as const,
    queryFn: ({ signal }) =>
      api
        .get(`review-queue/${encodeURIComponent(itemId)}/case`, z.object({ result: caseAnswerSchema }), {
          signal,
        })
        .then((answer) => answer.result),
  });
export type CaseData = Awaited<ReturnType<NonNullable<ReturnType<typeof caseQuery>['queryFn']>>>;

/** GET /api/review-queue/levels ('review-priorities'): the priority levels, rank 1 first, and their rules. */
export const levelsQuery = () =>
  queryOptions({
    queryKey: [REVIEW_QUEUE_KEY, 'levels'] as const,
    queryFn: ({ signal }) =>
      api
        .get('review-queue/levels', z.object({ result: levelsAnswerSchema }), { signal })
        .then((answer) => [...answer.result.levels].sort((a, b) => a.rank - b.rank)),
    staleTime: 60_000,
  });

const admins = z.object({
  result: z.nullish(
    z.array(z.object({ _id: id, name: text, role: z.optional(z.string()), status: z.optional(z.string()) })),
  ),
});
/** GET /api/admin/admins ('admins', an Owner's): the admins a case can be escalated to by name. */
export const adminsQuery = () =>
  queryOptions({
    queryKey: [REVIEW_QUEUE_KEY, 'escalation-admins'] as const,
    queryFn: ({ signal }) =>
      api
        .get('admin/admins', admins, { signal, searchParams: { page: 1, limit: 100 } })
        .then((answer) => answer.result ?? []),
    staleTime: 60_000,
  });

const policies = z.object({ result: z.array(z.object({ _id: id, message: text, enabled: flag })) });
/** GET /api/reportelement/listAll: the policies (Report Elements) a restriction cites; the enabled ones. */
export const policiesQuery = () =>
  queryOptions({
    queryKey: [REVIEW_QUEUE_KEY, 'policies'] as const,
    queryFn: ({ signal }) =>
      api
        .get('reportelement/listAll', policies, { signal })
        .then((answer) => answer.result.filter((policy) => policy.enabled)),
    staleTime: 60_000,
  });

const templates = z.object({
  result: z.array(
    z.object({
      _id: id,
      name: text,
      body: text,
      policy: z.nullish(z.object({ _id: id, name: text })),
    }),
  ),
});
/** GET /api/notice-templates?kind=warning ('notice-templates'): the warnings a moderator may start from. */
export const warningTemplatesQuery = () =>
  queryOptions({
    queryKey: [REVIEW_QUEUE_KEY, 'warning-templates'] as const,
    queryFn: ({ signal }) =>
      api
        .get('notice-templates', templates, { signal, searchParams: { kind: 'warning' } })
        .then((answer) => answer.result),
    staleTime: 60_000,
  });

/**
 * POST /api/review-queue/{id}/decide ('review-cases'): dismiss, warn, restrict, escalate or release the case. A decision
 * changes the queue, the member's reports, restriction and history.
 */
export function useDecide(itemId: string) {
  return useMutation({
    mutationFn: (body: DecideBody) =>
      api.post(
        `review-queue/${encodeURIComponent(itemId)}/decide`,
        z.object({ message: text, result: decideAnswerSchema }),
        {
          json: body,
        },
      ),
    meta: {
      invalidates: [REVIEW_QUEUE_KEY, CHAT_REPORTS_KEY, RESTRICTIONS_KEY, USER_HISTORY_KEY, USERS_KEY],
    },
  });
}

/** POST /api/review-queue/claim-next: the oldest open item (of `kind`), or null when there is none. */
export function useClaimNext() {
  return useMutation({
    mutationFn: (kind: string | undefined) =>
      api.post('review-queue/claim-next', claimed, { json: kind ? { kind } : {} }),
    meta: invalidates,
  });
}

/** POST /api/review-queue/{id}/claim. */
export function useClaim() {
  return useMutation({
    mutationFn: (itemId: string) => api.post(`review-queue/${encodeURIComponent(itemId)}/claim`, claimed),
    meta: invalidates,
  });
}

/** POST /api/review-queue/{id}/release: one's own claim, or anyone's for an Owner. */
export function useRelease() {
  return useMutation({
    mutationFn: (itemId: string) => api.post(`review-queue/${encodeURIComponent(itemId)}/release`, claimed),
    meta: invalidates,
  });
}
