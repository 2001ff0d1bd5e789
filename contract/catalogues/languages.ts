import { TEXT_MAX } from '../limits';
import { calls, type CatalogueApi, enabled, name } from './catalogue-api';

export const languages = {
  label: 'Language',
  paths: calls('language'),
  fields: { name: name(TEXT_MAX.languages.name), enabled },
} as const satisfies CatalogueApi;
