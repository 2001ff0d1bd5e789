import { Badge } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { targetState } from '@contract/review-cases';
import { REVIEW_KIND_LABELS, type ReviewKind } from '@contract/review-queue';
import type { QueueItem } from './api';
import { QUEUE_TEXT } from './strings';

/** A span of minutes in its largest unit, short: '40 min', '3 h', '3 days'. */
export function shortSpan(minutes: number): string {
  const whole = Math.max(0, Math.floor(minutes));
  if (whole < 60) return `${whole} min`;
  if (whole < 48 * 60) return `${Math.floor(whole / 60)} h`;
  const days = Math.floor(whole / 1440);
  return `${days} day${days === 1 ? '' : 's'}`;
}

/**
 * An item's age against its priority's target ('review-priorities'): '3 h of 4 h', and past the target 'Overdue'
 * in words with a mark beside it (not by colour alone).
 */
export function AgeAgainstTarget({
  item,
  now,
}: {
  item: {
    createdAt: string;
    level?: QueueItem['level'];
    targetAt?: string | null;
    doneAt?: string | null;
  };
  now: number;
}) {
  const age = shortSpan((now - Date.parse(item.createdAt)) / 60_000);
  if (!item.level || !item.targetAt) return <>{age}</>;
  const overdue = targetState({ targetAt: item.targetAt, doneAt: item.doneAt }, now) === 'overdue';
  return (
    <Badge
      color={overdue ? 'red' : 'gray'}
      variant="light"
      tt="none"
      data-target={overdue ? 'overdue' : 'due'}
      leftSection={overdue ? <IconAlertTriangle size={12} aria-hidden /> : undefined}
    >
      {QUEUE_TEXT.ofTarget(age, shortSpan(item.level.targetMinutes))}
      {overdue ? ` · ${QUEUE_TEXT.overdue}` : null}
    </Badge>
  );
}

export const kindLabel = (kind: string) =>
  REVIEW_KIND_LABELS[kind as ReviewKind] ?? (kind === 'case' ? 'Case' : kind);
