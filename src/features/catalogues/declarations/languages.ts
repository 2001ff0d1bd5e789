import { languages as API } from '@contract/catalogues/languages';
import { column } from '@/lib/declared-columns';
import { defineCatalogue } from '../define-catalogue';
import { CATALOGUE_ENTRIES } from '../entries';
import { callsOf, fieldsOf } from '../from-contract';

const field = fieldsOf(API);

/** Languages (SPEC 2.23, 5, 7.13, 8). */
export const catalogue = defineCatalogue({
  ...CATALOGUE_ENTRIES.languages,
  formTitle: 'Language',
  ...callsOf(API),
  columns: [column.index(), column.text('Name', 'name'), column.status(), column.actions()],
  fields: [field.text('name', 'Name', 'Please enter name'), field.status('Please select status')],
  messages: {
    added: 'Language added successfully!',
    updated: 'Language updated successfully!',
    deleted: 'Language deleted successfully!',
  },
  emptyText: 'No languages yet',
});
