import { queryOptions, useMutation, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { CONTACT_ROUTES, CONTACT_STATUSES, type ContactStatus } from '@contract/contact-us';
import { levelsAnswerSchema } from '@contract/review-cases';
import { REVIEW_QUEUE_KEY, USERS_KEY } from '@/lib/core/query-roots';
import { api } from '@/lib/data/api-client';
import { defineResource, rowsResponse } from '@/lib/data/resource';
import { id, optionalDate, text } from '@/lib/data/schemas';
import { sortFieldsOf } from '@/lib/declared-columns';
import { storedFeature } from '@/lib/features';
import { apiSortFields, pageRequest, readListParams, type ListState } from '@/lib/list-state';
import { sortParams, type PageRequest } from '@/lib/resource-calls';
import { contactUs } from './contact-us';
import { pagedListResource } from './resource';

/**
 * Contact Us with 'contact-status' (contract/contact-us.ts): SPEC's list (GET /api/contact-us/list) with each
 * message's status, who handled it and when, the member whose e-mail it is and the review case it joined; ?status= on
 * it; the status call and the escalation to the review queue.
 */

const member = z.pipe(
  z.nullish(z.object({ _id: id, name: text, surname: text, email: text })),
  z.transform((value) => value ?? null),
);

const contact = z.object({
  _id: id,
  title: text,
  email: text,
  phoneNo: text,
  description: text,
  created: optionalDate,
  status: z.pipe(
    z.nullish(z.enum(CONTACT_STATUSES)),
    z.transform((value): ContactStatus => value ?? 'Open'),
  ),
  handledBy: z.pipe(
    z.nullish(z.object({ _id: id, name: text })),
    z.transform((value) => value ?? null),
  ),
  handledAt: optionalDate,
  sender: member,
  caseId: z.pipe(
    z.nullish(z.string()),
    z.transform((value) => value ?? null),
  ),
});
export type Contact = z.output<typeof contact>;
export type Member = NonNullable<Contact['sender']>;

export type ContactRequest = PageRequest & { status?: ContactStatus };

/** The list's page: SPEC's page and limit, the sort when there is one, ?status= when the admin chose one. */
export const contactResource = defineResource<Contact, never, ContactRequest>({
  key: contactUs.key,
  // Apart from SPEC's reading of the same list (its own schema), inside the same key: a write refreshes both.
  view: 'status',
  item: contact as unknown as z.ZodMiniType<Contact>,
  endpoints: { page: contactUs.api },
  pageParams: ({ status, ...request }) => ({
    page: request.page,
    limit: request.size,
    ...sortParams(request),
    ...(status ? { status } : {}),
  }),
});

/** What a status change or an escalation changes: the list, and the review queue (a new case, or a raised level). */
const CHANGES = [contactResource.key, REVIEW_QUEUE_KEY] as const;
const written = z.object({ message: text, result: contact });

/** PATCH /api/contact-us/{id}/status { status }. */
export function useSetContactStatus() {
  return useMutation({
    mutationFn: ({ contactId, status }: { contactId: string; status: ContactStatus }) =>
      api.patch(CONTACT_ROUTES.status(contactId), written, { json: { status } }),
    meta: { invalidates: CHANGES },
  });
}

export type Escalation = { contactId: string; levelId?: string; memberId?: string };

/** POST /api/contact-us/{id}/escalate { levelId?, memberId? }. */
export function useEscalateContact() {
  return useMutation({
    mutationFn: ({ contactId, levelId, memberId }: Escalation) =>
      api.post(CONTACT_ROUTES.escalate(contactId), written, {
        json: { ...(levelId ? { levelId } : {}), ...(memberId ? { memberId } : {}) },
      }),
    meta: { invalidates: CHANGES },
  });
}

/** GET /api/review-queue/levels ('review-priorities'): the priority levels, the first (rank 1) first. */
export const escalationLevelsQuery = () =>
  queryOptions({
    queryKey: [REVIEW_QUEUE_KEY, 'levels', 'contact-escalation'] as const,
    queryFn: ({ signal }) =>
      api
        .get('review-queue/levels', z.object({ result: levelsAnswerSchema }), { signal })
        .then((answer) => [...answer.result.levels].sort((a, b) => a.rank - b.rank)),
  });

const members = rowsResponse(member);

/** Members whose name or e-mail holds `search` (SPEC 7.2's users list, its first 10): the escalation's member picker. */
export const memberSearchQuery = (search: string) =>
  queryOptions({
    queryKey: [USERS_KEY, 'list', 'contact-escalation', search] as const,
    queryFn: ({ signal }) =>
      api
        .get('admin/list', members, {
          signal,
          searchParams: { page: 1, items: 10, q: search, fields: 'name,email' },
        })
        .then((answer) => answer.rows.filter((row): row is Member => row !== null)),
    enabled: search.length >= 2,
  });

/** The page the URL's state asks for: its status only when it names one of the statuses. */
export function contactRequest(state: ListState<'status'>): ContactRequest {
  const status = CONTACT_STATUSES.find((value) => value === state.filters.status);
  return { ...pageRequest(state), ...(status ? { status } : {}) };
}

/** The list's state in a query string, as the screen reads it. */
export const readContactList = (searchParams: URLSearchParams) =>
  readListParams(searchParams, ['status'], apiSortFields(sortFieldsOf(contactUs.columns)));

/**
 * /contact-us's first query, as the screen will ask it: with 'contact-status', the page of its status (this module's
 * resource); without it, SPEC's page as every read-only list asks it.
 */
export function prefetchContactUs(queryClient: QueryClient, searchParams: URLSearchParams) {
  if (storedFeature('contact-status'))
    return queryClient.prefetchQuery(
      contactResource.queries.page(contactRequest(readContactList(searchParams))),
    );
  const state = readListParams(searchParams, [], apiSortFields(sortFieldsOf(contactUs.columns)));
  return queryClient.prefetchQuery(pagedListResource(contactUs).queries.page(pageRequest(state)));
}
