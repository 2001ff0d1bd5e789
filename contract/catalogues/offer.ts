import { NUMBER_RANGE, TEXT_MAX } from '../limits';
import { type CatalogueApi, enabled, pagedCalls } from './catalogue-api';

export const offer = {
  label: 'Offer',
  paths: pagedCalls('offer'),
  multipart: ['create', 'update'],
  fields: {
    title: { label: 'Title', type: 'text', required: true, max: TEXT_MAX.offer.title },
    off: { label: 'Off', type: 'number', required: true, ...NUMBER_RANGE.offer.off },
    minimumPurchaseAmount: {
      label: 'Minimum purchase amount',
      type: 'number',
      ...NUMBER_RANGE.offer.minimumPurchaseAmount,
    },
    minimumMember: {
      label: 'Minimum members',
      type: 'number',
      ...NUMBER_RANGE.offer.minimumMember,
      integer: true,
    },
    expireDate: { label: 'Expire date', type: 'date', required: true, notPast: true },
    description: {
      label: 'Description',
      type: 'text',
      html: true,
      required: true,
      max: TEXT_MAX.offer.description,
    },
    enabled,
  },
  // Quirk: the brand logo travels as `file`, the offer's image as `document`.
  files: {
    file: {
      field: 'brandLogo',
      kind: 'image',
      label: 'Brand logo',
      requiredOnCreate: 'Brand logo is required',
    },
    document: {
      field: 'image',
      kind: 'image',
      label: 'Offer image',
      requiredOnCreate: 'Offer image is required',
    },
  },
} as const satisfies CatalogueApi;
