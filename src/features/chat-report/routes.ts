import type * as ChatReport from './api';
import type * as ChatReportCalls from './calls';
import type * as ChatReportPage from './chat-report-page';
import { callIn, queriesIn, screenIn, type LazyRoute } from '@/lib/route-table';

export const routes: LazyRoute[] = [
  {
    path: '/chat-report',
    permission: 'reports.read',
    screen: screenIn<typeof ChatReportPage>(
      '/src/features/chat-report/chat-report-page.tsx',
      (m) => m.ChatReportPage,
    ),
    data: queriesIn<typeof ChatReport>(
      '/src/features/chat-report/api.ts',
      (m, queryClient, _params, searchParams) =>
        queryClient.prefetchQuery(m.chatReportResource.queries.page(m.readChatReportList(searchParams))),
    ),
    call: callIn<typeof ChatReportCalls>('/src/features/chat-report/calls.ts', 'chatReport'),
  },
];
