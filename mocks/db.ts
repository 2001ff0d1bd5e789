import type { AdminStatus } from '@contract/admins';
import type { Role } from '@contract/roles';
import type { ChallengeKind } from '@contract/two-factor';
import { makeCatalogues, makeEvents, type MockCatalogueRecord } from './catalogue-fixtures';
import { nextId, resetIds, seededRandom } from './ids';
import { makeMails, type MockMail } from './mail-fixtures';
import type { MockActivity } from './activity';
import { makeAppeal, type MockAppeal } from './appeals';
import type { MockRestriction } from './restrictions';
import {
  makeActivity,
  makeModeration,
  type MockChatBlock,
  type MockChatReport,
  type MockFeedback,
} from './moderation-fixtures';
import { makePosts, type MockPost } from './post-fixtures';
import { makeReviewItems, type MockReviewItem } from './review-queue';

/**
 * The fixture db behind MSW, shared by the integration tests and demo mode (`npm run dev:mock`).
 * Records have the shapes of SPEC section 3; `resetDb()` puts back the same believable data every time.
 */

export type MockUser = {
  _id: string;
  name: string;
  surname: string;
  email: string;
  phoneNumber: string;
  countryCode: string;
  gender: string;
  enabled: boolean;
  isVerified: boolean;
  image1: string | null;
  image2: string | null;
  image3: string | null;
  image4: string | null;
  audioPrompt: string | null;
  audioPromptType: string | null;
  hobbies: { _id: string; name: string }[];
  interestIn: string;
  workout: string;
  lookingFor: string;
  height: number | null;
  distance: number | null;
  smoking: string;
  drinking: string;
  startAge: number | null;
  endAge: number | null;
  dob: string | null;
  address: string;
  introduction: string;
  answerPrompts: { type: string; description: string }[];
  plan: { productId: 'silver' | 'gold' | 'platinum'; status: string } | null;
  createdAt: string;
  updatedAt: string;
};

export type MockContact = {
  _id: string;
  title: string;
  email: string;
  phoneNo: string;
  description: string;
  created: string;
  createdAt: string;
};

export type MockFaq = {
  _id: string;
  question: string;
  answer: string;
  enabled: boolean;
  createdAt: string;
  updatedAt: string;
};

export type MockAdmin = {
  _id: string;
  name: string;
  surname: string;
  email: string;
  password: string;
  photo: string;
  /** Their role ('roles'; contract/roles.ts): an Owner unless a test says otherwise (mocks/roles.ts). */
  role: Role;
};

/** A sign-in ('sessions'): its token is in `tokens` while it lasts; ending it removes both. */
export type MockSession = {
  _id: string;
  token: string;
  userAgent: string;
  address: string;
  createdAt: string;
  lastSeenAt: string;
  /** When the admin last proved who they are in this session ('step-up'): its sign-in, or a step-up since. */
  verifiedAt: string;
};

/** The admin's two-factor ('two-factor'), as the reference server keeps it (server/db/two-factor.ts). */
export type MockTwoFactor = {
  /** Base32; set once a code confirmed the set-up. */
  secret: string | null;
  pending: string | null;
  /** The time step of the last code taken. */
  lastStep: number;
  recoveryCodes: { code: string; used: boolean }[];
};

/** Between a right password and the code. */
export type MockChallenge = {
  id: string;
  kind: ChallengeKind;
  expiresAt: number;
  used: boolean;
  /** The admin's two-factor secret when it was given (null: none): the state it is bound to. */
  boundTo: string | null;
};
/** Another admin than the signed-in one ('admins'). */
export type MockAdminAccount = {
  _id: string;
  name: string;
  email: string;
  role: Role;
  status: AdminStatus;
  lastSignInAt: string | null;
  invitedAt: string | null;
  invitedBy: { _id: string; name: string } | null;
  createdAt: string;
  /** Their live sessions: the mock has no tokens of theirs, only how many End sessions ends. */
  sessions: number;
  /** Whether their two-factor sign-in is on (the mock keeps no secret of theirs). */
  twoFactor: boolean;
};

