/** Users strings (SPEC 2.6, 2.7, 8), verbatim where SPEC gives them. */
export const USERS_TEXT = {
  listTitle: 'Users',
  name: 'Name',
  phone: 'Phone Number',
  gender: 'Gender',
  status: 'Status',
  actions: 'Actions',
  activate: 'Activate',
  deactivate: 'Deactivate',
  plan: 'Plan',
  searchHint: 'Search by name, email or phone no',
  verified: 'Verified',
  loading: 'Loading users',
  empty: 'No users match these filters',
  activated: 'User activated successfully',
  deactivated: 'User deactivated successfully',
  // Profile
  basic: 'Basic Information',
  personal: 'Personal Information',
  planDetails: 'Plan Details',
  prompts: 'Answer Prompts',
  hobbies: 'Hobbies',
  interestIn: 'Interest In',
  workout: 'Workout',
  lookingFor: 'Looking For',
  height: 'Height',
  distance: 'Preferred Distance',
  smoking: 'Smoking',
  drinking: 'Drinking',
  interactAge: 'Interact Age',
  audioPrompt: 'Audio Prompt',
  mobile: 'Mobile',
  email: 'Email',
  dob: 'DOB',
  location: 'Location',
  bio: 'Bio',
  planName: 'Name',
  planStatus: 'Status',
  noMedia: 'No photos or videos',
  // Moderation ('status-reason', 'user-history')
  deactivateTitle: (who: string) => `Deactivate ${who}?`,
  thisUser: 'this user',
  deactivateCount: (count: number) => (count === 1 ? '1 user' : `${count.toLocaleString('en-US')} users`),
  deactivateMessage: 'They can no longer sign in. The reason is kept in the moderation history.',
  reason: 'Reason (optional)',
  reasonTooLong: 'Reason must be at most 500 characters',
  cancel: 'Cancel',
  history: 'Moderation history',
  historyKind: 'Show',
  historyLoading: 'Loading moderation history',
  historyEmpty: 'No moderation history',
  historyWhen: 'When',
  historyWhat: 'What',
} as const;

/** The Moderation history's sentences ('user-history'). */
export const HISTORY_TEXT = {
  status: (enabled: boolean, admin: string) => `${enabled ? 'Activated' : 'Deactivated'} by ${admin}`,
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

export const PLAN_OPTIONS = [
  { value: 'silver', label: 'Silver' },
  { value: 'gold', label: 'Gold' },
  { value: 'platinum', label: 'Platinum' },
] as const;
