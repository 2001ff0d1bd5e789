import { TEXT_MAX } from '../limits';
import { calls, type CatalogueApi, enabled, name } from './catalogue-api';

export const religiousBeliefs = {
  label: 'Religious belief',
  paths: calls('religiousbelief'),
  fields: { name: name(TEXT_MAX.religiousBeliefs.name), enabled },
} as const satisfies CatalogueApi;
