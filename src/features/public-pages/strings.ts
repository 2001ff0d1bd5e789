/** The public pages' strings (SPEC 2.25, 5, 8), verbatim where SPEC gives them. */
export const PUBLIC_TEXT = {
  policyTitle: 'Child Safety Policy',
  policyFailed: 'Failed to fetch data',
  deleteTitle: 'Delete Your Account',
  deleteWarning: 'This action cannot be undone: all your data will be permanently deleted.',
  deleteDetail:
    'Your profile, photos, matches and messages go with your account. We will e-mail you a link to confirm the deletion.',
  email: 'Email',
  emailRequired: 'Please input your email!',
  emailInvalid: 'The input is not valid E-mail!',
  deleteButton: 'Delete',
  deleted: 'Account delete successfully',
} as const;
