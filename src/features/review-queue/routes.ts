import type * as QueuePage from './queue-page';
import { screenIn, type LazyRoute } from '@/lib/route-table';

/** The review queue ('review-queue'). */
export const routes: LazyRoute[] = [
  {
    path: '/queue',
    feature: 'review-queue',
    permission: 'queue.read',
    screen: screenIn<typeof QueuePage>('/src/features/review-queue/queue-page.tsx', (m) => m.QueuePage),
  },
];
