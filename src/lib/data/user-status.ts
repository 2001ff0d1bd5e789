import { api } from './api-client';
import type { RestrictionInput } from '@contract/restrictions';
import { ack } from './schemas';

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
  return api.patch(`admin/status/${userId}`, ack, {
    searchParams: { enabled },
    ...(Object.keys(json).length ? { json } : {}),
  });
}
