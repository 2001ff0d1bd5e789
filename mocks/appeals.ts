import type { AppealState } from '@contract/appeals';
import type { MockRestriction } from './restrictions';
import type { MockReviewItem } from './review-queue';

/**
 * Appeals as the reference server keeps them ('appeals', server/routes/appeals.ts). The mock API sends no mail: an
 * unconfirmed appeal keeps its link's token in the clear, for tests and demo mode to confirm it.
 */
export type MockAppeal = {
  _id: string;
  restrictionId: string;
  userId: string;
  email: string;
  statement: string;
  state: AppealState;
  token: string | null;
  createdAt: string;
  confirmedAt: string | null;
  decision: {
    decision: 'uphold' | 'reverse';
    note: string;
    admin: { _id: string; name: string };
    at: string;
  } | null;
};

/** The seed's open appeal (its own ids, so that every other fixture keeps its id): /appeals/<id> shows it. */
export const MOCK_APPEAL = {
  id: 'aaaaaaaaaaaaaaaaaaaa0001',
  restrictionId: 'aaaaaaaaaaaaaaaaaaaa0002',
  itemId: 'aaaaaaaaaaaaaaaaaaaa0003',
  reference: 'R-7K2M9QXD',
} as const;

/**
 * The seed's appeal: the member `member` (inactive), deactivated for good by the Moderator `by`, appeals; it is open
 * and its review item is the queue's newest.
 */
export function makeAppeal(
  member: { _id: string; email: string },
  by: { _id: string },
  policy: { _id: string; message: string },
): { restriction: MockRestriction; appeal: MockAppeal; item: MockReviewItem } {
  const restricted = '2026-11-20T10:00:00.000Z';
  // After the seed's chat reports: the queue's newest item.
  const appealed = '2026-11-21T09:30:00.000Z';
  return {
    restriction: {
      _id: MOCK_APPEAL.restrictionId,
      reference: MOCK_APPEAL.reference,
      userId: member._id,
      adminId: by._id,
      policyId: policy._id,
      policyName: policy.message,
      facts: 'Sent the same advertising message to 40 members in one hour.',
      createdAt: restricted,
      endsAt: null,
      endedAt: null,
      withheldReason: null,
    },
    appeal: {
      _id: MOCK_APPEAL.id,
      restrictionId: MOCK_APPEAL.restrictionId,
      userId: member._id,
      email: member.email,
      statement: 'I was inviting friends to my own event, not advertising. Please look again.',
      state: 'open',
      token: null,
      createdAt: appealed,
      confirmedAt: appealed,
      decision: null,
    },
    item: {
      _id: MOCK_APPEAL.itemId,
      kind: 'appeal',
      ref: MOCK_APPEAL.id,
      state: 'open',
      assignee: null,
      claimedAt: null,
      createdAt: appealed,
      doneAt: null,
    },
  };
}
