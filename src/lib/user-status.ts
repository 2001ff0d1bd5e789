import { api } from './api-client';
import { ack } from './schemas';

/**
 * PATCH /api/admin/status/{userId}?enabled=…, with &reason=… only when one is given (an API without 'status-reason'
 * is never sent one: the callers ask for a reason only when it is announced).
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
    searchParams: trimmed ? { enabled, reason: trimmed } : { enabled },
  });
}
