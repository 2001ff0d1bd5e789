import { useMutation } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { api } from '@/lib/data/api-client';
import { USERS_KEY } from '@/lib/core/query-roots';
import { defineResource, type PageRequest } from '@/lib/data/resource';
import { flag, id, optionalDate, text } from '@/lib/data/schemas';
import { MAIL_READ_ENDPOINTS, MAIL_SORTS, readMailList } from './calls';

export { MAIL_SORTS, readMailList };

/** The 'All Users' choice of the picker, sent as it is in `users` (SPEC 7.12). */
export const ALL_USERS = 'all';

const recipient = z.object({ _id: z.optional(id), name: text, surname: text, email: text });
export type Recipient = z.output<typeof recipient>;

/** A count: a whole number from 0 (numeric text too). */
const count = z.coerce.number().check(z.int(), z.nonnegative());

/** Where a mail's deliveries stand: queued + sent + failed = its recipient count ('mail-recipients'). */
const delivery = z.object({ queued: count, sent: count, failed: count });
export type Delivery = z.output<typeof delivery>;

const mail = z.object({
  _id: id,
  title: text,
  body: text,
  allUsers: z.optional(flag),
  /** Every recipient (SPEC), or with 'mail-recipients' at most the first 50, ordered by name. */
  users: z.pipe(
    z.nullish(z.array(recipient)),
    z.transform((users) => users ?? []),
  ),
  /** With 'mail-recipients' (SPEC's API sends neither). */
  recipientCount: z.optional(count),
  delivery: z.optional(delivery),
  createdAt: optionalDate,
});

export type Mail = z.output<typeof mail>;

/** How many receive the mail: the count the API sends with the extension, else SPEC's whole inline list. */
export const recipientTotal = (mail: Mail) => mail.recipientCount ?? mail.users.length;

/** How often what shows a mail's delivery asks again while some of it is still queued. */
export const MAIL_REFRESH_MS = 3000;

/** Whether any mail of a page is still going out. */
export const goingOut = (mails: Mail[] | undefined) =>
  mails?.some((mail) => (mail.delivery?.queued ?? 0) > 0) ?? false;

export type MailInput = { title: string; body: string; users: string[] };

/** SPEC 7.12: GET /api/mail-send/list (page, limit) and POST /api/mail-send/create. */
export const mailResource = defineResource<Mail, MailInput>({
  key: 'mail-send',
  item: mail,
  endpoints: { ...MAIL_READ_ENDPOINTS, create: 'mail-send/create' },
});

/** A user as the picker shows them: the name, and the e-mail beside it where the API sends one. */
const person = z.object({ _id: id, name: text, surname: text, email: text });
export type Person = z.output<typeof person>;

type RecipientsRequest = PageRequest & { search: string; activeOnly?: boolean };

/**
 * The mail's user picker (SPEC 7.2): GET /api/admin/list with fields='name,surname' and 10 a page, page after page
 * while full pages come back; a failure says 'Error occurred' (SPEC 8). `activeOnly` asks only for the count of
 * active users, whom 'All Users' reaches. Read under the members' key, so a status change refreshes that count.
 */
export const recipientsResource = defineResource<Person, never, RecipientsRequest>({
  key: USERS_KEY,
  view: 'mail-picker',
  item: person,
  endpoints: { page: 'admin/list' },
  pageParams: ({ page, size, search, activeOnly }) => ({
    page,
    items: size,
    fields: 'name,surname',
    ...(search ? { q: search } : {}),
    ...(activeOnly ? { filter: 'user.enabled', equal: 'true' } : {}),
  }),
  meta: { list: { errorFallback: 'Error occurred' } },
});

export const PICKER_PAGE_SIZE = 10;

export const DELIVERY_STATES = ['queued', 'sent', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

const delivered = z.object({
  _id: id,
  name: text,
  surname: text,
  email: text,
  state: z.enum(DELIVERY_STATES),
  attempts: z.optional(z.coerce.number()),
  /** The transport's reason for a failure, or for the last transient one. */
  error: text,
  updatedAt: optionalDate,
});
export type DeliveredRecipient = z.output<typeof delivered>;

type DeliveryRequest = PageRequest & { mailId: string; search: string; state: DeliveryState | '' };

/**
 * A mail's recipients with their delivery, a page at a time ('mail-recipients'):
 * GET /api/mail-send/recipients/{mailId}?page&limit&q&state, ordered by name then id.
 */
export const deliveryResource = defineResource<DeliveredRecipient, never, DeliveryRequest>({
  key: 'mail-send-recipients',
  item: delivered,
  endpoints: { page: ({ mailId }) => `mail-send/recipients/${mailId}` },
  pageParams: ({ page, size, search, state }) => ({ page, limit: size, q: search, state }),
});

const testAnswer = z.object({ message: text, result: z.optional(z.object({ email: text })) });

/**
 * 'mail-test': POST /api/mail-send/test sends the subject and body at once to the signed-in admin alone; nothing is
 * stored, so no list changes. A transport failure answers 502 with its reason, which the mutation cache shows.
 */
export function useSendTestMail() {
  return useMutation({
    mutationFn: (input: { title: string; body: string }) =>
      api.post('mail-send/test', testAnswer, { json: input }),
  });
}
