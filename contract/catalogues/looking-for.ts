import { TEXT_MAX } from '../limits';
import { calls, type CatalogueApi, enabled, icon, name } from './catalogue-api';

export const lookingFor = {
  label: 'Looking for',
  // Quirk: creates through create-with-icon, updates through plain update.
  paths: { ...calls('lookingfor'), create: 'lookingfor/create-with-icon' },
  listQuery: 'enabled=true',
  multipart: ['create', 'update'],
  fields: { name: name(TEXT_MAX.lookingFor.name), enabled },
  files: icon,
} as const satisfies CatalogueApi;
