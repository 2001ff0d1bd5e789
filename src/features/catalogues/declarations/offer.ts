import { offer as API } from '@contract/catalogues/offer';
import { column, sortable } from '@/lib/declared-columns';
import { defineCatalogue } from '../define-catalogue';
import { CATALOGUE_ENTRIES } from '../entries';
import { callsOf, fieldsOf } from '../from-contract';

const field = fieldsOf(API);

/**
 * Offer (SPEC 2.12, 3, 5, 7.7, 8): paginated. Quirks: the brand logo travels as the multipart file `file` and the
 * offer image as `document`; both are required only when adding; the expire date is today at the earliest.
 */
export const catalogue = defineCatalogue({
  ...CATALOGUE_ENTRIES.offer,
  ...callsOf(API),
  columns: [
    sortable(column.text('Title', 'title'), 'title'),
    sortable(column.localeDate('Expire Date', 'expireDate', 'Expired'), 'expireDate'),
    column.html('Description', 'description'),
    column.image('Brand Logo', 'brandLogo'),
    column.image('Image', 'image'),
    sortable(column.status(), 'status'),
    column.actions(),
  ],
  fields: [
    field.text('title', 'Title', 'Please enter title'),
    field.image('brandLogo', 'Brand Logo', 'Brand logo is required'),
    field.image('image', 'Offer Image', 'Offer image is required'),
    field.number('off', 'Off (%)', 'Please enter off'),
    field.number('minimumPurchaseAmount', 'Minimum Purchase Amount'),
    field.number('minimumMember', 'Minimum Members'),
    field.date('expireDate', 'Expire Date', 'Please select expire date'),
    field.html('description', 'Description', 'Please enter description'),
    field.status('Please select status'),
  ],
  messages: {
    added: 'Offer added successfully!',
    updated: 'Offer updated successfully!',
    deleted: 'Offer deleted successfully!',
  },
  emptyText: 'No offers yet',
});
