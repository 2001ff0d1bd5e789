import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { REVIEW_QUEUE_KEY } from '@/lib/core/query-roots';
import { api } from '@/lib/data/api-client';

// Loaded after the screen's first load (app/layout/sidebar.tsx), and light even then: nothing of the queue's screen
// (its item schemas, strings or Mantine's Badge), only the API client every screen has.
const counts = z.object({ result: z.object({ open: z.number(), claimed: z.number(), mine: z.number() }) });

/** How often the menu's count is read again while the console is open. */
export const COUNT_EVERY_MS = 30_000;

/** GET /api/review-queue/count: the menu's count, read again every 30 s and after every claim, release or decision. */
export const queueCount = () =>
  queryOptions({
    queryKey: [REVIEW_QUEUE_KEY, 'count'] as const,
    queryFn: ({ signal }) =>
      api.get('review-queue/count', counts, { signal }).then((answer) => answer.result),
    refetchInterval: COUNT_EVERY_MS,
    staleTime: 0,
  });

const openItems = (count: number) => `${count.toLocaleString('en-US')} open item${count === 1 ? '' : 's'}`;

/**
 * The menu entry's count of open items ('review-queue'): read every 30 s while the console is open, and again after
 * each claim, release or case decision (their writes invalidate the queue's queries).
 */
export default function QueueCountBadge({ id }: { id: string }) {
  const count = useQuery(queueCount());
  const open = count.data?.open;
  if (open === undefined) return null;
  return (
    <span id={id} className="nav-link-count" data-open={open > 0 || undefined}>
      <span aria-hidden>{open.toLocaleString('en-US')}</span>
      <span className="visually-hidden">{openItems(open)}</span>
    </span>
  );
}