/** An invitation's link ('admins'): the mock keeps the token itself, as the e2e reads it from the mail. */
export type MockInvitation = {
  token: string;
  adminId: string;
  expiresAt: string;
  state: 'open' | 'used' | 'replaced';
};

/** The fixture invitations' tokens: an open one (Eve Editor's), an expired one and a used one. */
export const MOCK_INVITATIONS = {
  open: 'open-invitation-token-000000000000000000001',
  expired: 'expired-invitation-token-000000000000000002',
  used: 'used-invitation-token-000000000000000000003',
} as const;

export const MOCK_ADMIN_EMAIL = 'admin@example.com';
export const MOCK_ADMIN_PASSWORD = 'Admin@123';

type Db = {
  admin: MockAdmin;
  /** The other admins and their invitations ('admins'; mocks/handlers/admins.ts). */
  admins: MockAdminAccount[];
  invitations: MockInvitation[];
  tokens: Set<string>;
  /** The admin's sessions, newest first (mocks/handlers/sessions.ts). */
  sessions: MockSession[];
  twoFactor: MockTwoFactor;
  challenges: MockChallenge[];
  /** Whether every admin must use two-factor: off in the fixtures, so that tests sign in with the password. */
  twoFactorRequired: boolean;
  users: MockUser[];
  faqs: MockFaq[];
  contacts: MockContact[];
  feedbacks: MockFeedback[];
  chatReports: MockChatReport[];
  chatBlocks: MockChatBlock[];
  mails: MockMail[];
  posts: MockPost[];
  /** Catalogue records by API collection (see catalogue-fixtures.ts). */
  catalogues: Record<string, MockCatalogueRecord[]>;
  childSafetyPolicy: string;
  deletionRequests: string[];
  /** The activity log ('activity-log'), newest first; mocks/activity.ts appends to it. */
  activity: MockActivity[];
  /** Notes on members ('member-notes'; mocks/handlers/member-notes.ts), in the order they were written. */
  memberNotes: MockMemberNote[];
  /** The review queue's items ('review-queue'; mocks/handlers/review-queue.ts), kept in step with the chat reports. */
  reviewItems: MockReviewItem[];
  /** Restrictions ('restrictions'; mocks/restrictions.ts), oldest first. */
  restrictions: MockRestriction[];
  /** Appeals of restrictions ('appeals'; mocks/handlers/appeals.ts), oldest first. */
  appeals: MockAppeal[];
};

/** A note on a member ('member-notes'), as the reference server keeps it. */
export type MockMemberNote = {
  _id: string;
  userId: string;
  author: { _id: string; name: string } | null;
  text: string;
  pinned: boolean;
  createdAt: string;
};

const FIRST_NAMES = [
  'Olivia',
  'Liam',
  'Emma',
  'Noah',
  'Ava',
  'Elijah',
  'Sophia',
  'Lucas',
  'Mia',
  'Mateo',
  'Isla',
  'Leo',
];
const LAST_NAMES = [
  'Smith',
  'Garcia',
  'Johnson',
  'Müller',
  'Rossi',
  'Kowalski',
  'Dubois',
  'Tanaka',
  'Silva',
  'Brown',
  'Okafor',
];
const HOBBIES = ['Hiking', 'Cooking', 'Photography', 'Reading', 'Travel', 'Yoga', 'Music', 'Painting'];
const PLANS = ['silver', 'gold', 'platinum'] as const;

