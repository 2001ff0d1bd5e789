import { TEXT_MAX } from '../limits';
import type { CatalogueApi } from './catalogue-api';

export const setting = {
  label: 'Setting',
  paths: {
    listAll: 'setting/listAll',
    read: 'setting/read/:id',
    create: 'setting/create',
    update: 'setting/update-with-image/:id',
  },
  multipart: ['update'],
  fields: {
    privacy: { label: 'Privacy policy', type: 'text', required: true, max: TEXT_MAX.setting.privacy },
    termsCondition: {
      label: 'Terms and conditions',
      type: 'text',
      required: true,
      max: TEXT_MAX.setting.termsCondition,
    },
  },
  files: { file: { field: 'image', kind: 'image', label: 'Image' } },
  singleRecord: true,
} as const satisfies CatalogueApi;
