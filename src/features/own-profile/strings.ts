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
