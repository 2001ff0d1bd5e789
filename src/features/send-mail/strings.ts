/** Every string of the send-mail screens (SPEC 2.22, 5, 8, 9), verbatim where SPEC gives them. */
export const MAIL_TEXT = {
  listTitle: 'Send Mail',
  send: 'Send',
  formTitle: 'Send Mail',
  subject: 'Subject',
  body: 'Body',
  users: 'Users',
  createdAt: 'Created At',
  userList: 'User List',
  name: 'Name',
  email: 'Email',
  selectUsers: 'Select users',
  allUsers: 'All Users',
  searchUsers: 'Search users',
  subjectRequired: 'Please enter subject',
  bodyRequired: 'Please enter body',
  usersRequired: 'Please select users',
  sent: 'Mail sent successfully!',
  pickerFailed: 'Error occurred',
  empty: 'No mails sent yet',
  noRecipients: 'No recipients',
  viewMail: 'Read mail',
  everyone: 'All users',
} as const;

/** What the form says about who will receive the mail. */
export function recipientsText(count: number | undefined, all: boolean): string {
  if (all)
    return count === undefined
      ? 'This mail will go to every active user.'
      : `This mail will go to all ${count} active ${count === 1 ? 'user' : 'users'}.`;
  if (!count) return 'No one is chosen yet.';
  return `This mail will go to ${count} ${count === 1 ? 'user' : 'users'}.`;
}
