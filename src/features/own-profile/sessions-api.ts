import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/data/api-client';
import { defineResource } from '@/lib/data/resource';
import { flag, id, optionalDate, text } from '@/lib/data/schemas';

const sessionItem = z.object({
  _id: id,
  browser: text,
  address: text,
  createdAt: optionalDate,
  lastSeenAt: optionalDate,
  current: flag,
});
export type AdminSession = z.output<typeof sessionItem>;

/** 'sessions': GET /api/admin/sessions?page&limit, the signed-in admin's live sessions, newest first. */
export const sessionsResource = defineResource<AdminSession>({
  key: 'admin-sessions',
  item: sessionItem,
  endpoints: { page: 'admin/sessions' },
});

const ended = z.object({ message: text });

/** DELETE /api/admin/sessions/{id}: ends one of the admin's other sessions. */
export function useEndSession() {
  return useMutation({
    mutationFn: (sessionId: string) => api.delete(`admin/sessions/${encodeURIComponent(sessionId)}`, ended),
    meta: { invalidates: [sessionsResource.keys.all] },
  });
}

/** POST /api/admin/sessions/end-others: ends every session of the admin but this one. */
export function useEndOtherSessions() {
  return useMutation({
    mutationFn: () => api.post('admin/sessions/end-others', ended),
    meta: { invalidates: [sessionsResource.keys.all] },
  });
}
