import { lookingFor as API } from '@contract/catalogues/looking-for';
import { column } from '@/lib/declared-columns';
import { defineCatalogue } from '../define-catalogue';
import { CATALOGUE_ENTRIES } from '../entries';
import { callsOf, fieldsOf } from '../from-contract';

const field = fieldsOf(API);

/**
 * Looking for (SPEC 2.24, 5, 7.13, 8). Quirks: the add route is /looking-for/Add (capital A); it creates through
 * create-with-icon but updates through plain update; its list and delete have fallbacks of their own.
 */
export const catalogue = defineCatalogue({
  ...CATALOGUE_ENTRIES.lookingFor,
  ...callsOf(API),
  columns: [column.text('Name', 'name'), column.status(), column.icon(), column.actions()],
  fields: [
    field.text('name', 'Name', 'Please enter name'),
    field.status('Please select status'),
    field.icon('Please upload an image'),
  ],
  messages: {
    added: 'Looking For added successfully!',
    updated: 'Looking For updated successfully!',
    deleted: 'Looking for deleted successfully!',
  },
  failures: {
    list: 'Failed to load data.',
    remove: { refused: 'Something went wrong.', failed: 'Failed to delete item.' },
  },
  defaultIcon: '/default-category.svg',
  emptyText: 'No looking-for options yet',
});
