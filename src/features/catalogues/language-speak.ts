import { column } from '@/lib/declared-columns';
import { defineCatalogue, field } from './define-catalogue';
import { CATALOGUE_ENTRIES } from './entries';

/** Language speak (SPEC 2.24, 5, 7.13, 8). Quirks: it uses the language calls; its name message is about a question. */
export const languageSpeak = defineCatalogue({
  ...CATALOGUE_ENTRIES.languageSpeak,
  api: {
    list: 'language/listAll',
    read: 'language/read/:id',
    create: 'language/create',
    update: 'language/update/:id',
    remove: 'language/delete/:id',
  },
  record: { name: 'text' },
  columns: [column.text('Name', 'name'), column.status(), column.actions()],
  fields: [field.text('name', 'Name', 'Please enter question'), field.status('Please select status')],
  messages: {
    added: 'language added successfully!',
    updated: 'language updated successfully!',
    deleted: 'language deleted successfully!',
  },
  emptyText: 'No languages yet',
});
