import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RecordType } from '../../contract/activity';
import type { ActivityAction } from '../../contract/moderation';
import type { Db, SqlValue } from '../db/postgres/db';
import { firstAdmin, idWhere, insertRows, newestRow, settingId, touchRow } from '../db/seed';
import { recordNameOf, summarise } from '../lib/activity';
import { newId } from '../lib/ids';
import type { UploadStore } from '../lib/uploads';
import { bannerPng, iconPng, pictogramPng, portraitPng, toneWav } from './media';
import { EVENT_CATEGORY_PICTOGRAMS, HOBBY_PICTOGRAMS, LOOKING_FOR_PICTOGRAMS } from './pictograms';
import { random, shuffled, spread } from './random';
import {
  APPEALS,
  BLOCK_REASONS,
  BLOG_AUTHORS,
  BLOGS,
  CHAT_REPORTS,
  CONTACT_MESSAGES,
  DEACTIVATION_REASONS,
  EVENTS,
  FEEDBACK,
  MAILS,
  OFFERS,
  POST_CAPTIONS,
} from './texts';

export const FIRST_NAMES = [
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
  'Amara',
  'Kenji',
  'Zara',
  'Omar',
  'Freya',
  'Diego',
  'Nia',
  'Arjun',
  'Chloe',
  'Mason',
  'Lena',
  'Tomás',
];
export const LAST_NAMES = [
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
  'Nguyen',
  'Haddad',
  'Jensen',
  'Patel',
  'Evans',
];
/** People who wrote to support through the contact form (not members). */
const VISITOR_FIRST_NAMES = [
  'Jamie',
  'Priya',
  'Connor',
  'Aisha',
  'Ben',
  'Hannah',
  'Ravi',
  'Niamh',
  'Tom',
  'Grace',
  'Kwame',
  'Ellie',
  'Marek',
  'Fatima',
];
const VISITOR_LAST_NAMES = [
  'Walsh',
  'Sharma',
  'Doyle',
  'Begum',
  'Hughes',
  'Clarke',
  'Kaur',
  'Byrne',
  'Lewis',
  'Wright',
  'Mensah',
  'Price',
  'Nowak',
  'Ali',
  'Reid',
  'Hall',
  'Fraser',
];
const CITIES = [
  'London, UK',
  'Manchester, UK',
  'Bristol, UK',
  'Leeds, UK',
  'Edinburgh, UK',
  'Cardiff, UK',
  'Brighton, UK',
  'Glasgow, UK',
];
const HOBBIES = [
  'Hiking',
  'Cooking',
  'Photography',
  'Reading',
  'Travel',
  'Yoga',
  'Music',
  'Painting',
  'Cycling',
  'Gaming',
  'Dancing',
  'Gardening',
];
const PROMPTS = [
  ['Two truths and a lie', 'I have climbed Kilimanjaro, I speak four languages, I have never eaten pizza.'],
  ['My simple pleasures', 'Fresh bread, a sunny balcony and a long phone call with my sister.'],
  ['The way to win me over', 'Recommend me a book and then actually want to talk about it.'],
  ['A shower thought I recently had', 'Why do we park on driveways and drive on parkways?'],
  ['My most irrational fear', 'Geese. Especially the ones in the park near my flat.'],
];
const BIOS = [
  'Coffee first, adventures after. Looking for someone to share long walks and good books with.',
  'Weekend hiker, weekday spreadsheet wrangler. I make a mean lasagne.',
  'New to the city and keen to find the best ramen spot together.',
  'Amateur photographer, professional dog-petter.',
  'Happiest at a gig or on a bike. Ask me about my record collection.',
];

type Hours = { at: (daysAgo: number) => string };
const clock: Hours = { at: (daysAgo) => new Date(Date.now() - daysAgo * 86_400_000).toISOString() };
/** Midnight UTC `offset` days from today, as the forms store a date. */
const day = (offset: number) => {
  const today = new Date();
  return new Date(
    Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + offset),
  ).toISOString();
};

