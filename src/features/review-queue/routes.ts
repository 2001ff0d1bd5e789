import type * as CasePage from './case-page';
import type * as QueuePage from './queue-page';
import { screenIn, type LazyRoute } from '@/lib/route-table';

/** The review queue ('review-queue') and a case's page ('review-cases'). */
export const routes: LazyRoute[] = [
  {
    path: '/queue',
    feature: 'review-queue',
    permission: 'queue.read',
    screen: screenIn<typeof QueuePage>('/src/features/review-queue/queue-page.tsx', (m) => m.QueuePage),
  },
  {
    path: '/queue/:id',
    feature: 'review-cases',
    permission: 'queue.read',
    screen: screenIn<typeof CasePage>('/src/features/review-queue/case-page.tsx', (m) => m.CasePage),
  },
];
