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
  sendTo: 'Send to',
  chosenUsers: 'Chosen users',
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
  // The extensions (DECISIONS, "Mail"): delivery progress, recipients paged with their state, a test first.
  delivery: 'Delivery',
  searchRecipients: 'Search recipients',
  stateFilter: 'Show',
  everyState: 'Every recipient',
  state: 'State',
  noneFound: 'No recipients found',
  sendTest: 'Send me a test first',
} as const;

/** A count as the console's English reads it: 100000 → '100,000'. */
const formatCount = (value: number) => value.toLocaleString('en-US');

/** A delivery state as the admin reads it, and the filter's choice for it. */
export const STATE_TEXT = {
  queued: { label: 'Queued', filter: 'Queued only' },
  sent: { label: 'Sent', filter: 'Sent only' },
  failed: { label: 'Failed', filter: 'Failed deliveries only' },
} as const;

/** A mail's progress, as text (what a screen reader reads; the bar beside it only repeats it). */
export function deliveryText({ sent, failed }: { sent: number; failed: number }, total: number): string {
  if (!total) return MAIL_TEXT.noRecipients;
  const progress = `${formatCount(sent)} of ${formatCount(total)} sent`;
  return failed ? `${progress} · ${formatCount(failed)} failed` : progress;
}

/** The Users icon's name: the mail, and how many receive it when the API counts them. */
export const userListLabel = (title: string, total?: number) =>
  total === undefined
    ? `${MAIL_TEXT.userList}: ${title}`
    : `${MAIL_TEXT.userList}: ${title} (${formatCount(total)} ${total === 1 ? 'recipient' : 'recipients'})`;

/** Before a mail to everyone, while no test of it has gone to the admin. */
export const testReminder = (email: string) =>
  `You have not sent yourself a test of this mail yet: '${MAIL_TEXT.sendTest}' sends it to ${email} alone.`;

/** What the form says about who will receive the mail. */
export function recipientsText(count: number | undefined, all: boolean): string {
  if (all)
    return count === undefined
      ? 'This mail will go to every active user.'
      : `This mail will go to all ${count} active ${count === 1 ? 'user' : 'users'}.`;
  if (!count) return 'No one is chosen yet.';
  return `This mail will go to ${count} ${count === 1 ? 'user' : 'users'}.`;
}
