import { api } from './api-client';
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
}: {
  userId: string;
  enabled: boolean;
  reason?: string | null;
}) {
  const trimmed = reason?.trim();
  return api.patch(`admin/status/${userId}`, ack, {
    searchParams: { enabled },
    ...(trimmed ? { json: { reason: trimmed } } : {}),
  });
}
