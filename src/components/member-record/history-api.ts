import { z } from 'zod/mini';
import { caseStatus } from '@/lib/moderation';
import { USER_HISTORY_KEY } from '@/lib/core/query-roots';
import { defineResource, type PageRequest } from '@/lib/data/resource';
import { flag, id, optionalDate, text } from '@/lib/data/schemas';

export const HISTORY_KINDS = ['status', 'reported', 'reporter', 'blocked', 'blocker'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];

/** A user (with the surname where the API gives it) or an admin (named in full), null when their account is gone. */
const person = z.pipe(
  z.nullish(z.object({ _id: id, name: text, surname: z.optional(text), email: text })),
  z.transform((value) => value ?? null),
);
export type HistoryPerson = z.output<typeof person>;

const nullableText = z.pipe(
  z.nullish(z.string()),
  z.transform((value) => value || null),
);

const common = { _id: id, at: optionalDate };
const report = { ...common, other: person, message: text, caseStatus, note: text };
const block = { ...common, other: person, message: text };

const item = z.union([
  z.object({
    kind: z.literal('status'),
    ...common,
    admin: person,
    enabled: flag,
    reason: nullableText,
    /** 'restrictions': a restriction, or a suspension's end by time, with what it was. */
    action: z.optional(z.string()),
    summary: nullableText,
  }),
  z.object({ kind: z.literal('reported'), ...report }),
  z.object({ kind: z.literal('reporter'), ...report }),
  z.object({ kind: z.literal('blocked'), ...block }),
  z.object({ kind: z.literal('blocker'), ...block }),
]);
export type HistoryItem = z.output<typeof item>;

type HistoryRequest = PageRequest & { userId: string; kind: HistoryKind | '' };

/**
 * 'user-history': GET /api/admin/history/{userId}?page&limit&kind, one timeline newest first: status changes (who and
 * why), reports about the user and by them with their case, blocks by others and by them.
 */
export const historyResource = defineResource<HistoryItem, never, HistoryRequest>({
  key: USER_HISTORY_KEY,
  item,
  endpoints: { page: ({ userId }) => `admin/history/${userId}` },
  pageParams: ({ page, size, kind }) => ({ page, limit: size, kind }),
});
