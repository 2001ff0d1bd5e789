import { TEXT_MAX } from '../limits';
import { calls, type CatalogueApi, enabled, name } from './catalogue-api';

export const foodPreference = {
  label: 'Food preference',
  paths: calls('foodpreference'),
  fields: { name: name(TEXT_MAX.foodPreference.name), enabled },
} as const satisfies CatalogueApi;
