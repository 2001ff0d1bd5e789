import { IconMessageLanguage } from '@tabler/icons-react';
import { column, defineCatalogue, field } from './define-catalogue';

/** Language speak (SPEC 2.24, 5, 7.13, 8). Quirks: it uses the language calls; its name message is about a question. */
export const languageSpeak = defineCatalogue({
  key: 'language-speak',
  title: 'Language Speak',
  menuIcon: IconMessageLanguage,
  routes: {
    list: '/language-speak',
    add: '/language-speak/add',
    update: '/language-speak/update/:languageSpeakId',
  },
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
