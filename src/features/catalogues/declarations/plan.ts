import { plan as API } from '@contract/catalogues/plan';
import { column, sortable } from '@/lib/declared-columns';
import { defineCatalogue } from '../define-catalogue';
import { CATALOGUE_ENTRIES } from '../entries';
import { callsOf, fieldsOf } from '../from-contract';

const capitalised = (type: string) => type.charAt(0).toUpperCase() + type.slice(1);

const field = fieldsOf(API);

/**
 * Plan (SPEC 2.14, 3, 5, 7.8, 8, 9): paginated, edit only: no delete and no Add button on the list, though
 * /plan/add exists. Both selects of type and recommended say 'Please select one'.
 */
export const catalogue = defineCatalogue({
  ...CATALOGUE_ENTRIES.plan,
  ...callsOf(API),
  addButton: false,
  columns: [
    sortable(column.text('Name', 'name'), 'name'),
    column.text('Description', 'description'),
    sortable(column.status(), 'status'),
    column.actions(),
  ],
  fields: [
    field.text('name', 'Name', 'Please enter name'),
    field.html('benefit', 'Benefit', 'Please enter benefit'),
    field.select('planType', 'Plan Type', 'Please select one', capitalised),
    field.select('price', 'Price', 'Please select price'),
    field.text('productId', 'Product Id', 'Please enter product id'),
    field.yesNo('isRecommended', 'Recommended', 'Please select one'),
    field.status('Please select status'),
  ],
  messages: { added: 'Plan added successfully!', updated: 'Plan updated successfully!' },
  emptyText: 'No plans yet',
});
