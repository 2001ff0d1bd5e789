/** Contact Us strings (SPEC 2.15). */
export const CONTACT_TEXT = {
  listTitle: 'Contact Us',
  title: 'Title',
  email: 'Email',
  phone: 'Phone No',
  message: 'Message',
  createdAt: 'Created At',
  empty: 'No contact messages yet',
} as const;