function makeUsers(count: number): MockUser[] {
  const random = seededRandom(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const hobbies = HOBBIES.map((name) => ({ _id: nextId(), name }));
  return Array.from({ length: count }, (_, index) => {
    const name = FIRST_NAMES[index % FIRST_NAMES.length] as string;
    // Eleven surnames, taken three apart: any eleven members in a row have different ones (no page is one family),
    // and with the twelve first names no full name comes twice.
    const surname = LAST_NAMES[(index * 3) % LAST_NAMES.length] as string;
    const hasPhotos = index % 5 !== 4;
    const planRoll = random();
    return {
      _id: nextId(),
      name,
      surname,
      email: `${name}.${surname}${index}`.toLowerCase().replace(/ü/g, 'u') + '@example.com',
      phoneNumber: String(7000000000 + index * 7919),
      countryCode: '+44',
      gender: index % 2 === 0 ? 'Female' : 'Male',
      enabled: index % 7 !== 3,
      isVerified: index % 3 === 0,
      image1: hasPhotos ? `uploads/users/${index}-1.png` : null,
      image2: hasPhotos ? `uploads/users/${index}-2.png` : null,
      image3: hasPhotos && index % 2 === 0 ? `uploads/users/${index}-3.mp4` : null,
      image4: null,
      audioPrompt: hasPhotos ? `uploads/audio/${index}.wav` : null,
      audioPromptType: hasPhotos ? 'My ideal Sunday' : null,
      hobbies: hasPhotos ? [pick(hobbies), pick(hobbies)].filter((h, i, all) => all.indexOf(h) === i) : [],
      interestIn: index % 2 === 0 ? 'Men' : 'Women',
      workout: pick(['Often', 'Sometimes', 'Never']),
      lookingFor: pick(['Long-term relationship', 'New friends', 'Something casual']),
      height: 155 + Math.floor(random() * 40),
      distance: 5 + Math.floor(random() * 95),
      smoking: pick(['No', 'Socially', 'Yes']),
      drinking: pick(['No', 'Socially', 'Yes']),
      startAge: 21 + (index % 5),
      endAge: 30 + (index % 15),
      dob: new Date(Date.UTC(1985 + (index % 15), index % 12, 1 + (index % 27))).toISOString(),
      address: pick(['London, UK', 'Manchester, UK', 'Bristol, UK', 'Leeds, UK']),
      introduction:
        'Coffee first, adventures after. Looking for someone to share long walks and good books with.',
      answerPrompts: hasPhotos
        ? [
            {
              type: 'Two truths and a lie',
              description: 'I have climbed Kilimanjaro, I speak four languages, I hate pizza.',
            },
            { type: 'My simple pleasures', description: 'Fresh bread and a sunny balcony.' },
          ]
        : [],
      plan: planRoll < 0.6 ? { productId: pick(PLANS), status: pick(['active', 'expired']) } : null,
      createdAt: new Date(Date.UTC(2026, 0, 1) + index * 3_600_000).toISOString(),
      updatedAt: new Date(Date.UTC(2026, 0, 1) + index * 3_600_000).toISOString(),
    };
  }).reverse();
}

function makeFaqs(): MockFaq[] {
  const stamp = (day: number) => ({
    createdAt: new Date(Date.UTC(2026, 0, day)).toISOString(),
    updatedAt: new Date(Date.UTC(2026, 0, day)).toISOString(),
  });
  return [
    {
      _id: nextId(),
      question: 'How do I reset my password?',
      answer:
        '<p>Open <strong>Settings</strong>, choose <em>Account</em> and follow the reset link we e-mail you.</p>',
      enabled: true,
      ...stamp(1),
    },
    {
      _id: nextId(),
      question: 'How do I report a user?',
      answer:
        '<p>Open the chat, tap the menu and choose <strong>Report</strong>. Our team reviews every report.</p>',
      enabled: true,
      ...stamp(2),
    },
    {
      _id: nextId(),
      question: 'Can I pause my account?',
      answer: '<p>Yes. Hide your profile from <em>Settings → Privacy</em>; your matches are kept.</p>',
      enabled: false,
      ...stamp(3),
    },
  ];
}

const CONTACT_SUBJECTS = [
  [
    'Cannot upload photos',
    'Every time I try to add a second photo the app says the upload failed. I have tried on Wi-Fi and mobile data.',
  ],
  [
    'Billing question',
    'I was charged twice for my Gold plan this month. Could you refund the second payment, please?',
  ],
  [
    'Report a fake profile',
    'A profile in my area uses pictures of a well-known actor and keeps asking people for money.',
  ],
  ['Feature request', 'It would be great to filter matches by the languages they speak.'],
  ['Account locked', 'I mistyped my password a few times and now I cannot sign in at all.'],
  ['Event cancelled?', 'The board games evening on Friday disappeared from my list. Is it still happening?'],
  [
    'Please delete my account',
    'I met someone, so I no longer need the app. Please close my account and delete my data.',
  ],
  ['Verification code', 'The SMS code never arrives when I try to sign in on my new phone.'],
  [
    'Wrong age on my profile',
    'I picked the wrong year of birth when I signed up and cannot change it myself.',
  ],
  ['Cancel my subscription', 'Where do I cancel Silver? I do not want to be charged again next month.'],
  ['Someone is using my photos', 'A profile in Bristol uses pictures from my Instagram under another name.'],
  [
    'Promo code refused',
    'The code from your newsletter says it has expired, but the e-mail said it was valid all month.',
  ],
  ['Student discount', 'Do you have a discount for students? Gold is a lot on a student budget.'],
  ['Notifications stopped', 'I am no longer told about new messages, although notifications are on.'],
  [
    'Partnership',
    'We run a climbing wall in Sheffield and would like to offer your members a first-date discount.',
  ],
  ['Thank you!', 'We met at one of your picnics last summer and are getting married in June. Thank you!'],
  ['Copy of my data', 'Under the GDPR I would like a copy of the personal data you hold about me.'],
  ['Two accounts', 'I signed up twice, with Google and with my e-mail. Could you merge the accounts?'],
] as const;

function makeContacts(count: number): MockContact[] {
  return Array.from({ length: count }, (_, index) => {
    const [title, description] = CONTACT_SUBJECTS[index % CONTACT_SUBJECTS.length]!;
    const name = (FIRST_NAMES[index % FIRST_NAMES.length] as string).toLowerCase();
    return {
      _id: nextId(),
      title,
      email: `${name}.${index}@example.com`,
      phoneNo: `+44 7700 900${String(100 + index).padStart(3, '0')}`,
      description,
      created: new Date(Date.UTC(2026, 10, 20, 15, 30) - index * 7_200_000).toISOString(),
      createdAt: new Date(Date.UTC(2026, 10, 20, 15, 30) - index * 7_200_000).toISOString(),
    };
  });
}

function seed(): Db {
  resetIds();
  const db = seedBase();
  db.catalogues.event = makeEvents(db.users, db.catalogues.eventcategory ?? []);
  const moderation = makeModeration(db.users);
  const posts = makePosts(db.users);
  const mails = makeMails(db.users);
  const activity = makeActivity(db.admin, db.users, moderation.chatReports, {
    hobby: db.catalogues.hobbies?.[0],
    event: db.catalogues.event[0],
    mail: mails[0],
  });
  const memberNotes = makeMemberNotes(db);
  // Last, so that every other fixture keeps its id.
  const mia = db.admins[0]!;
  const reviewItems = makeReviewItems(moderation.chatReports, { _id: mia._id, name: mia.name });
  // An inactive member's appeal of Mia's restriction ('appeals'), open in the queue.
  const member = db.users.find((user) => !user.enabled)!;
  const policy = db.catalogues.reportelement![0]!;
  const { restriction, appeal, item } = makeAppeal(member, mia, {
    _id: policy._id,
    message: String(policy.message),
  });
  db.restrictions.push(restriction);
  reviewItems.push(item);
  return { ...db, ...moderation, posts, mails, activity, memberNotes, reviewItems, appeals: [appeal] };
}

/** The other admins: an active Moderator (with two-factor), a disabled Support, two invited (one link open, one expired). */
function makeAdmins(owner: MockAdmin): Pick<Db, 'admins' | 'invitations'> {
  const at = (days: number) => new Date(Date.UTC(2026, 10, 20, 9) - days * 86_400_000).toISOString();
  const by = { _id: owner._id, name: `${owner.name} ${owner.surname}` };
  let made = 0;
  // Ids of their own (not nextId()), so that every other fixture keeps its id.
  const admin = (
    fields: Pick<MockAdminAccount, 'name' | 'email' | 'role' | 'status'> & {
      days: number;
      twoFactor?: boolean;
    },
  ) => ({
    _id: `ad${String((made += 1)).padStart(22, '0')}`,
    name: fields.name,
    email: fields.email,
    role: fields.role,
    status: fields.status,
    lastSignInAt: fields.status === 'invited' ? null : at(fields.days - 1),
    invitedAt: at(fields.days),
    invitedBy: by,
    createdAt: at(fields.days),
    sessions: fields.status === 'active' ? 2 : 0,
    twoFactor: fields.twoFactor ?? false,
  });
  const admins: MockAdminAccount[] = [
    admin({
      name: 'Mia Moderator',
      email: 'mia@example.com',
      role: 'moderator',
      status: 'active',
      days: 30,
      twoFactor: true,
    }),
    admin({ name: 'Sam Support', email: 'sam@example.com', role: 'support', status: 'disabled', days: 20 }),
    admin({ name: 'Eve Editor', email: 'eve@example.com', role: 'editor', status: 'invited', days: 1 }),
    admin({ name: 'Ian Late', email: 'ian@example.com', role: 'support', status: 'invited', days: 5 }),
  ];
  const future = new Date(Date.now() + 48 * 3600_000).toISOString();
  return {
    admins,
    invitations: [
      { token: MOCK_INVITATIONS.used, adminId: admins[0]!._id, expiresAt: at(27), state: 'used' },
      { token: MOCK_INVITATIONS.open, adminId: admins[2]!._id, expiresAt: future, state: 'open' },
      { token: MOCK_INVITATIONS.expired, adminId: admins[3]!._id, expiresAt: at(2), state: 'open' },
    ],
  };
}

/** Two notes on the first member: one the Moderator pinned, and a later one of the admin's. */
function makeMemberNotes(db: Pick<Db, 'admin' | 'admins' | 'users'>): MockMemberNote[] {
  const member = db.users[0]!;
  const moderator = db.admins[0]!;
  return [
    {
      _id: `ee${'1'.padStart(22, '0')}`,
      userId: member._id,
      author: { _id: moderator._id, name: moderator.name },
      text: 'Reported twice for spam links; warned by chat on 12 November.',
      pinned: true,
      createdAt: '2026-11-12T10:15:00.000Z',
    },
    {
      _id: `ee${'2'.padStart(22, '0')}`,
      userId: member._id,
      author: { _id: db.admin._id, name: `${db.admin.name} ${db.admin.surname}` },
      text: 'Asked support about a refund of their Gold plan.',
      pinned: false,
      createdAt: '2026-11-18T16:40:00.000Z',
    },
  ];
}

function seedBase(): Omit<
  Db,
  | 'feedbacks'
  | 'chatReports'
  | 'chatBlocks'
  | 'posts'
  | 'mails'
  | 'activity'
  | 'memberNotes'
  | 'reviewItems'
  | 'appeals'
> {
  const admin: MockAdmin = {
    _id: nextId(),
    name: 'Admin',
    surname: 'User',
    email: MOCK_ADMIN_EMAIL,
    password: MOCK_ADMIN_PASSWORD,
    photo: '',
    role: 'owner',
  };
  return {
    admin,
    ...makeAdmins(admin),
    tokens: new Set(),
    sessions: [],
    twoFactor: { secret: null, pending: null, lastStep: 0, recoveryCodes: [] },
    challenges: [],
    twoFactorRequired: false,
    users: makeUsers(64),
    faqs: makeFaqs(),
    contacts: makeContacts(18),
    catalogues: makeCatalogues(),
    childSafetyPolicy:
      '<h2>Child Safety Policy</h2><p>We have zero tolerance for child sexual abuse and exploitation. Accounts of users under 18 are removed, and reports are reviewed by our safety team within 24 hours.</p><ul><li>Report concerns from any profile or chat.</li><li>We cooperate with law enforcement.</li></ul>',
    deletionRequests: [],
    restrictions: [],
  };
}

export let db: Db = seed();

export function resetDb() {
  db = seed();
}

/** The seed as a db of its own, leaving the one in use as it is (demo mode's Reset data saves it, then reloads). */
export function freshSeed(): Db {
  return seed();
}

/** Puts back data saved earlier (demo mode, after a reload). */
export function replaceDb(saved: Db) {
  db = saved;
}

export { nextId };
