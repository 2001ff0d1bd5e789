import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Db } from '../db/connection';
import { newId } from '../lib/ids';
import type { UploadStore } from '../lib/uploads';
import { bannerPng, iconPng, portraitPng, toneWav } from './media';
import { random } from './random';

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

export const DEMO_USER_COUNT = 300;

/** Believable data for every resource, with real media files, on a fresh database. */
export async function seedDemo(db: Db, uploads: UploadStore, options: { users?: number } = {}) {
  const rand = random(20261122);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
  const userCount = options.users ?? DEMO_USER_COUNT;

  const portraits = await Promise.all(
    Array.from({ length: 12 }, (_, i) => uploads.saveGenerated(portraitPng(i * 30), 'png')),
  );
  const icons = await Promise.all(
    Array.from({ length: 12 }, (_, i) => uploads.saveGenerated(iconPng(i * 30 + 10), 'png')),
  );
  const banners = await Promise.all(
    Array.from({ length: 6 }, (_, i) => uploads.saveGenerated(bannerPng(i * 60), 'png')),
  );
  const audio = await uploads.saveGenerated(toneWav(440), 'wav');
  const video = await uploads.saveGenerated(
    new Uint8Array(readFileSync(fileURLToPath(new URL('../fixtures/demo-clip.webm', import.meta.url)))),
    'webm',
  );

  const insert = (table: string, row: Record<string, unknown>) => {
    const columns = Object.keys(row);
    db.prepare(
      `INSERT INTO ${table} (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    ).run(
      ...columns.map((column) => (typeof row[column] === 'boolean' ? (row[column] ? 1 : 0) : row[column])),
    );
  };
  const stamped = (daysAgo: number) => ({ created_at: clock.at(daysAgo), updated_at: clock.at(daysAgo) });

  db.transaction(() => {
    const hobbyIds = HOBBIES.map((name, i) => {
      const id = newId();
      insert('hobbies', {
        id,
        name,
        icon: i % 5 === 4 ? null : icons[i % icons.length],
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
          icon: i === 5 ? null : icons[(i + 3) % icons.length],
          enabled: i !== 5,
          ...stamped(300),
        });
        return id;
      },
    );
    for (const [i, name] of [
      'Long-term relationship',
      'Something casual',
      'New friends',
      'Not sure yet',
    ].entries()) {
      insert('looking_for', {
        id: newId(),
        name,
        icon: icons[(i + 6) % icons.length],
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
    for (const [i, message] of [
      'Fake profile',
      'Inappropriate messages',
      'Spam or scam',
      'Underage user',
      'Offensive photos',
    ].entries()) {
      insert('report_elements', { id: newId(), message, enabled: i !== 4, ...stamped(200 - i) });
    }
    insert('settings', {
      id: newId(),
      privacy:
        '<h3>Privacy Policy</h3><p>We collect only what we need to run the service, and never sell your data.</p>',
      terms_condition: '<h3>Terms &amp; Conditions</h3><p>Be kind, be honest, and be over 18.</p>',
      ...stamped(200),
    });
    for (const [i, [name, planType, price, productId]] of [
      ['Free', 'free', '0.00', 'free'],
      ['Silver Monthly', 'silver', '9.99', 'silver_monthly'],
      ['Gold Monthly', 'gold', '19.99', 'gold_monthly'],
      ['Platinum Monthly', 'platinum', '29.99', 'platinum_monthly'],
    ].entries()) {
      insert('plans', {
        id: newId(),
        name,
        plan_type: planType,
        price,
        product_id: productId,
        is_recommended: i === 2,
        enabled: true,
        benefit: `<ul><li>${name} benefits</li><li>Cancel any time</li></ul>`,
        description: `The ${name} plan.`,
        ...stamped(250 - i),
      });
    }
    for (let i = 0; i < 14; i += 1) {
      insert('offers', {
        id: newId(),
        title: `${pick(['Coffee', 'Cinema', 'Dinner', 'Flowers', 'Climbing', 'Museum'])} date deal ${i + 1}`,
        brand_logo: icons[i % icons.length],
        image: banners[i % banners.length],
        off: 5 + (i % 6) * 5,
        minimum_purchase_amount: i % 3 === 0 ? null : 20 + i,
        minimum_member: i % 4 === 0 ? null : 2,
        expire_date: new Date(Date.now() + (10 + i * 7) * 86_400_000).toISOString(),
        description: '<p>Show this offer at the counter to get your discount.</p>',
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
      const title = `${pick(['Ten', 'Five', 'Seven'])} ${pick(['first-date ideas', 'ways to stay safe', 'conversation starters', 'profile tips'])} ${i + 1}`;
      insert('blogs', {
        id: newId(),
        title,
        slug: title
          .toLowerCase()
          .replace(/[^\w\s-]/g, '')
          .replace(/\s+/g, '-'),
        author: pick(['Mia Rossi', 'Omar Haddad', 'Lena Jensen']),
        seo_title: title,
        category_id: blogCategoryIds[i % blogCategoryIds.length],
        focus_keyword: 'dating',
        enabled: i % 4 !== 3,
        image: banners[i % banners.length],
        short_description: '<p>A short read for your commute.</p>',
        description: '<p>Dating should be fun. Here is how to make the most of it.</p>',
        meta_description: 'Dating advice from our team.',
        ...stamped(120 - i),
      });
    }

    const userIds: string[] = [];
    for (let i = 0; i < userCount; i += 1) {
      const id = newId();
      userIds.push(id);
      const name = FIRST_NAMES[i % FIRST_NAMES.length]!;
      const surname = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]!;
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
        enabled: i % 9 !== 4,
        is_verified: i % 3 === 0,
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
        ...stamped((userCount - i) * 0.5),
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
    const someUser = () => pick(userIds);

    for (let i = 0; i < 18; i += 1) {
      const eventId = newId();
      insert('events', {
        id: eventId,
        name: `${pick(['Sunset', 'Rooftop', 'Riverside', 'Garden', 'Midnight'])} ${pick(['Social', 'Quiz', 'Picnic', 'Run', 'Gig'])}`,
        venue: pick(['The Old Mill', 'Riverside Park', 'Union Hall', 'Skyline Bar']),
        category_id: categoryIds[i % categoryIds.length],
        university_id: universityIds[i % universityIds.length],
        date: new Date(Date.now() + (i - 5) * 3 * 86_400_000).toISOString(),
        start_time: '18:30',
        end_time: '21:00',
        number_of_participants: 20 + i * 5,
        image: banners[i % banners.length],
        user_id: someUser(),
        ...stamped(40 - i),
      });
      for (const user of new Set(Array.from({ length: 2 + (i % 5) }, someUser)))
        insert('event_participants', { event_id: eventId, user_id: user });
    }
    for (let i = 0; i < 30; i += 1) {
      insert('posts', {
        id: newId(),
        name: pick([
          'Sunday hike with friends',
          'Best coffee in town',
          'First salsa class!',
          'Weekend market finds',
          'Beach day',
        ]),
        image1: portraits[i % portraits.length],
        image2: i % 2 === 0 ? banners[i % banners.length] : null,
        image3: i % 3 === 0 ? portraits[(i + 5) % portraits.length] : null,
        video: i % 5 === 0 ? video : null,
        user_id: someUser(),
        ...stamped(30 - i * 0.5),
      });
    }
    for (let i = 0; i < 42; i += 1) {
      insert('contacts', {
        id: newId(),
        title: pick(['Billing question', 'Cannot log in', 'Feature request', 'Report a bug', 'Partnership']),
        email: `visitor${i}@example.org`,
        phone_no: `+44 7700 900${String(100 + i)}`,
        description:
          'Hello, I would like some help with my account. I tried the steps in the FAQ but it did not work for me. Thanks!',
        ...stamped(50 - i),
      });
    }
    for (let i = 0; i < 36; i += 1) {
      insert('feedbacks', {
        id: newId(),
        user_id: someUser(),
        rating: 1 + (i % 5),
        description: '<p>Great app, but I would love more filters.</p>',
        ...stamped(45 - i),
      });
    }
    const admin = db
      .prepare("SELECT id, name, surname, email FROM users WHERE role = 'admin' LIMIT 1")
      .get() as { id: string; name: string; surname: string; email: string } | undefined;
    for (let i = 0; i < 24; i += 1) {
      // A few cases already handled by the admin (moderation), the rest Open.
      const handled = admin && i % 6 === 1 ? (i % 12 === 1 ? 'Dismissed' : 'Actioned') : undefined;
      insert('chat_reports', {
        id: newId(),
        message: pick(['Rude messages', 'Asked for money', 'Fake photos', 'Spam links in chat']),
        reporter_id: someUser(),
        reported_id: i % 8 === 7 ? null : someUser(),
        ...(handled &&
          admin && {
            status: handled,
            note:
              handled === 'Dismissed' ? 'Checked the chat: nothing abusive.' : 'User warned and deactivated.',
            handled_by: admin.id,
            handled_at: clock.at(24 - i),
          }),
        ...stamped(25 - i),
      });
      insert('chat_blocks', {
        id: newId(),
        block_by: someUser(),
        blocked_user: someUser(),
        message: i % 3 === 0 ? '' : 'Did not want to keep talking.',
        ...stamped(25 - i),
      });
    }
    for (let i = 0; i < 8; i += 1) {
      const mailId = newId();
      const recipients = new Set(Array.from({ length: 3 }, someUser));
      // Sent long ago: delivered, with the counters the mail queue keeps.
      insert('mails', {
        id: mailId,
        title: pick(['New features this week', 'Your safety matters', 'Summer events are here']),
        body: 'Hello! We have news for you: check the app to find out more.',
        all_users: i === 0,
        recipient_count: recipients.size,
        sent_count: recipients.size,
        ...stamped(20 - i),
      });
      for (const user of recipients)
        insert('mail_deliveries', {
          mail_id: mailId,
          user_id: user,
          state: 'sent',
          attempts: 1,
          updated_at: clock.at(20 - i),
        });
    }

    // Some history for the activity log, naming seeded records (written as the log writes it: its triggers keep the
    // day counters).
    if (admin) {
      const adminName = `${admin.name} ${admin.surname}`.trim();
      const recordOf = (table: string, name: string) =>
        db.prepare(`SELECT id, ${name} AS name FROM ${table} ORDER BY rowid LIMIT 1`).get() as
          { id: string; name: string } | undefined;
      const entries: [
        number,
        string,
        string,
        { id: string; name: string } | undefined,
        string,
        string | null,
      ][] = [
        [30, 'create', 'faq', recordOf('faqs', 'question'), 'Created', null],
        [21, 'update', 'plan', recordOf('plans', 'name'), 'price: "17.99" → "19.99"; benefit changed', null],
        [14, 'create', 'offer', recordOf('offers', 'title'), 'Created', null],
        [9, 'update', 'hobbies', recordOf('hobbies', 'name'), 'enabled: Active → Inactive', null],
        [6, 'send', 'mail', recordOf('mails', 'title'), 'Sent to 3 users', null],
        [3, 'update', 'setting', recordOf('settings', "''"), 'privacy changed', null],
      ];
      const userOf = db.prepare<[string], { id: string; name: string }>(
        "SELECT id, name || ' ' || surname AS name FROM users WHERE id = ?",
      );
      for (let i = 0; i < 6 && userIds.length; i += 1) {
        const reactivated = i % 3 === 2;
        entries.push([
          12 - i * 2,
          reactivated ? 'activate' : 'deactivate',
          'user',
          userOf.get(userIds[(i * 37) % userIds.length]!),
          reactivated ? 'enabled: Inactive → Active' : 'enabled: Active → Inactive',
          reactivated ? 'Appeal accepted' : pick(['Spam links in chat', 'Fake photos', 'Harassment']),
        ]);
      }
      for (const [daysAgo, action, recordType, record, summary, reason] of entries.sort(
        (a, b) => b[0] - a[0],
      )) {
        const at = clock.at(daysAgo);
        insert('activity', {
          id: newId(new Date(at)),
          created_at: at,
          admin_id: admin.id,
          admin_name: adminName,
          admin_email: admin.email,
          action,
          record_type: recordType,
          record_id: record?.id ?? null,
          record_name: record?.name ?? '',
          summary,
          reason,
        });
      }
    }
  })();
}
