import { TEXT_MAX } from '../limits';
import { calls, type CatalogueApi, enabled, icon, name } from './catalogue-api';

export const eventCategory = {
  label: 'Event category',
  // Quirk: read under event-category/, the rest under eventcategory/.
  paths: {
    ...calls('eventcategory'),
    read: 'event-category/read/:id',
    create: 'eventcategory/create-with-icon',
    update: 'eventcategory/update-with-icon/:id',
  },
  listQuery: 'enabled=true&sortBy=enabled',
  multipart: ['create', 'update'],
  fields: { name: name(TEXT_MAX.eventCategory.name), enabled },
  files: icon,
} as const satisfies CatalogueApi;
