import type { CaseStatus } from '@contract/moderation';
import type { MockActivity } from './activity';
import { nextId } from './ids';

/** A user as the moderation lists reference one (as the reference server: name and surname). */
type Ref = { _id: string; name: string; surname: string };
/** A chat thread's participant, with their e-mail as the reference server gives it. */
type Participant = Ref & { email: string };

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
  thread: { user_id: Participant[] };
  /** The case ('report-cases'; a SPEC-only API answers without these four). */
  status: CaseStatus;
  note: string;
  /** An admin, named in full. */
  handledBy: { _id: string; name: string } | null;
  handledAt: string | null;
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
const ref = (user: User): Ref => ({ _id: user._id, name: user.name, surname: user.surname });
const participant = (user: User): Participant => ({ ...ref(user), email: user.email });

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
              ...ref(author),
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
      thread: {
        user_id: index === 3 ? [participant(reporter)] : [participant(reporter), participant(reported)],
      },
      status: 'Open',
      note: '',
      handledBy: null,
      handledAt: null,
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

type Admin = { _id: string; name: string; surname: string; email: string };
type Named = { _id: string; name?: unknown; title?: unknown };

const stamp = (day: number, hour: number) => new Date(Date.UTC(2026, 10, day, hour, 0)).toISOString();

/**
 * A believable activity log ('activity-log'), newest first, and the cases and statuses it tells of: a reported user
 * deactivated with a reason and the report Actioned, a report Dismissed by a moderator whose account is gone, a user
 * deactivated and brought back on appeal, and the day-to-day writes (a catalogue rename, a mail, a deleted FAQ).
 * Marks the two reports' cases so the list agrees with the log.
 */
export function makeActivity(
  admin: Admin,
  users: User[],
  reports: MockChatReport[],
  records: { hobby?: Named; event?: Named; mail?: Named },
): MockActivity[] {
  const me = { _id: admin._id, name: `${admin.name} ${admin.surname}`, email: admin.email };
  const former = { _id: nextId(), name: 'Sam Moderator', email: 'sam.moderator@example.com' };
  const fullName = (user: User) => `${user.name} ${user.surname}`;
  const entry = (
    createdAt: string,
    by: MockActivity['admin'],
    fields: Omit<MockActivity, '_id' | 'createdAt' | 'admin' | 'reason'> & { reason?: string },
  ): MockActivity => ({ _id: nextId(), createdAt, admin: by, reason: null, ...fields });

  // Users the fixtures already have inactive (users[25], users[32], the reported party of report 6) and one active.
  const actioned = reports[6]!;
  const dismissed = reports[1]!;
  const fake = users.find((user) =>
    actioned.thread.user_id.some((person) => person._id === user._id && user._id !== actioned.user),
  )!;
  const appealed = users[20 % users.length]!;
  const silent = users[25 % users.length]!;
  const actionedNote = 'Fake profile: the photos are a model’s';
  Object.assign(actioned, {
    status: 'Actioned',
    note: actionedNote,
    handledBy: { _id: me._id, name: me.name },
    handledAt: stamp(21, 12),
  });
  Object.assign(dismissed, {
    status: 'Dismissed',
    note: 'Photos reviewed: within the rules',
    handledBy: { _id: former._id, name: former.name },
    handledAt: stamp(20, 16),
  });

  const entries: MockActivity[] = [
    entry(stamp(21, 12), me, {
      action: 'case',
      recordType: 'chat-report',
      recordId: actioned._id,
      recordName: actioned.message,
      summary: 'Open → Actioned',
      reason: actionedNote,
    }),
    entry(stamp(21, 11), me, {
      action: 'deactivate',
      recordType: 'user',
      recordId: fake._id,
      recordName: fullName(fake),
      summary: 'Deactivated',
      reason: actionedNote,
    }),
    entry(stamp(20, 16), former, {
      action: 'case',
      recordType: 'chat-report',
      recordId: dismissed._id,
      recordName: dismissed.message,
      summary: 'Open → Dismissed',
      reason: 'Photos reviewed: within the rules',
    }),
    entry(stamp(19, 10), me, {
      action: 'activate',
      recordType: 'user',
      recordId: appealed._id,
      recordName: fullName(appealed),
      summary: 'Activated',
      reason: 'Appeal accepted',
    }),
    entry(stamp(18, 9), former, {
      action: 'deactivate',
      recordType: 'user',
      recordId: appealed._id,
      recordName: fullName(appealed),
      summary: 'Deactivated',
      reason: 'Spam links in every chat',
    }),
    entry(stamp(17, 15), me, {
      action: 'deactivate',
      recordType: 'user',
      recordId: silent._id,
      recordName: fullName(silent),
      summary: 'Deactivated',
    }),
    entry(stamp(16, 14), me, {
      action: 'send',
      recordType: 'mail',
      recordId: records.mail?._id ?? null,
      recordName: String(records.mail?.title ?? ''),
      summary: 'Sent to 3 users',
    }),
    entry(stamp(15, 13), former, {
      action: 'update',
      recordType: 'hobbies',
      recordId: records.hobby?._id ?? null,
      recordName: String(records.hobby?.name ?? ''),
      summary: `Name: "Yoga" → "${String(records.hobby?.name ?? '')}"`,
    }),
    entry(stamp(14, 11), me, {
      action: 'create',
      recordType: 'event',
      recordId: records.event?._id ?? null,
      recordName: String(records.event?.name ?? ''),
      summary: 'Created',
    }),
    entry(stamp(13, 10), me, {
      action: 'delete',
      recordType: 'faq',
      recordId: nextId(),
      recordName: 'Is the app free?',
      summary: 'Deleted',
    }),
    entry(stamp(12, 9), me, {
      action: 'password',
      recordType: 'admin',
      recordId: me._id,
      recordName: me.name,
      summary: 'Password changed',
    }),
    entry(stamp(11, 8), former, {
      action: 'update',
      recordType: 'setting',
      recordId: null,
      recordName: '',
      summary: 'description changed',
    }),
  ];
  return entries;
}