/** A member as the rest of the demo refers to one: when they joined (days ago) and whether they are active now. */
type Member = { id: string; joined: number; enabled: boolean; verified: boolean };
type StatusChange = { user: string; daysAgo: number; enabled: boolean; reason: string | null };
type Entry = {
  /** When: days ago, or a time. */
  daysAgo?: number;
  at?: string;
  action: ActivityAction;
  type: RecordType;
  id: string;
  summary: string;
  reason?: string | null;
};
/** The tables of the record types the demo's activity names. */
const TABLES: Partial<Record<RecordType, string>> = {
  user: 'users',
  mail: 'mails',
  'chat-report': 'chat_reports',
  hobbies: 'hobbies',
  language: 'languages',
  'report-element': 'report_elements',
  faq: 'faqs',
  offer: 'offers',
  blog: 'blogs',
  plan: 'plans',
  setting: 'settings',
};

export const DEMO_USER_COUNT = 300;

/** The demo's warning and notice templates: kind, policy (or null: any), name, subject, body. */
const NOTICE_TEMPLATES: [string, string | null, string, string, string][] = [
  [
    'warning',
    'Spam or scam',
    'Spam: first warning',
    'A warning about spam',
    'Hello {{member_name}},\n\nWe received reports that you sent messages that break our policy on {{policy}}: {{facts}}\n\nPlease stop. If it happens again, your account may be suspended.\n\nThe Safety team',
  ],
  [
    'warning',
    'Inappropriate messages',
    'Inappropriate messages: warning',
    'Please keep your messages respectful',
    'Hello {{member_name}},\n\nOne or more members reported messages from you as {{policy}}: {{facts}}\n\nEveryone here should feel safe. Further reports may lead to a suspension.\n\nThe Safety team',
  ],
  [
    'warning',
    'Fake profile',
    'Fake profile: verify your photos',
    'Please check your profile',
    'Hello {{member_name}},\n\nYour profile was reported as a {{policy}}: {{facts}}\n\nPlease make sure your photos and details are your own. Verified profiles get more matches.\n\nThe Safety team',
  ],
  [
    'notice',
    null,
    'Suspension ending',
    'Your suspension ends on {{end_date}}',
    'Hello {{member_name}},\n\nYour account is suspended under {{reference}} until {{end_date}}. After that you can use the app again as before.\n\nThe Safety team',
  ],
  [
    'warning',
    null,
    'General warning',
    'A warning about your account',
    'Hello {{member_name}},\n\nWe reviewed a report about your account under our policy on {{policy}}: {{facts}}\n\nPlease keep to our community guidelines.\n\nThe Safety team',
  ],
];

