/** The sign-in's second step ('two-factor'). SPEC's own sign-in strings stay in sign-in-form.tsx and sign-in-page.tsx. */
export const SIGN_IN_TEXT = {
  codeTitle: 'Two-factor sign-in',
  enrolTitle: 'Set up two-factor sign-in',
  codeIntro: 'Enter the code your authenticator app shows for this account.',
  recoveryIntro: 'Enter one of the recovery codes you saved. Each code works once.',
  verify: 'Verify',
  useRecovery: 'Use a recovery code',
  useApp: 'Use your authenticator app',
  back: 'Back to sign-in',
  enrolIntro: 'Two-factor sign-in is required for every admin. Set it up now to continue.',
  enrolCode: 'Then enter the code the app shows to turn it on.',
  turnOn: 'Turn on and sign in',
  settingUp: 'Setting up two-factor sign-in',
  continue: 'Continue',
} as const;
