/** Own profile strings (SPEC 2.13, 5, 8), verbatim. */
export const PROFILE_TEXT = {
  title: 'Update Profile',
  image: 'Profile Image',
  email: 'Email',
  password: 'New Password',
  emailRequired: 'Please enter your email',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Please enter a new password',
  passwordShort: 'Password must be at least 6 characters',
  updated: 'Profile updated successfully!',
} as const;

/** The current password on the own profile ('profile-current-password'): what a new e-mail or password needs. */
export const CURRENT_PASSWORD_TEXT = {
  label: 'Current password',
  description: 'Needed to change your email or password',
  required: 'Please enter your current password',
} as const;

/** "Your sessions" on the own profile ('sessions'): the admin's live sign-ins, each ended from here. */
export const SESSIONS_TEXT = {
  title: 'Your sessions',
  browser: 'Browser',
  address: 'Address',
  started: 'Started',
  lastSeen: 'Last seen',
  action: 'Action',
  current: 'This session',
  end: 'End',
  endOthers: 'End all other sessions',
  empty: 'No sessions',
  loading: 'Loading sessions',
  endQuestion: 'End this session?',
  endMessage: (browser: string, address: string) =>
    `${browser} at ${address} will be signed out at its next action.`,
  endOthersQuestion: 'End all other sessions?',
  endOthersMessage:
    'Every other browser signed in to your account will be signed out. This one stays signed in.',
  cancel: 'Cancel',
  ended: 'Session ended',
  othersEnded: 'Other sessions ended',
} as const;
