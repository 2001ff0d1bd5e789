import { PLAN_PRICES, PLAN_TYPES } from '@contract/plans';
import { column, sortable } from '@/lib/declared-columns';
import { defineCatalogue, field } from './define-catalogue';
import { CATALOGUE_ENTRIES } from './entries';

const PRICES = PLAN_PRICES.map((price) => ({ value: price, label: price }));

const TYPES = PLAN_TYPES.map((type) => ({
  value: type,
  label: type.charAt(0).toUpperCase() + type.slice(1),
}));

/**
 * Plan (SPEC 2.14, 3, 5, 7.8, 8, 9): paginated, edit only: no delete and no Add button on the list, though
 * /plan/add exists. Both selects of type and recommended say 'Please select one'.
 */
export const plan = defineCatalogue({
  ...CATALOGUE_ENTRIES.plan,
  api: { list: 'plan/list', read: 'plan/read/:id', create: 'plan/create', update: 'plan/update/:id' },
  paginated: true,
  addButton: false,
  record: {
    name: 'text',
    benefit: 'text',
    planType: 'text',
    price: 'text',
    productId: 'text',
    isRecommended: 'flag',
    description: 'text',
  },
  columns: [
    sortable(column.text('Name', 'name'), 'name'),
    column.text('Description', 'description'),
    sortable(column.status(), 'status'),
    column.actions(),
  ],
  fields: [
    field.text('name', 'Name', 'Please enter name'),
    field.html('benefit', 'Benefit', 'Please enter benefit'),
    field.select('planType', 'Plan Type', 'Please select one', TYPES),
    field.select('price', 'Price', 'Please select price', PRICES),
    field.text('productId', 'Product Id', 'Please enter product id'),
    field.yesNo('isRecommended', 'Recommended', 'Please select one'),
    field.status('Please select status'),
  ],
  messages: { added: 'Plan added successfully!', updated: 'Plan updated successfully!' },
  emptyText: 'No plans yet',
});
