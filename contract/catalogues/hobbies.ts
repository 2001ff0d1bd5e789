import { TEXT_MAX } from '../limits';
import { calls, type CatalogueApi, enabled, icon, name } from './catalogue-api';

export const hobbies = {
  label: 'Hobby',
  paths: {
    ...calls('hobbies'),
    create: 'hobbies/create-with-icon',
    update: 'hobbies/update-with-icon/:id',
  },
  multipart: ['create', 'update'],
  fields: { name: name(TEXT_MAX.hobbies.name), enabled },
  files: icon,
} as const satisfies CatalogueApi;
