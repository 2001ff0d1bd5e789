import { nextId } from './ids';

type User = { _id: string; name: string; surname: string; email: string; enabled: boolean };

export type MockMail = {
  _id: string;
  title: string;
  body: string;
  allUsers: boolean;
  users: { _id: string; name: string; surname: string; email: string }[];
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
];

export const recipientOf = (user: User) => ({
  _id: user._id,
  name: user.name,
  surname: user.surname,
  email: user.email,
});

/** Sent mails (SPEC 3), newest first: some to a few chosen users, one to everyone. */
export function makeMails(users: User[]): MockMail[] {
  return Array.from({ length: 12 }, (_, index) => {
    const [title, body] = SUBJECTS[index % SUBJECTS.length]!;
    const allUsers = index === 2;
    const chosen = allUsers
      ? users.filter((user) => user.enabled)
      : [users[(index * 3) % users.length]!, users[(index * 3 + 1) % users.length]!];
    return {
      _id: nextId(),
      title: `${title}${index >= SUBJECTS.length ? ` (${index})` : ''}`,
      body,
      allUsers,
      users: chosen.map(recipientOf),
      createdAt: new Date(Date.UTC(2026, 10, 22, 18, 45, 30) - index * 86_400_000).toISOString(),
    };
  });
}
