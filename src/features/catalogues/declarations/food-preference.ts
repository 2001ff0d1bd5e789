import { foodPreference as API } from '@contract/catalogues/food-preference';
import { column } from '@/lib/declared-columns';
import { defineCatalogue } from '../define-catalogue';
import { CATALOGUE_ENTRIES } from '../entries';
import { callsOf, fieldsOf } from '../from-contract';

const field = fieldsOf(API);

/** Food preference (SPEC 2.23, 5, 7.13, 8). Quirk: its delete says 'Hobbies deleted successfully!'. */
export const catalogue = defineCatalogue({
  ...CATALOGUE_ENTRIES.foodPreference,
  ...callsOf(API),
  columns: [column.index(), column.text('Name', 'name'), column.status(), column.actions()],
  fields: [field.text('name', 'Name', 'Please enter name'), field.status('Please select status')],
  messages: {
    added: 'Food Preference added successfully!',
    updated: 'Food Preference updated successfully!',
    deleted: 'Hobbies deleted successfully!',
  },
  emptyText: 'No food preferences yet',
});
