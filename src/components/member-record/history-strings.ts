/**
 * The profile's Moderation history ('user-history'), apart from the users strings: the users list's first load does
 * not carry them.
 */

/** The Moderation history's sentences ('user-history'). */
export const HISTORY_TEXT = {
  title: 'Moderation history',
  kind: 'Show',
  empty: 'No moderation history',
  when: 'When',
  what: 'What',
  status: (enabled: boolean, admin: string) => `${enabled ? 'Activated' : 'Deactivated'} by ${admin}`,
  restricted: (admin: string) => `Restricted by ${admin}`,
  restrictionEnded: 'Suspension ended',
  appealOpened: 'Appealed by the member',
  appealUpheld: (admin: string) => `Appeal upheld by ${admin}`,
  appealReversed: (admin: string) => `Appeal reversed by ${admin}`,
  reportedBy: 'Reported by',
  reported: 'Reported',
  blockedBy: 'Blocked by',
  blocked: 'Blocked',
  unknownUser: 'Unknown',
  unknownAdmin: 'an unknown admin',
  everyKind: 'All',
  noneOfKind: 'Nothing of this kind',
} as const;

/** The history's kinds ('user-history') and the filter's label of each. */
export const HISTORY_KIND_LABELS = {
  status: 'Status changes',
  reported: 'Reported',
  reporter: 'Reports made',
  blocked: 'Blocked by others',
  blocker: 'Blocks made',
} as const;
