import { nextId } from './ids';

/** A user as the moderation lists reference one. */
type Ref = { _id: string; name: string };

export type MockFeedback = {
  _id: string;
  user: (Ref & { email: string; countryCode: string; phoneNumber: string }) | null;
  rating: number;
  description: string;
  createdAt: string;
};

export type MockChatReport = {
  _id: string;
  message: string;
  /** The reporter's id; the reported party is the thread's other participant. */
  user: string;
  created: string;
  createdAt: string;
  thread: { user_id: Ref[] };
};

export type MockChatBlock = {
  _id: string;
  blockBy: Ref | null;
  blockedUser: Ref | null;
  message: string;
  created: string;
  createdAt: string;
};

type User = Ref & { email: string; countryCode: string; phoneNumber: string };

const FEEDBACK = [
  [5, '<p>Met my partner here within a month. <strong>Thank you!</strong></p>'],
  [4, '<p>Great events, but the app drains my battery.</p>'],
  [2, '<p>Too many inactive profiles near me.</p>'],
  [3, '<p>I would like more filters for hobbies.</p>'],
] as const;
const REPORTS = [
  'Asked for money after two messages.',
  'Sent offensive photos.',
  'Pretends to be someone else: these are a model’s photos.',
  'Keeps messaging after I said no.',
];
const BLOCK_REASONS = ['Rude messages', '', 'Spam links', 'Fake profile'];

const at = (index: number) => new Date(Date.UTC(2026, 10, 21, 9, 15) - index * 5_400_000).toISOString();
const ref = (user: User): Ref => ({ _id: user._id, name: user.name });

/**
 * Feedback, chat reports and chat blocks between the fixture users (SPEC 3), newest first, for two pages each.
 * Quirks kept: one feedback's user is gone (null), one report's thread has lost its other participant, one block
 * has no message.
 */
export function makeModeration(users: User[]) {
  const user = (index: number) => users[index % users.length]!;
  const feedbacks: MockFeedback[] = Array.from({ length: 13 }, (_, index) => {
    const [rating, description] = FEEDBACK[index % FEEDBACK.length]!;
    const author = user(index * 3);
    return {
      _id: nextId(),
      user:
        index === 7
          ? null
          : {
              _id: author._id,
              name: author.name,
              email: author.email,
              countryCode: author.countryCode,
              phoneNumber: author.phoneNumber,
            },
      rating,
      description,
      createdAt: at(index),
    };
  });
  const chatReports: MockChatReport[] = Array.from({ length: 12 }, (_, index) => {
    const reporter = user(index * 5 + 1);
    const reported = user(index * 5 + 2);
    return {
      _id: nextId(),
      message: REPORTS[index % REPORTS.length]!,
      user: reporter._id,
      created: at(index),
      createdAt: at(index),
      thread: { user_id: index === 3 ? [ref(reporter)] : [ref(reporter), ref(reported)] },
    };
  });
  const chatBlocks: MockChatBlock[] = Array.from({ length: 11 }, (_, index) => ({
    _id: nextId(),
    blockBy: ref(user(index * 7 + 3)),
    blockedUser: ref(user(index * 7 + 4)),
    message: BLOCK_REASONS[index % BLOCK_REASONS.length]!,
    created: at(index),
    createdAt: at(index),
  }));
  return { feedbacks, chatReports, chatBlocks };
}
