import { z } from 'zod/mini';
import { defineResource } from '@/lib/data/resource';
import { FAQ_READ_ENDPOINTS } from './calls';
import { flag, id, text } from '@/lib/data/schemas';
import { version } from '@/lib/core/versioned-update';

const faq = z.object({ _id: id, question: text, answer: text, enabled: flag, updatedAt: version });

export type Faq = z.output<typeof faq>;
export type FaqInput = { question: string; answer: string; enabled: boolean };

/** SPEC 7.4. */
export const faqResource = defineResource<Faq, FaqInput>({
  key: 'faq',
  item: faq,
  endpoints: {
    ...FAQ_READ_ENDPOINTS,
    create: 'faq/create',
    update: (faqId) => `faq/update/${faqId}`,
    remove: (faqId) => `faq/delete/${faqId}`,
  },
});

export const faqQueries = faqResource.queries;
