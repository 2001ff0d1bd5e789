/**
 * The review queue ('review-queue'): one list of what the team has to review, oldest first, each item claimed by one
 * admin at a time. A kind is a source of items; each migration that adds one extends review_items' CHECK and this list.
 */
export const REVIEW_KINDS = [
  /**
   * A member's case ('review-cases', migration 019): every Open chat report on the member (and escalated contact
   * messages); done when none is left Open. Replaces 'chat-report' for new items.
   */
  'case',
  /** An Open chat report ('report-cases'), before 'review-cases': only done items of this kind remain. */
  'chat-report',
  /** An open appeal of a restriction ('appeals'); its decision (uphold or reverse) closes the item. */
  'appeal',
] as const;
export type ReviewKind = (typeof REVIEW_KINDS)[number];

export const REVIEW_KIND_LABELS: Record<ReviewKind, string> = {
  case: 'Case',
  'chat-report': 'Chat report',
  appeal: 'Appeal',
};

/** open: nobody has it; claimed: an admin works on it; done: decided (its source is no longer open). */
export const REVIEW_STATES = ['open', 'claimed', 'done'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];

export const REVIEW_STATE_LABELS: Record<ReviewState, string> = {
  open: 'Open',
  claimed: 'Claimed',
  done: 'Done',
};

/** An item's age turns amber, then red, after this many hours (QUEUE_AMBER_HOURS, QUEUE_RED_HOURS on the server). */
export const DEFAULT_QUEUE_AMBER_HOURS = 12;
export const DEFAULT_QUEUE_RED_HOURS = 24;

export type AgeLevel = 'fresh' | 'amber' | 'red';

export type QueueAges = { amberHours: number; redHours: number };

/**
 * The work dashboard's figure of the items not yet done by age ('work-dashboard' with 'review-queue'): how many are
 * younger than the amber threshold, between amber and red, and older than red.
 */
export function queueAgeBuckets(
  { amberHours, redHours }: QueueAges,
  counts: Record<AgeLevel, number>,
): { label: string; count: number }[] {
  return [
    { label: `Under ${amberHours} h`, count: counts.fresh },
    { label: `${amberHours}–${redHours} h`, count: counts.amber },
    { label: `Over ${redHours} h`, count: counts.red },
  ];
}

/** How late an item created at `createdAt` is at `now`, by the thresholds the list answered. */
export function ageLevel(
  createdAt: string,
  now: number,
  { amberHours, redHours }: { amberHours: number; redHours: number },
): AgeLevel {
  const hours = (now - Date.parse(createdAt)) / 3_600_000;
  if (hours >= redHours) return 'red';
  if (hours >= amberHours) return 'amber';
  return 'fresh';
}
