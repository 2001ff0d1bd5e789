import { TEXT_MAX } from '../limits';
import { EXPLANATION_MAX } from '../restrictions';
import { calls, type CatalogueApi, enabled } from './catalogue-api';

export const reportElement = {
  label: 'Report element',
  paths: calls('reportelement'),
  fields: {
    message: { label: 'Message', type: 'text', required: true, max: TEXT_MAX.reportElement.message },
    enabled,
    explanation: {
      label: 'Explanation',
      type: 'text',
      max: EXPLANATION_MAX,
      feature: 'restrictions',
    },
  },
} as const satisfies CatalogueApi;
