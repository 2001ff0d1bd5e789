import type * as AppealsApi from './api';
import type * as AppealPage from './appeal-page';
import { queriesIn, screenIn, type LazyRoute } from '@/lib/route-table';

/** Appeals ('appeals'): an appeal the review queue opens. */
export const routes: LazyRoute[] = [
  {
    path: '/appeals/:appealId',
    feature: 'appeals',
    permission: 'members.read',
    screen: screenIn<typeof AppealPage>('/src/features/appeals/appeal-page.tsx', (m) => m.AppealPage),
    data: queriesIn<typeof AppealsApi>('/src/features/appeals/api.ts', (m, queryClient, params) =>
      queryClient.prefetchQuery(m.appealQueries.detail(params.appealId ?? '')),
    ),
  },
];
