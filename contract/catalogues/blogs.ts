import { TEXT_MAX } from '../limits';
import { blogCategory } from './blog-category';
import { type CatalogueApi, enabled, pagedCalls } from './catalogue-api';

export const blogs = {
  label: 'Blog',
  paths: pagedCalls('blog'),
  multipart: ['create', 'update'],
  fields: {
    title: { label: 'Title', type: 'text', required: true, max: TEXT_MAX.blogs.title },
    slug: { label: 'Slug', type: 'text', required: true, max: TEXT_MAX.blogs.slug },
    author: { label: 'Author', type: 'text', required: true, max: TEXT_MAX.blogs.author },
    seoTitle: { label: 'SEO title', type: 'text', required: true, max: TEXT_MAX.blogs.seoTitle },
    category: { label: 'Blog category', type: 'ref', required: true, to: blogCategory },
    focusKeyword: {
      label: 'Focus keyword',
      type: 'text',
      required: true,
      max: TEXT_MAX.blogs.focusKeyword,
    },
    enabled,
    shortDescription: {
      label: 'Short description',
      type: 'text',
      html: true,
      required: true,
      max: TEXT_MAX.blogs.shortDescription,
    },
    description: {
      label: 'Description',
      type: 'text',
      html: true,
      required: true,
      max: TEXT_MAX.blogs.description,
    },
    metaDescription: {
      label: 'Meta description',
      type: 'text',
      required: true,
      max: TEXT_MAX.blogs.metaDescription,
    },
  },
  // DECISIONS: the image travels as `file`.
  files: { file: { field: 'image', kind: 'image', label: 'Image', requiredOnCreate: 'Image is required' } },
} as const satisfies CatalogueApi;
