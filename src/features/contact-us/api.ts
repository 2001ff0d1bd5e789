import { z } from 'zod/mini';
import { defineResource } from '@/lib/resource';
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
export const contactResource = defineResource({
  key: 'contact-us',
  item: contactMessage,
  endpoints: { page: 'contact-us/list' },
});
