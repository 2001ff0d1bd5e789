import type * as Faq from './api';
import type * as FaqCalls from './calls';
import type * as FaqFormPage from './faq-form-page';
import type * as FaqListPage from './faq-list-page';
import { callIn, queriesIn, screenIn, type LazyRoute } from '@/lib/route-table';

const faqForm = screenIn<typeof FaqFormPage>('/src/features/faq/faq-form-page.tsx', (m) => m.FaqFormPage);

export const routes: LazyRoute[] = [
  {
    path: '/faq',
    permission: 'faq.write',
    screen: screenIn<typeof FaqListPage>('/src/features/faq/faq-list-page.tsx', (m) => m.FaqListPage),
    data: queriesIn<typeof Faq>('/src/features/faq/api.ts', (m, queryClient) =>
      queryClient.prefetchQuery(m.faqQueries.list()),
    ),
    call: callIn<typeof FaqCalls>('/src/features/faq/calls.ts', 'list'),
  },
  { path: '/faq/add', permission: 'faq.write', screen: faqForm },
  {
    path: '/faq/update/:faqId',
    permission: 'faq.write',
    screen: faqForm,
    data: queriesIn<typeof Faq>('/src/features/faq/api.ts', (m, queryClient, { faqId = '' }) =>
      queryClient.prefetchQuery(m.faqQueries.detail(faqId)),
    ),
    call: callIn<typeof FaqCalls>('/src/features/faq/calls.ts', 'detail'),
  },
];
