import { column } from '@/lib/declared-columns';
import { defineCatalogue, field } from './define-catalogue';
import { CATALOGUE_ENTRIES } from './entries';

/** Religious beliefs (SPEC 2.24, 5, 7.13, 8). Quirk: 'Religiou beliefs added successfully!' is spelled so. */
export const religiousBeliefs = defineCatalogue({
  ...CATALOGUE_ENTRIES.religiousBeliefs,
  api: {
    list: 'religiousbelief/listAll',
    read: 'religiousbelief/read/:id',
    create: 'religiousbelief/create',
    update: 'religiousbelief/update/:id',
    remove: 'religiousbelief/delete/:id',
  },
  record: { name: 'text' },
  columns: [column.text('Name', 'name'), column.status(), column.actions()],
  fields: [field.text('name', 'Name', 'Please Enter Religious Name'), field.status('Please select status')],
  messages: {
    added: 'Religiou beliefs added successfully!',
    updated: 'Religious beliefs updated successfully!',
    deleted: 'Religious Beliefs deleted successfully!',
  },
  emptyText: 'No religious beliefs yet',
});
