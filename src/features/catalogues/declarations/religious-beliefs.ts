import { religiousBeliefs as API } from '@contract/catalogues/religious-beliefs';
import { column } from '@/lib/declared-columns';
import { defineCatalogue } from '../define-catalogue';
import { CATALOGUE_ENTRIES } from '../entries';
import { callsOf, fieldsOf } from '../from-contract';

const field = fieldsOf(API);

/** Religious beliefs (SPEC 2.24, 5, 7.13, 8). Quirk: 'Religiou beliefs added successfully!' is spelled so. */
export const catalogue = defineCatalogue({
  ...CATALOGUE_ENTRIES.religiousBeliefs,
  ...callsOf(API),
  columns: [column.text('Name', 'name'), column.status(), column.actions()],
  fields: [field.text('name', 'Name', 'Please Enter Religious Name'), field.status('Please select status')],
  messages: {
    added: 'Religiou beliefs added successfully!',
    updated: 'Religious beliefs updated successfully!',
    deleted: 'Religious Beliefs deleted successfully!',
  },
  emptyText: 'No religious beliefs yet',
});
