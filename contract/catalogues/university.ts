import { TEXT_MAX } from '../limits';
import { calls, type CatalogueApi, enabled, name } from './catalogue-api';

export const university = {
  label: 'University',
  paths: calls('university'),
  fields: {
    name: name(TEXT_MAX.university.name),
    enabled,
    description: {
      label: 'Description',
      type: 'text',
      required: true,
      max: TEXT_MAX.university.description,
    },
    email: { label: 'E-mail', type: 'text', email: true, max: TEXT_MAX.university.email },
  },
} as const satisfies CatalogueApi;
