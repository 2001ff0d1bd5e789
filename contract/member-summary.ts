import type { RestrictionInForce } from './restrictions';

/**
 * A member's summary ('member-summary'): what GET /api/user/read/{id} answers beyond SPEC so that the profile's header
 * shows what a moderator needs first in the page's one read. With 'restrictions', the read also carries `strikes`
 * and `strikesReversed`.
 */
export type MemberSummary = {
  /** When the member last did something the server records (at the latest, their sign-up): an ISO date and time. */
  lastActiveAt: string;
  /** Their restriction in force ('restrictions'), or null. */
  restriction: RestrictionInForce | null;
};
