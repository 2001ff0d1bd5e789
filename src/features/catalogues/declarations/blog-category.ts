import { blogCategory as API } from '@contract/catalogues/blog-category';
import { column, sortable } from '@/lib/declared-columns';
import { defineCatalogue } from '../define-catalogue';
import { CATALOGUE_ENTRIES } from '../entries';
import { callsOf, fieldsOf } from '../from-contract';

const field = fieldsOf(API);

/** Blog category (SPEC 2.18, 3, 5, 7.11, 8): paginated. Quirk: its delete says 'Blog deleted successfully!'. */
export const catalogue = defineCatalogue({
  ...CATALOGUE_ENTRIES.blogCategory,
  ...callsOf(API),
  columns: [
    sortable(column.text('Name', 'name'), 'name'),
    column.html('Description', 'description'),
    sortable(column.status(), 'status'),
    column.actions(),
  ],
  fields: [
    field.text('name', 'Name', 'Please enter name'),
    field.html('description', 'Description', 'Please enter description'),
    field.status('Please select status'),
  ],
  messages: {
    added: 'Blog category added successfully!',
    updated: 'Blog category updated successfully!',
    deleted: 'Blog deleted successfully!',
  },
  emptyText: 'No blog categories yet',
});
