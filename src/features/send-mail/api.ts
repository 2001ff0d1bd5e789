import { z } from 'zod/mini';
import { defineResource, type PageRequest } from '@/lib/resource';
import { flag, id, optionalDate, text } from '@/lib/schemas';
import { MAIL_READ_ENDPOINTS } from './calls';

/** The 'All Users' choice of the picker, sent as it is in `users` (SPEC 7.12). */
export const ALL_USERS = 'all';

const recipient = z.object({ _id: z.optional(id), name: text, surname: text, email: text });

const mail = z.object({
  _id: id,
  title: text,
  body: text,
  allUsers: z.optional(flag),
  users: z.pipe(
    z.nullish(z.array(recipient)),
    z.transform((users) => users ?? []),
  ),
  createdAt: optionalDate,
});

export type Mail = z.output<typeof mail>;
export type MailInput = { title: string; body: string; users: string[] };

/** SPEC 7.12: GET /api/mail-send/list (page, limit) and POST /api/mail-send/create. */
export const mailResource = defineResource<Mail, MailInput>({
  key: 'mail-send',
  item: mail,
  endpoints: { ...MAIL_READ_ENDPOINTS, create: 'mail-send/create' },
});

const person = z.object({ _id: id, name: text, surname: text });
export type Person = z.output<typeof person>;

type RecipientsRequest = PageRequest & { search: string; activeOnly?: boolean };

/**
 * The mail's user picker (SPEC 7.2): GET /api/admin/list with fields='name,surname' and 10 a page, page after page
 * while full pages come back; a failure says 'Error occurred' (SPEC 8). `activeOnly` asks only for the count of
 * active users, whom 'All Users' reaches.
 */
export const recipientsResource = defineResource<Person, never, RecipientsRequest>({
  key: 'mail-recipients',
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
