import { nextId } from './ids';

type User = { _id: string; name: string; surname: string; email: string; enabled: boolean };

export type DeliveryState = 'queued' | 'sent' | 'failed';

/** A mail's recipient with their delivery, as the reference server's delivery rows keep it (DECISIONS, "Mail"). */
export type MockRecipient = {
  _id: string;
  name: string;
  surname: string;
  email: string;
  state: DeliveryState;
  attempts: number;
  /** The transport's reason for a failure, or for the last transient one. */
  error: string | null;
  updatedAt: string | null;
};

/** A sent mail and every one of its recipients, ordered by name then id (the order of the server's answers). */
export type MockMail = {
  _id: string;
  title: string;
  body: string;
  allUsers: boolean;
  recipients: MockRecipient[];
  createdAt: string;
};

const SUBJECTS: [string, string][] = [
  [
    'Speed dating this Friday',
    'Join us at 7 pm for a relaxed evening of short conversations and good music.',
  ],
  ['New safety features', 'You can now share your date plans with a trusted friend straight from the app.'],
  ['Your Gold trial', 'Enjoy unlimited likes for seven days. No card needed.'],
  ['We miss you', 'Ten new people near you joined this week. Come and say hello.'],
  [
    'Your event has a new venue',
    'The open mic night has moved to Union Hall. The date and time are unchanged.',
  ],
  [
    'Please verify your photos',
    'Verified profiles get more matches. It takes a minute: open your profile and tap Verify.',
  ],
  ['Complete your profile', 'Profiles with three photos and a prompt get twice as many matches.'],
  ['How are we doing?', 'Tell us what you think of the app: leave a rating from Settings → Feedback.'],
  [
    'Staying safe when you meet',
    'Meet in a busy public place, tell a friend your plans, and get home your own way.',
  ],
  ['Picnic places left', 'There are still a few places for Sunday’s picnic in Riverside Park.'],
  [
    'Welcome to the Leeds community',
    'You can now join the events of University of Leeds students and alumni.',
  ],
  ['Voice prompts are here', 'Record a short answer to a prompt and let people hear you before you meet.'],
];

/** What SPEC 3 shows of a recipient: name, surname and e-mail. */
export const recipientOf = ({ _id, name, surname, email }: User | MockRecipient) => ({
  _id,
  name,
  surname,
  email,
});

const byNameThenId = (a: { name: string; _id: string }, b: { name: string; _id: string }) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;

/** A new mail's recipients: every one queued, none tried yet. */
export const queuedRecipients = (users: User[]): MockRecipient[] =>
  users
    .map((user) => ({
      ...recipientOf(user),
      state: 'queued' as const,
      attempts: 0,
      error: null,
      updatedAt: null,
    }))
    .sort(byNameThenId);

/** Transport refusals, as an SMTP server words them. */
const BOUNCES = [
  '550 5.1.1 Mailbox unavailable',
  '552 5.2.2 Mailbox full',
  '554 5.7.1 Message rejected as spam',
];

/**
 * Sent mails (SPEC 3), newest first: some to a few chosen users, one to everyone; every delivery done, a few of the
 * mail to everyone failed for good with the transport's reason.
 */
export function makeMails(users: User[]): MockMail[] {
  return Array.from({ length: 12 }, (_, index) => {
    const [title, body] = SUBJECTS[index % SUBJECTS.length]!;
    const allUsers = index === 2;
    const chosen = allUsers
      ? users.filter((user) => user.enabled)
      : [users[(index * 3) % users.length]!, users[(index * 3 + 1) % users.length]!];
    const createdAt = new Date(Date.UTC(2026, 10, 22, 18, 45, 30) - index * 86_400_000).toISOString();
    const recipients = queuedRecipients(chosen).map((recipient, position): MockRecipient => {
      const bounce =
        allUsers && position % 20 === 7 ? BOUNCES[Math.floor(position / 20) % BOUNCES.length]! : null;
      return bounce
        ? { ...recipient, state: 'failed', attempts: 3, error: bounce, updatedAt: createdAt }
        : { ...recipient, state: 'sent', attempts: 1, updatedAt: createdAt };
    });
    return {
      _id: nextId(),
      title,
      body,
      allUsers,
      recipients,
      createdAt,
    };
  });
}

/** queued + sent + failed = the number of recipients. */
export function deliveryOf(mail: MockMail) {
  const delivery = { queued: 0, sent: 0, failed: 0 };
  for (const recipient of mail.recipients) delivery[recipient.state] += 1;
  return delivery;
}

/** How many reads of the list a new mail takes to go out: it progresses a third of its recipients per read. */
export const READS_TO_DELIVER = 3;

/** One step of the mock's delivery worker: sends the next share of each mail's queued recipients. */
export function deliverSome(mails: MockMail[], now = new Date().toISOString()) {
  for (const mail of mails) {
    const queued = mail.recipients.filter((recipient) => recipient.state === 'queued');
    if (!queued.length) continue;
    for (const recipient of queued.slice(0, Math.ceil(mail.recipients.length / READS_TO_DELIVER)))
      Object.assign(recipient, {
        state: 'sent',
        attempts: recipient.attempts + 1,
        error: null,
        updatedAt: now,
      });
  }
}
