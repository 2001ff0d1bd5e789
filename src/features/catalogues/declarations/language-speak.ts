import { languages as API } from '@contract/catalogues/languages';
import { column } from '@/lib/declared-columns';
import { defineCatalogue } from '../define-catalogue';
import { CATALOGUE_ENTRIES } from '../entries';
import { callsOf, fieldsOf } from '../from-contract';

const field = fieldsOf(API);

/** Language speak (SPEC 2.24, 5, 7.13, 8). Quirks: it uses the language calls; its name message is about a question. */
export const catalogue = defineCatalogue({
  ...CATALOGUE_ENTRIES.languageSpeak,
  ...callsOf(API),
  columns: [column.text('Name', 'name'), column.status(), column.actions()],
  fields: [field.text('name', 'Name', 'Please enter question'), field.status('Please select status')],
  messages: {
    added: 'language added successfully!',
    updated: 'language updated successfully!',
    deleted: 'language deleted successfully!',
  },
  emptyText: 'No languages yet',
});
