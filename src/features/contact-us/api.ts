import { z } from 'zod/mini';
import { definePagedList } from '@/lib/resource';
import { id, optionalDate, text } from '@/lib/schemas';

const contactMessage = z.object({
  _id: id,
  title: text,
  email: text,
  phoneNo: text,
  description: text,
  created: optionalDate,
});

export type ContactMessage = z.output<typeof contactMessage>;

/** SPEC 7.9: GET /api/contact-us/list?page&limit. */
export const contactQueries = definePagedList({
  key: 'contact-us',
  item: contactMessage,
  path: 'contact-us/list',
});
