import { hobbies as API } from '@contract/catalogues/hobbies';
import { column } from '@/lib/declared-columns';
import { defineCatalogue } from '../define-catalogue';
import { CATALOGUE_ENTRIES } from '../entries';
import { callsOf, fieldsOf } from '../from-contract';

const field = fieldsOf(API);

/** Hobbies (SPEC 2.23, 5, 7.13, 8): an icon upload; the list falls back to the default hobby icon. */
export const catalogue = defineCatalogue({
  ...CATALOGUE_ENTRIES.hobbies,
  ...callsOf(API),
  columns: [column.index(), column.text('Name', 'name'), column.status(), column.icon(), column.actions()],
  fields: [
    field.text('name', 'Name', 'Please enter name'),
    field.status('Please select status'),
    field.icon('Please upload an image'),
  ],
  messages: {
    added: 'Hobbies added successfully!',
    updated: 'Hobbies updated successfully!',
    deleted: 'Hobbies deleted successfully!',
  },
  failures: { save: 'Something went wrong' },
  defaultIcon: '/default-hobby.svg',
  emptyText: 'No hobbies yet',
});
