import { column } from '@/lib/declared-columns';
import { defineCatalogue, field } from './define-catalogue';
import { CATALOGUE_ENTRIES } from './entries';

/** Languages (SPEC 2.23, 5, 7.13, 8). */
export const languages = defineCatalogue({
  ...CATALOGUE_ENTRIES.languages,
  formTitle: 'Language',
  api: {
    list: 'language/listAll',
    read: 'language/read/:id',
    create: 'language/create',
    update: 'language/update/:id',
    remove: 'language/delete/:id',
  },
  record: { name: 'text' },
  columns: [column.index(), column.text('Name', 'name'), column.status(), column.actions()],
  fields: [field.text('name', 'Name', 'Please enter name'), field.status('Please select status')],
  messages: {
    added: 'Language added successfully!',
    updated: 'Language updated successfully!',
    deleted: 'Language deleted successfully!',
  },
  emptyText: 'No languages yet',
});
