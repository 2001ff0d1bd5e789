import { eventCategory as API } from '@contract/catalogues/event-category';
import { column } from '@/lib/declared-columns';
import { defineCatalogue } from '../define-catalogue';
import { CATALOGUE_ENTRIES } from '../entries';
import { callsOf, fieldsOf } from '../from-contract';

const field = fieldsOf(API);

/**
 * Event category (SPEC 2.24, 5, 7.13, 8). Quirks: the update route's parameter is planId; it reads through
 * /api/event-category/read but writes through /api/eventcategory; its delete says 'Report element deleted
 * successfully!'.
 */
export const catalogue = defineCatalogue({
  ...CATALOGUE_ENTRIES.eventCategory,
  ...callsOf(API),
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
