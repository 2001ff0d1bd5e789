/** The invitation's public page ('admins'): the link an Owner's invitation mails. */
export const INVITATION_TEXT = {
  title: 'Accept your invitation',
  invited: (name: string, email: string, role: string) =>
    `${name} (${email}) is invited to the admin console as ${role}.`,
  choose: 'Choose a password to finish, then sign in with your e-mail and this password.',
  password: 'Password',
  confirm: 'Confirm password',
  passwordRequired: 'Password is required',
  passwordShort: (min: number) => `Password must be at least ${min} characters`,
  mismatch: 'The passwords do not match',
  submit: 'Set password',
  done: 'Your password is set. Sign in with your e-mail and the new password.',
  signIn: 'Go to sign-in',
} as const;
