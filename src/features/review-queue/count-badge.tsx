import { Badge, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { queueCount } from './api';
import { QUEUE_TEXT } from './strings';

/**
 * The menu entry's count of open items ('review-queue'): read every 30 s while the console is open, and again after
 * each claim, release or case decision (their writes invalidate the queue's queries).
 */
export function QueueCountBadge({ id }: { id: string }) {
  const count = useQuery(queueCount());
  const open = count.data?.open;
  if (open === undefined) return null;
  return (
    <Badge id={id} className="nav-link-count" size="sm" variant="filled" color={open ? 'red' : 'gray'}>
      <span aria-hidden>{open.toLocaleString('en-US')}</span>
      <VisuallyHidden>{QUEUE_TEXT.openItems(open)}</VisuallyHidden>
    </Badge>
  );
}