/** Believable data for every resource, with real media files, on a fresh database. */
export async function seedDemo(db: Db, uploads: UploadStore, options: { users?: number } = {}) {
  const rand = random(20261122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const userCount = options.users ?? DEMO_USER_COUNT;

  const portraits = await Promise.all(
    Array.from({ length: 12 }, (_, i) => uploads.saveGenerated(portraitPng(i * 30), 'png')),
  );
  // One brand logo per offer: a file that no row names would be an orphan.
  const icons = await Promise.all(OFFERS.map((_, i) => uploads.saveGenerated(iconPng(i * 30 + 10), 'png')));
  // Each catalogue entry's own pictogram, on a tile of its own hue; the entries shown without an icon get no file
  // (a file no row names would be an orphan).
  const pictograms = async (
    set: Readonly<Record<string, readonly string[]>>,
    firstHue: number,
    iconless: readonly string[] = [],
  ) =>
    new Map(
      await Promise.all(
        Object.entries(set)
          .map(([name, paths], i) => ({ name, paths, hue: (firstHue + i * 47) % 360 }))
          .filter(({ name }) => !iconless.includes(name))
          .map(
            async ({ name, paths, hue }) =>
              [name, await uploads.saveGenerated(pictogramPng(paths, hue), 'png')] as const,
          ),
      ),
    );
  const hobbyIcons = await pictograms(
    HOBBY_PICTOGRAMS,
    10,
    HOBBIES.filter((_, i) => i % 5 === 4),
  );
  const categoryIcons = await pictograms(EVENT_CATEGORY_PICTOGRAMS, 200, ['Networking']);
  const lookingForIcons = await pictograms(LOOKING_FOR_PICTOGRAMS, 330);
  const banners = await Promise.all(
    Array.from({ length: 6 }, (_, i) => uploads.saveGenerated(bannerPng(i * 60), 'png')),
  );
  const audio = await uploads.saveGenerated(toneWav(440), 'wav');
  const video = await uploads.saveGenerated(
    new Uint8Array(readFileSync(fileURLToPath(new URL('../fixtures/demo-clip.webm', import.meta.url)))),
    'webm',
  );

  // Rows wait here, per table and columns in the order first met (so a row is written after those it refers to),
  // and go as multi-row inserts: a few dozen statements for the whole demo.
  const pending = new Map<string, { table: string; columns: string[]; rows: SqlValue[][] }>();
  const insert = (table: string, row: Record<string, unknown>) => {
    const columns = Object.keys(row);
    const key = `${table}(${columns.join(',')})`;
    let group = pending.get(key);
    if (!group) pending.set(key, (group = { table, columns, rows: [] }));
    group.rows.push(columns.map((column) => (row[column] ?? null) as SqlValue));
  };
  const flush = async (tx: Db) => {
    for (const { table, columns, rows } of pending.values()) await insertRows(tx, table, columns, rows);
    pending.clear();
  };
  const stamped = (daysAgo: number) => ({ created_at: clock.at(daysAgo), updated_at: clock.at(daysAgo) });

  await db.transaction(async (tx) => {
    const hobbyIds = HOBBIES.map((name, i) => {
      const id = newId();
      insert('hobbies', {
        id,
        name,
        icon: hobbyIcons.get(name) ?? null,
        enabled: i !== 11,
        ...stamped(400),
      });
      return id;
    });
    for (const [i, name] of [
      'English',
      'Spanish',
      'French',
      'German',
      'Hindi',
      'Mandarin',
      'Arabic',
      'Portuguese',
    ].entries()) {
      insert('languages', { id: newId(), name, enabled: i !== 7, ...stamped(400) });
    }
    for (const [i, name] of [
      'Vegetarian',
      'Vegan',
      'Pescatarian',
      'Halal',
      'Kosher',
      'No preference',
    ].entries()) {
      insert('food_preferences', { id: newId(), name, enabled: i !== 4, ...stamped(400) });
    }
    for (const [i, name] of [
      'Agnostic',
      'Atheist',
      'Buddhist',
      'Christian',
      'Hindu',
      'Jewish',
      'Muslim',
      'Sikh',
      'Spiritual',
    ].entries()) {
      insert('religious_beliefs', { id: newId(), name, enabled: i !== 8, ...stamped(400) });
    }
    const categoryIds = ['Music', 'Sports', 'Food & Drink', 'Outdoors', 'Arts', 'Networking'].map(
      (name, i) => {
        const id = newId();
        insert('event_categories', {
          id,
          name,
          icon: categoryIcons.get(name) ?? null,
          enabled: i !== 5,
          ...stamped(300),
        });
        return id;
      },
    );
    for (const name of ['Long-term relationship', 'Something casual', 'New friends', 'Not sure yet']) {
      insert('looking_for', {
        id: newId(),
        name,
        icon: lookingForIcons.get(name),
        enabled: true,
        ...stamped(300),
      });
    }
    const universityIds = [
      [
        'University of Manchester',
        'A large research university in the north-west.',
        'info@manchester.example',
      ],
      ['King’s College London', 'Central London, on the Strand.', 'hello@kcl.example'],
      ['University of Leeds', 'Red-brick university with a lively campus.', 'contact@leeds.example'],
      ['University of Edinburgh', 'Founded in 1583, in the Scottish capital.', 'ask@ed.example'],
    ].map(([name, description, email], i) => {
      const id = newId();
      insert('universities', { id, name, description, email, enabled: i !== 3, ...stamped(300) });
      return id;
    });
    for (const [i, [question, answer]] of [
      [
        'How do I reset my password?',
        '<p>Open <strong>Settings</strong>, choose <em>Account</em> and follow the reset link we e-mail you.</p>',
      ],
      [
        'How do I report a user?',
        '<p>Open the chat, tap the menu and choose <strong>Report</strong>. Our team reviews every report within 24 hours.</p>',
      ],
      [
        'Can I pause my account?',
        '<p>Yes. Hide your profile from <em>Settings → Privacy</em>; your matches are kept.</p>',
      ],
      [
        'What do Gold and Platinum add?',
        '<ul><li>Gold: unlimited likes and rewinds.</li><li>Platinum: everything in Gold, plus priority likes.</li></ul>',
      ],
    ].entries()) {
      insert('faqs', { id: newId(), question, answer, enabled: i !== 2, ...stamped(200 - i) });
    }
    const policyIds = new Map<string, string>();
    for (const [i, message] of [
      'Fake profile',
      'Inappropriate messages',
      'Spam or scam',
      'Underage user',
      'Offensive photos',
    ].entries()) {
      const id = newId();
      policyIds.set(message, id);
      insert('report_elements', { id, message, enabled: i !== 4, ...stamped(200 - i) });
    }
    // Warnings and notices ('notice-templates'): one per policy that a warning suits, and two for any policy.
    for (const [i, [kind, policy, name, subject, body]] of NOTICE_TEMPLATES.entries())
      insert('notice_templates', {
        id: newId(),
        kind,
        policy_id: policy ? policyIds.get(policy) : null,
        name,
        subject,
        body,
        ...stamped(150 - i),
      });
    insert('settings', {
      id: newId(),
      privacy:
        '<h3>Privacy Policy</h3><p>We collect only what we need to run the service, and never sell your data.</p>',
      terms_condition: '<h3>Terms &amp; Conditions</h3><p>Be kind, be honest, and be over 18.</p>',
      ...stamped(200),
    });
    const planIds = (
      [
        [
          'Free',
          'free',
          '0.00',
          'Get started for free.',
          ['A daily allowance of likes', 'Chat with your matches'],
        ],
        ['Silver Monthly', 'silver', '9.99', 'More likes, and see who liked you.', ['See who liked you']],
        ['Gold Monthly', 'gold', '19.99', 'Unlimited likes and rewinds.', ['Unlimited likes', 'Rewinds']],
        ['Platinum Monthly', 'platinum', '29.99', 'Everything in Gold, seen first.', ['Priority likes']],
      ] as const
    ).map(([name, planType, price, description, benefits], i) => {
      const id = newId();
      insert('plans', {
        id,
        name,
        plan_type: planType,
        price,
        product_id: planType === 'free' ? 'free' : `${planType}_monthly`,
        is_recommended: i === 2,
        enabled: true,
        benefit: `<ul>${[...benefits, ...(planType === 'free' ? [] : ['Cancel any time'])].map((benefit) => `<li>${benefit}</li>`).join('')}</ul>`,
        description,
        ...stamped(250 - i),
      });
      return id;
    });
    for (const [i, [title, terms]] of shuffled(rand, OFFERS).entries()) {
      insert('offers', {
        id: newId(),
        title,
        brand_logo: icons[i % icons.length],
        image: banners[i % banners.length],
        off: 5 + (i % 6) * 5,
        minimum_purchase_amount: i % 3 === 0 ? null : 20 + i,
        minimum_member: i % 4 === 0 ? null : 2,
        expire_date: day(10 + i * 7),
        description: `<p>${terms}</p>`,
        enabled: i % 5 !== 4,
        ...stamped(60 - i),
      });
    }
    const blogCategoryIds = ['Dating tips', 'Safety', 'Success stories', 'Product news'].map((name, i) => {
      const id = newId();
      insert('blog_categories', {
        id,
        name,
        description: `<p>Articles about ${name.toLowerCase()}.</p>`,
        enabled: i !== 3,
        ...stamped(180 - i),
      });
      return id;
    });
    for (let i = 0; i < 12; i += 1) {
      const category = i % blogCategoryIds.length;
      const { title, keyword, summary, body } = BLOGS[category]![Math.floor(i / blogCategoryIds.length)]!;
      insert('blogs', {
        id: newId(),
        title,
        slug: title
          .toLowerCase()
          .normalize('NFD')
          .replace(/[^\w\s-]/g, '')
          .trim()
          .replace(/\s+/g, '-'),
        author: pick(BLOG_AUTHORS),
        seo_title: title,
        category_id: blogCategoryIds[category],
        focus_keyword: keyword,
        enabled: i % 4 !== 3,
        image: banners[i % banners.length],
        short_description: `<p>${summary}</p>`,
        description: body,
        meta_description: summary,
        ...stamped(120 - i),
      });
    }

    const members: Member[] = [];
    // About two members join a day, some days none and some several, at any time of day; each run of sixteen
    // members has every surname once, in its own order (one whose first run has an inactive Smith, which the list
    // tests filter and search for even in a small demo).
    const joinedAt = spread(random(7), userCount, 2, 0.04);
    const surnameRand = random(20);
    const surnames: string[] = [];
    for (let i = 0; i < userCount; i += 1) {
      const id = newId();
      const name = FIRST_NAMES[i % FIRST_NAMES.length]!;
      if (i % LAST_NAMES.length === 0) surnames.push(...shuffled(surnameRand, LAST_NAMES));
      const surname = surnames[i]!;
      const joined = joinedAt[i]!;
      const enabled = i % 9 !== 4;
      const verified = i % 3 === 0;
      members.push({ id, joined, enabled, verified });
      const hasMedia = i % 6 !== 5;
      const photo = (n: number) => portraits[(i + n) % portraits.length];
      insert('users', {
        id,
        role: 'user',
        name,
        surname,
        email:
          `${name}.${surname}.${i}`
            .toLowerCase()
            .normalize('NFD')
            .replace(/[^\w.]/g, '') + '@example.com',
        phone_number: String(7400000000 + i * 7919),
        country_code: '+44',
        gender: i % 2 === 0 ? 'Female' : 'Male',
        enabled,
        is_verified: verified,
        image1: hasMedia ? photo(0) : null,
        image2: hasMedia ? photo(1) : null,
        image3: hasMedia && i % 4 === 0 ? video : hasMedia ? photo(2) : null,
        image4: hasMedia && i % 2 === 0 ? photo(3) : null,
        audio_prompt: hasMedia ? audio : null,
        audio_prompt_type: hasMedia ? pick(['My ideal Sunday', 'A story about me', 'My hot take']) : null,
        interest_in: i % 2 === 0 ? 'Men' : 'Women',
        workout: pick(['Often', 'Sometimes', 'Never']),
        looking_for: pick(['Long-term relationship', 'Something casual', 'New friends']),
        height: 155 + Math.floor(rand() * 40),
        distance: 5 + Math.floor(rand() * 95),
        smoking: pick(['No', 'Socially', 'Yes']),
        drinking: pick(['No', 'Socially', 'Yes']),
        start_age: 21 + (i % 6),
        end_age: 30 + (i % 15),
        dob: new Date(Date.UTC(1982 + (i % 20), i % 12, 1 + (i % 27))).toISOString(),
        address: pick(CITIES),
        introduction: pick(BIOS),
        ...stamped(joined),
      });
      if (rand() < 0.6)
        insert('user_plans', {
          user_id: id,
          product_id: pick(['silver', 'gold', 'platinum'] as const),
          status: pick(['active', 'active', 'expired']),
        });
      if (hasMedia) {
        for (const hobby of new Set([pick(hobbyIds), pick(hobbyIds), pick(hobbyIds)]))
          insert('user_hobbies', { user_id: id, hobby_id: hobby });
        const first = Math.floor(rand() * PROMPTS.length);
        for (let position = 0; position < 2; position += 1) {
          const [type, description] = PROMPTS[(first + position) % PROMPTS.length]!;
          insert('user_prompts', { user_id: id, position, type, description });
        }
      }
    }
    /**
     * A member who had joined `daysAgo` days ago (any member in a demo too small to have one), other than `not`, and
     * active or inactive now when `enabled` says so; undefined when there is none.
     */
    const existing = (daysAgo: number, fits: (m: Member) => boolean = () => true) => {
      const known = members.filter((m) => m.joined > daysAgo && fits(m));
      return known.length ? known : members.filter(fits);
    };
    const member = (
      daysAgo: number,
      options: { not?: (string | undefined)[]; enabled?: boolean; verified?: boolean } = {},
    ) => {
      const candidates = existing(
        daysAgo,
        (m) =>
          !options.not?.includes(m.id) &&
          (options.enabled === undefined || m.enabled === options.enabled) &&
          (options.verified === undefined || m.verified === options.verified),
      );
      return candidates.length ? pick(candidates).id : undefined;
    };
    const isEnabled = (id: string) => members.find((m) => m.id === id)?.enabled;

    const openMicGuests: string[] = [];
    for (let i = 0; i < 18; i += 1) {
      const category = i % categoryIds.length;
      const [name, venue, startTime, endTime] = EVENTS[category]![Math.floor(i / categoryIds.length)]!;
      const eventId = newId();
      const created = 40 - i;
      insert('events', {
        id: eventId,
        name,
        venue,
        category_id: categoryIds[category],
        university_id: universityIds[i % universityIds.length],
        date: day((i - 5) * 3),
        start_time: startTime,
        end_time: endTime,
        number_of_participants: 20 + i * 5,
        image: banners[i % banners.length],
        user_id: member(created),
        ...stamped(created),
      });
      const guests = new Set(Array.from({ length: 2 + (i % 5) }, () => member(created)));
      for (const user of guests) {
        if (!user) continue;
        insert('event_participants', { event_id: eventId, user_id: user });
        if (name === 'Open Mic Night') openMicGuests.push(user);
      }
    }
    const postedAt = spread(random(13), POST_CAPTIONS.length, 1.5, 0.1);
    for (const [i, caption] of shuffled(rand, POST_CAPTIONS).entries()) {
      const created = postedAt[i]!;
      insert('posts', {
        id: newId(),
        name: caption,
        image1: portraits[i % portraits.length],
        image2: i % 2 === 0 ? banners[i % banners.length] : null,
        image3: i % 3 === 0 ? portraits[(i + 5) % portraits.length] : null,
        video: i % 5 === 0 ? video : null,
        user_id: member(created),
        ...stamped(created),
      });
    }
    const contactedAt = spread(random(17), CONTACT_MESSAGES.length, 0.9, 0.2);
    for (const [i, [title, description]] of shuffled(rand, CONTACT_MESSAGES).entries()) {
      const first = VISITOR_FIRST_NAMES[i % VISITOR_FIRST_NAMES.length]!;
      const last = VISITOR_LAST_NAMES[i % VISITOR_LAST_NAMES.length]!;
      insert('contacts', {
        id: newId(),
        title,
        email: `${first}.${last}@${['example.org', 'example.net', 'example.com'][i % 3]}`.toLowerCase(),
        phone_no: `+44 7700 900${String((i * 37) % 1000).padStart(3, '0')}`,
        description,
        ...stamped(contactedAt[i]!),
      });
    }
    const reviewers: string[] = [];
    const reviewedAt = spread(random(19), FEEDBACK.length, 0.7, 0.3);
    for (const [i, [rating, text]] of shuffled(rand, FEEDBACK).entries()) {
      const created = reviewedAt[i]!;
      const author = member(created, { not: reviewers }) ?? member(created);
      if (author) reviewers.push(author);
      insert('feedbacks', {
        id: newId(),
        user_id: author ?? null,
        rating,
        description: `<p>${text}</p>`,
        ...stamped(created),
      });
    }

    const admin = await firstAdmin(tx);
    // The activity log's entries, as the console's writes would have left them; written once everything exists.
    const entries: Entry[] = [];
    const logged = (entry: Entry) => entries.push(entry);
    const statusChanges: StatusChange[] = [];

    // Reports whose reported member has since deleted their account.
    const NO_LONGER_MEMBERS = new Set([16, 23]);
    // About one report a day, some days none and some several; the newest are still open.
    const reportedAt = spread(random(23), CHAT_REPORTS.length, 1, 0.15);
    for (const [i, { message, handled }] of CHAT_REPORTS.entries()) {
      const created = reportedAt[i]!;
      const reporter = member(created);
      const others = { not: [reporter, ...statusChanges.map((change) => change.user)] };
      // An Actioned case's reported member was deactivated for it; open cases are about active members.
      const reported = NO_LONGER_MEMBERS.has(i)
        ? undefined
        : ((admin && handled?.status === 'Actioned'
            ? member(created, { ...others, enabled: false })
            : undefined) ??
          member(created, { ...others, enabled: true }) ??
          member(created, others));
      const decided =
        admin &&
        handled &&
        (handled.status === 'Dismissed' || (reported !== undefined && !isEnabled(reported)));
      const id = newId();
      const handledAt = created - (0.2 + rand() * 0.8) * Math.min(1, created);
      insert('chat_reports', {
        id,
        message,
        reporter_id: reporter ?? null,
        reported_id: reported ?? null,
        ...stamped(created),
        ...(decided && {
          status: handled.status,
          note: handled.note,
          handled_by: admin.id,
          handled_at: clock.at(handledAt),
        }),
      });
      if (!decided) continue;
      if (handled.status === 'Actioned' && reported)
        statusChanges.push({ user: reported, daysAgo: handledAt, enabled: false, reason: handled.note });
      logged({
        daysAgo: handledAt - 1 / 1440,
        action: 'case',
        type: 'chat-report',
        id,
        summary: `Open → ${handled.status}`,
        reason: handled.note,
      });
    }
    const blockReasons = shuffled(rand, BLOCK_REASONS);
    const blockedAt = spread(random(29), 24, 1, 0.25);
    for (let i = 0; i < 24; i += 1) {
      const created = blockedAt[i]!;
      const blocker = member(created);
      insert('chat_blocks', {
        id: newId(),
        block_by: blocker ?? null,
        blocked_user: member(created, { not: [blocker] }) ?? null,
        message: i % 3 === 0 ? '' : (blockReasons.pop() ?? ''),
        ...stamped(created),
      });
    }

    // Every other inactive member was deactivated by the admin some time after joining; two were reinstated on appeal.
    const actioned = new Set(statusChanges.map((change) => change.user));
    for (const [n, m] of members.filter((m) => !m.enabled && !actioned.has(m.id)).entries())
      statusChanges.push({
        user: m.id,
        daysAgo: m.joined * (0.1 + rand() * 0.8),
        enabled: false,
        reason: DEACTIVATION_REASONS[n % DEACTIVATION_REASONS.length]!,
      });
    const reinstated = members.filter((m) => m.enabled && !actioned.has(m.id));
    for (const [n, [reason, appeal]] of APPEALS.entries()) {
      const m = reinstated[Math.floor(((n + 1) * reinstated.length) / (APPEALS.length + 1))];
      if (!m) continue;
      const deactivated = m.joined * (0.3 + rand() * 0.6);
      statusChanges.push(
        { user: m.id, daysAgo: deactivated, enabled: false, reason },
        { user: m.id, daysAgo: deactivated * (0.2 + rand() * 0.6), enabled: true, reason: appeal },
      );
    }
    const enabledAt = (m: Member, daysAgo: number) =>
      statusChanges
        .filter((change) => change.user === m.id && change.daysAgo > daysAgo)
        .sort((a, b) => b.daysAgo - a.daysAgo)
        .reduce((_, change) => change.enabled, true);

    const mailedAt = spread(random(31), MAILS.length, 0.5, 1.5);
    for (const [i, [title, body]] of MAILS.entries()) {
      const created = mailedAt[i]!;
      const mailId = newId();
      const allUsers = i === 0;
      const audience = allUsers
        ? existing(created, (m) => enabledAt(m, created)).map((m) => m.id)
        : i === 1 && openMicGuests.length
          ? openMicGuests
          : [
              ...new Set(
                Array.from(
                  { length: 3 },
                  () => (i === 3 ? member(created, { verified: false }) : undefined) ?? member(created),
                ),
              ),
            ].filter((user): user is string => user !== undefined);
      if (!audience.length) continue;
      // Sent long ago: delivered, with the counters the mail queue keeps.
      insert('mails', {
        id: mailId,
        title,
        body,
        all_users: allUsers,
        recipient_count: audience.length,
        sent_count: audience.length,
        ...stamped(created),
      });
      for (const user of audience)
        insert('mail_deliveries', {
          mail_id: mailId,
          user_id: user,
          state: 'sent',
          attempts: 1,
          updated_at: clock.at(created),
        });
      logged({
        daysAgo: created,
        action: 'send',
        type: 'mail',
        id: mailId,
        summary: allUsers ? `Sent to All Users (${audience.length})` : `Sent to ${audience.length} users`,
      });
    }

    await flush(tx);
    if (!admin) return;
    for (const change of statusChanges)
      logged({
        daysAgo: change.daysAgo,
        action: change.enabled ? 'activate' : 'deactivate',
        type: 'user',
        id: change.user,
        summary: summarise([
          { name: 'enabled', kind: 'status', before: !change.enabled, after: change.enabled },
        ]),
        reason: change.reason,
      });
    // Some catalogue entries switched off, and the newest FAQ, offer and article as they were added.
    for (const [n, [type, column, name]] of (
      [
        ['hobbies', 'name', 'Gardening'],
        ['language', 'name', 'Portuguese'],
        ['report-element', 'message', 'Offensive photos'],
      ] as const
    ).entries()) {
      logged({
        daysAgo: 9 + n * 31,
        action: 'update',
        type,
        id: await idWhere(tx, TABLES[type]!, column, name),
        summary: summarise([{ name: 'enabled', kind: 'status', before: true, after: false }]),
      });
    }
    for (const type of ['faq', 'offer', 'blog'] as const) {
      const newest = await newestRow(tx, TABLES[type]!);
      logged({ at: newest.created_at, action: 'create', type, id: newest.id, summary: 'Created' });
    }
    logged({
      daysAgo: 21,
      action: 'update',
      type: 'plan',
      id: planIds[2]!,
      summary: summarise([
        { name: 'price', kind: 'text', before: '17.99', after: '19.99' },
        { name: 'benefit', kind: 'html' },
      ]),
    });
    logged({
      daysAgo: 3,
      action: 'update',
      type: 'setting',
      id: await settingId(tx),
      summary: summarise([{ name: 'privacy', kind: 'html' }]),
    });

    const adminName = `${admin.name} ${admin.surname}`.trim();
    for (const entry of entries
      .map((entry) => ({ ...entry, at: entry.at ?? clock.at(entry.daysAgo!) }))
      .sort((a, b) => a.at.localeCompare(b.at))) {
      const table = TABLES[entry.type]!;
      // A record's last saved time is its last change the log holds.
      const row = await touchRow(tx, table, entry.id, entry.at);
      insert('activity', {
        id: newId(new Date(entry.at)),
        created_at: entry.at,
        admin_id: admin.id,
        admin_name: adminName,
        admin_email: admin.email,
        action: entry.action,
        record_type: entry.type,
        record_id: entry.id,
        record_name: entry.type === 'user' ? `${row.name} ${row.surname}`.trim() : recordNameOf(row),
        summary: entry.summary,
        reason: entry.reason ?? null,
      });
    }
    await flush(tx);
  });
}
