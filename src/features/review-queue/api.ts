import { keepPreviousData, queryOptions, useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { REVIEW_KINDS, REVIEW_STATES } from '@contract/review-queue';
import { REVIEW_QUEUE_KEY } from '@/lib/core/query-roots';
import { api } from '@/lib/data/api-client';
import type { Rows } from '@/lib/data/resource';
import { id, optionalDate, text } from '@/lib/data/schemas';

const member = z.nullish(
  z.object({ _id: id, name: text, surname: z.optional(text), email: z.optional(text) }),
);

const item = z.object({
  _id: id,
  kind: z.enum(REVIEW_KINDS),
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
