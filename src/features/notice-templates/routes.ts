import type * as TemplateFormPage from './template-form-page';
import type * as TemplatesPage from './templates-page';
import { screenIn, type LazyRoute } from '@/lib/route-table';

const form = screenIn<typeof TemplateFormPage>(
  '/src/features/notice-templates/template-form-page.tsx',
  (m) => m.TemplateFormPage,
);

/** The warning and notice templates ('notice-templates'), beside the review queue: read by its readers, an Owner's to write. */
export const routes: LazyRoute[] = [
  {
    path: '/queue/templates',
    feature: 'notice-templates',
    permission: 'queue.read',
    screen: screenIn<typeof TemplatesPage>(
      '/src/features/notice-templates/templates-page.tsx',
      (m) => m.TemplatesPage,
    ),
  },
  { path: '/queue/templates/add', feature: 'notice-templates', permission: 'templates.write', screen: form },
  {
    path: '/queue/templates/:templateId',
    feature: 'notice-templates',
    permission: 'templates.write',
    screen: form,
  },
];
