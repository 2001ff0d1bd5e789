import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/data/api-client';
import { defineResource, type PageRequest } from '@/lib/data/resource';
import { flag, id, optionalDate, text } from '@/lib/data/schemas';

const note = z.object({
  _id: id,
  text,
  pinned: flag,
  /** Who wrote it, as they were named then; null when the API does not say. */
  author: z.pipe(
    z.nullish(z.object({ _id: id, name: text })),
    z.transform((value) => value ?? null),
  ),
  createdAt: optionalDate,
  /** Whether the signed-in admin may delete it: their own, or any for an Owner. */
  deletable: flag,
});
export type MemberNote = z.output<typeof note>;

type NotesRequest = PageRequest & { userId: string };

const path = (userId: string) => `admin/notes/${encodeURIComponent(userId)}`;

/**
 * 'member-notes': GET /api/admin/notes/{userId}?page&limit, a member's notes, pinned first, then newest first.
 */
export const notesResource = defineResource<MemberNote, never, NotesRequest>({
  key: 'member-notes',
  item: note,
  endpoints: { page: ({ userId }) => path(userId) },
  pageParams: ({ page, size }) => ({ page, limit: size }),
});

const changed = z.object({ message: text, result: note });
const invalidates = { invalidates: [notesResource.keys.all] };

/** POST /api/admin/notes/{userId} { text }. */
export function useAddNote(userId: string) {
  return useMutation({
    mutationFn: ({ text: body }: { text: string }) =>
      api.post(path(userId), changed, { json: { text: body } }),
    meta: invalidates,
  });
}

/** PATCH /api/admin/notes/{userId}/{noteId} { pinned }. */
export function usePinNote(userId: string) {
  return useMutation({
    mutationFn: ({ noteId, pinned }: { noteId: string; pinned: boolean }) =>
      api.patch(`${path(userId)}/${encodeURIComponent(noteId)}`, changed, { json: { pinned } }),
    meta: invalidates,
  });
}

/** DELETE /api/admin/notes/{userId}/{noteId}. */
export function useDeleteNote(userId: string) {
  return useMutation({
    mutationFn: (noteId: string) =>
      api.delete(`${path(userId)}/${encodeURIComponent(noteId)}`, z.object({ message: text })),
    meta: invalidates,
  });
}
