import { column, sortable } from '@/lib/declared-columns';
import { defineCatalogue, field } from './define-catalogue';
import { CATALOGUE_ENTRIES } from './entries';

/**
 * Offer (SPEC 2.12, 3, 5, 7.7, 8): paginated. Quirks: the brand logo travels as the multipart file `file` and the
 * offer image as `document`; both are required only when adding; the expire date is today at the earliest.
 */
export const offer = defineCatalogue({
  ...CATALOGUE_ENTRIES.offer,
  api: {
    list: 'offer/list',
    read: 'offer/read/:id',
    create: 'offer/create',
    update: 'offer/update/:id',
    remove: 'offer/delete/:id',
  },
  multipart: ['create', 'update'],
  paginated: true,
  record: {
    title: 'text',
    brandLogo: 'path',
    image: 'path',
    off: 'number',
    minimumPurchaseAmount: 'number',
    minimumMember: 'number',
    expireDate: 'date',
    description: 'text',
  },
  columns: [
    sortable(column.text('Title', 'title'), 'title'),
    sortable(column.date('Expire Date', 'expireDate', 'Expired'), 'expireDate'),
    column.html('Description', 'description'),
    column.image('Brand Logo', 'brandLogo'),
    column.image('Image', 'image'),
    sortable(column.status(), 'status'),
    column.actions(),
  ],
  fields: [
    field.text('title', 'Title', 'Please enter title'),
    field.image('brandLogo', 'Brand Logo', 'Brand logo is required', 'file'),
    field.image('image', 'Offer Image', 'Offer image is required', 'document'),
    field.number('off', 'Off (%)', 'Please enter off'),
    field.number('minimumPurchaseAmount', 'Minimum Purchase Amount'),
    field.number('minimumMember', 'Minimum Members'),
    field.date('expireDate', 'Expire Date', 'Please select expire date', { fromToday: true }),
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
