import { column } from '@/lib/declared-columns';
import { defineCatalogue, field } from './define-catalogue';
import { CATALOGUE_ENTRIES } from './entries';

/**
 * Event category (SPEC 2.24, 5, 7.13, 8). Quirks: the update route's parameter is planId; it reads through
 * /api/event-category/read but writes through /api/eventcategory; its delete says 'Report element deleted
 * successfully!'.
 */
export const eventCategory = defineCatalogue({
  ...CATALOGUE_ENTRIES.eventCategory,
  api: {
    list: 'eventcategory/listAll?enabled=true&sortBy=enabled',
    read: 'event-category/read/:id',
    create: 'eventcategory/create-with-icon',
    update: 'eventcategory/update-with-icon/:id',
    remove: 'eventcategory/delete/:id',
  },
  multipart: ['create', 'update'],
  record: { name: 'text', icon: 'path' },
  columns: [column.index(), column.text('Name', 'name'), column.status(), column.icon(), column.actions()],
  fields: [
    field.text('name', 'Name', 'Please enter name'),
    field.status('Please select status'),
    field.icon('Please upload an image'),
  ],
  messages: {
    added: 'Event category added successfully!',
    updated: 'Event category updated successfully!',
    deleted: 'Report element deleted successfully!',
  },
  defaultIcon: '/default-category.svg',
  emptyText: 'No event categories yet',
});
