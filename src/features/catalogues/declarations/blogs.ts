import { blogs as API } from '@contract/catalogues/blogs';
import { column, sortable } from '@/lib/declared-columns';
import { defineCatalogue } from '../define-catalogue';
import { CATALOGUE_ENTRIES } from '../entries';
import { callsOf, fieldsOf } from '../from-contract';

const field = fieldsOf(API);

/**
 * Blogs (SPEC 2.18, 3, 5, 7.11, 8): paginated; the list is /blogs but the forms are /blog/add and
 * /blog/update/{blogId}. The slug follows the title (SPEC 5's rule) until edited; the blog type is one of
 * /api/blog-category/listAll; the image travels as the multipart file `file` (DECISIONS), required only when adding.
 */
export const catalogue = defineCatalogue({
  ...CATALOGUE_ENTRIES.blogs,
  formTitle: 'Blog',
  ...callsOf(API),
  columns: [
    sortable(column.text('Title', 'title'), 'title'),
    column.html('Short Description', 'shortDescription'),
    column.html('Description', 'description'),
    column.image('Image', 'image'),
    sortable(column.status(), 'status'),
    column.actions(),
  ],
  fields: [
    field.text('title', 'Title', 'Please enter title'),
    field.slug('slug', 'Slug', 'Slug is required', 'title'),
    field.text('author', 'Author', 'Please enter author'),
    field.text('seoTitle', 'SEO Title', 'Please enter seo title'),
    field.choice('category', 'Blog Type', 'Please select blog type'),
    field.text('focusKeyword', 'Focus Keyword', 'Please enter focus keyword'),
    field.status('Please select status'),
    field.image('image', 'Image', 'Image is required'),
    field.textarea('shortDescription', 'Short Description', 'Please enter short description'),
    field.html('description', 'Description', 'Please enter description'),
    field.textarea('metaDescription', 'Meta Description', 'Please enter meta description'),
  ],
  messages: {
    added: 'Blog added successfully!',
    updated: 'Blog updated successfully!',
    deleted: 'Blog deleted successfully!',
  },
  emptyText: 'No blogs yet',
});
