import { column, sortable } from '@/lib/declared-columns';
import { defineCatalogue, field } from './define-catalogue';
import { CATALOGUE_ENTRIES } from './entries';

/** Blog category (SPEC 2.18, 3, 5, 7.11, 8): paginated. Quirk: its delete says 'Blog deleted successfully!'. */
export const blogCategory = defineCatalogue({
  ...CATALOGUE_ENTRIES.blogCategory,
  api: {
    list: 'blog-category/list',
    read: 'blog-category/read/:id',
    create: 'blog-category/create',
    update: 'blog-category/update/:id',
    remove: 'blog-category/delete/:id',
  },
  paginated: true,
  record: { name: 'text', description: 'text' },
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
