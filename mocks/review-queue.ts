import type { ReviewKind, ReviewState } from '@contract/review-queue';
import type { MockChatReport } from './moderation-fixtures';
import { nextId } from './ids';

/** A review queue item ('review-queue'), as the reference server keeps one in review_items. */
export type MockReviewItem = {
  _id: string;
  kind: ReviewKind;
  /** The chat report's id, or the appeal's ('appeals'). */
  ref: string;
  state: ReviewState;
  assignee: { _id: string; name: string } | null;
  claimedAt: string | null;
  createdAt: string;
  doneAt: string | null;
};

/** The items of the seed's chat reports: one per Open report; the second oldest claimed by `claimant`. */
export function makeReviewItems(
  reports: MockChatReport[],
  claimant: { _id: string; name: string },
): MockReviewItem[] {
  const open = reports
    .filter((report) => report.status === 'Open')
    .sort((a, b) => (a.created < b.created ? -1 : a.created > b.created ? 1 : 0));
  return open.map((report, index) => ({
    _id: nextId(),
    kind: 'chat-report',
    ref: report._id,
    state: index === 1 ? 'claimed' : 'open',
    assignee: index === 1 ? claimant : null,
    claimedAt: index === 1 ? report.created : null,
    createdAt: report.created,
    doneAt: null,
  }));
}

/**
 * Keeps the items in step with the chat reports, as the server's triggers do: an Open report without an item gets
 * one, a decided report's item is done, a reopened report's item is open again (unclaimed).
 */
export function syncReviewItems(items: MockReviewItem[], reports: MockChatReport[]) {
  const byRef = new Map(items.filter((item) => item.kind === 'chat-report').map((item) => [item.ref, item]));
  for (const report of reports) {
    const item = byRef.get(report._id);
    if (!item) {
      if (report.status === 'Open')
        items.push({
          _id: nextId(),
          kind: 'chat-report',
          ref: report._id,
          state: 'open',
          assignee: null,
          claimedAt: null,
          createdAt: report.created,
          doneAt: null,
        });
    } else if (report.status !== 'Open' && item.state !== 'done') {
      Object.assign(item, { state: 'done', doneAt: report.handledAt ?? new Date().toISOString() });
    } else if (report.status === 'Open' && item.state === 'done') {
      Object.assign(item, { state: 'open', assignee: null, claimedAt: null, doneAt: null });
    }
  }
  const known = new Set(reports.map((report) => report._id));
  for (let index = items.length - 1; index >= 0; index--)
    if (items[index]!.kind === 'chat-report' && !known.has(items[index]!.ref)) items.splice(index, 1);
}
