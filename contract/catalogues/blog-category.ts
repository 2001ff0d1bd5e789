import { TEXT_MAX } from '../limits';
import { calls, type CatalogueApi, enabled, name } from './catalogue-api';

export const blogCategory = {
  label: 'Blog category',
  paths: { ...calls('blog-category'), list: 'blog-category/list' },
  fields: {
    name: name(TEXT_MAX.blogCategory.name),
    enabled,
    description: {
      label: 'Description',
      type: 'text',
      html: true,
      required: true,
      max: TEXT_MAX.blogCategory.description,
    },
  },
} as const satisfies CatalogueApi;
