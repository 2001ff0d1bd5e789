import type * as Mail from './api';
import type * as MailCalls from './calls';
import type * as SendMailFormPage from './send-mail-form-page';
import type * as SendMailListPage from './send-mail-list-page';
import { callIn, queriesIn, screenIn, type LazyRoute } from '@/lib/route-table';

export const routes: LazyRoute[] = [
  {
    path: '/send-mail',
    permission: 'mail.read',
    screen: screenIn<typeof SendMailListPage>(
      '/src/features/send-mail/send-mail-list-page.tsx',
      (m) => m.SendMailListPage,
    ),
    data: queriesIn<typeof Mail>('/src/features/send-mail/api.ts', (m, queryClient, _params, searchParams) =>
      queryClient.prefetchQuery(m.mailResource.queries.page(m.readMailList(searchParams))),
    ),
    call: callIn<typeof MailCalls>('/src/features/send-mail/calls.ts', 'list'),
  },
  {
    path: '/send-mail/add',
    permission: 'mail.send',
    screen: screenIn<typeof SendMailFormPage>(
      '/src/features/send-mail/send-mail-form-page.tsx',
      (m) => m.SendMailFormPage,
    ),
  },
];
