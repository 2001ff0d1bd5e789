import { CATALOGUE_API } from '@contract/catalogues';
import { column } from '@/lib/declared-columns';
import { defineCatalogue } from './define-catalogue';
import { CATALOGUE_ENTRIES } from './entries';
import { callsOf, fieldsOf } from './from-contract';

const API = CATALOGUE_API.languages;
const field = fieldsOf(API);

/** Languages (SPEC 2.23, 5, 7.13, 8). */
export const languages = defineCatalogue({
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
