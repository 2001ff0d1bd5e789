import { TEXT_MAX } from '../limits';
import { PLAN_PRICES, PLAN_TYPES } from '../plans';
import { type CatalogueApi, enabled, name } from './catalogue-api';

export const plan = {
  label: 'Plan',
  paths: { list: 'plan/list', read: 'plan/read/:id', create: 'plan/create', update: 'plan/update/:id' },
  fields: {
    name: name(TEXT_MAX.plan.name),
    benefit: { label: 'Benefit', type: 'text', html: true, required: true, max: TEXT_MAX.plan.benefit },
    planType: { label: 'Plan type', type: 'text', required: true, oneOf: PLAN_TYPES },
    price: { label: 'Price', type: 'text', required: true, oneOf: PLAN_PRICES },
    productId: { label: 'Product id', type: 'text', required: true, max: TEXT_MAX.plan.productId },
    isRecommended: { label: 'Recommended', type: 'bool', required: true },
    enabled,
    description: { label: 'Description', type: 'text', max: TEXT_MAX.plan.description },
  },
} as const satisfies CatalogueApi;
