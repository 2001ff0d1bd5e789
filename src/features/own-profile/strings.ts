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

/** After a save that changed the password ('profile-current-password', where the password is optional). */
export const PASSWORD_CHANGED_TEXT = 'Profile updated successfully! Your password has been changed.';

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

/** The own profile's "Two-factor" tab ('two-factor'). */
export const TWO_FACTOR_PROFILE_TEXT = {
  title: 'Two-factor',
  heading: 'Two-factor sign-in',
  off: 'Two-factor sign-in is off. With it on, signing in also asks for a code from an authenticator app.',
  setUp: 'Set up two-factor',
  confirmIntro: 'Then enter the code the app shows to turn two-factor sign-in on.',
  turnOn: 'Turn on',
  enabled: 'Two-factor sign-in is on',
  on: 'Two-factor sign-in is on: signing in asks for a code from your authenticator app.',
  codesLeft: (n: number) => `${n} unused recovery code${n === 1 ? '' : 's'} left.`,
  renewTitle: 'New recovery codes',
  renewIntro: 'Your current recovery codes stop working. Enter a code from the app to get ten new ones.',
  renew: 'Get new recovery codes',
  renewed: 'New recovery codes made',
  offTitle: 'Turn off two-factor',
  offIntro: 'Enter your password and a code from the app.',
  password: 'Password',
  passwordRequired: 'Please enter your password',
  turnOff: 'Turn off',
  disabled: 'Two-factor sign-in is off',
  required: 'Two-factor sign-in is required for every admin, so it cannot be turned off.',
  done: 'Done',
  loading: 'Loading two-factor',
} as const;
