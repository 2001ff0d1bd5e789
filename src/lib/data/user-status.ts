import { z } from 'zod/mini';
import { api } from './api-client';
import type { RestrictionInput } from '@contract/restrictions';
import { text } from './schemas';

/**
 * SPEC's answer; with a restriction ('restrictions'), its reference and how many of the member's open reports it
 * closed.
 */
const statusAnswer = z.object({
  message: text,
  result: z.pipe(
    z.nullish(z.object({ reference: text, closed: z.optional(z.number()) })),
    z.transform((value) => (value ? { reference: value.reference, closed: value.closed ?? 0 } : null)),
  ),
});

/**
 * PATCH /api/admin/status/{userId}?enabled=…, with a JSON body { reason } only when one is given, so that the reason
 * stays out of URLs and access logs (an API without 'status-reason' is never sent one: the callers ask for a reason
 * only when it is announced).
 */
export function patchUserStatus({
  userId,
  enabled,
  reason,
  restriction,
}: {
  userId: string;
  enabled: boolean;
  reason?: string | null;
  /** 'restrictions': the deactivation's policy, facts and duration, in the same body. */
  restriction?: RestrictionInput;
}) {
  const trimmed = reason?.trim();
  const json = { ...(trimmed ? { reason: trimmed } : {}), ...(restriction ? { restriction } : {}) };
  return api.patch(`admin/status/${userId}`, statusAnswer, {
    searchParams: { enabled },
    ...(Object.keys(json).length ? { json } : {}),
  });
}

/**
 * What a restriction's save says: the server's words, and how many of the member's open reports it closed under its
 * reference ('restrictions').
 */
export function restrictionDone(answer: z.output<typeof statusAnswer>, fallback: string): string {
  const said = answer.message || fallback;
  const closed = answer.result?.closed ?? 0;
  if (!answer.result || closed === 0) return said;
  const reports = closed === 1 ? '1 open report' : `${closed} open reports`;
  return `${said}. ${reports} closed as actioned under ${answer.result.reference}.`;
}
