import { TEXT_MAX } from '../limits';
import { calls, type CatalogueApi, enabled } from './catalogue-api';

export const faq = {
  label: 'Faq',
  paths: calls('faq'),
  fields: {
    question: { label: 'Question', type: 'text', required: true, max: TEXT_MAX.faq.question },
    answer: { label: 'Answer', type: 'text', html: true, required: true, max: TEXT_MAX.faq.answer },
    enabled,
  },
} as const satisfies CatalogueApi;
