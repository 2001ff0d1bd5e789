import { university as API } from '@contract/catalogues/university';
import { column } from '@/lib/declared-columns';
import { defineCatalogue } from '../define-catalogue';
import { CATALOGUE_ENTRIES } from '../entries';
import { callsOf, fieldsOf } from '../from-contract';

const field = fieldsOf(API);

/** University (SPEC 2.8, 5, 7.3, 8). Quirks: the update route is /university-update/{id}; the header reads STATUS. */
export const catalogue = defineCatalogue({
  ...CATALOGUE_ENTRIES.university,
  ...callsOf(API),
  columns: [
    column.text('Name', 'name', 'email'),
    column.text('Description', 'description'),
    column.status('STATUS'),
    column.actions(),
  ],
  fields: [
    field.text('name', 'University Name', 'Please enter university name'),
    field.textarea('description', 'Description', 'Please enter description'),
    field.status('Please select status'),
  ],
  messages: {
    added: 'University added successfully!',
    updated: 'University updated successfully!',
    deleted: 'University deleted successfully!',
  },
  emptyText: 'No universities yet',
});
