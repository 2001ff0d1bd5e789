import { PLAN_TYPES } from '@contract/plans';
import { nextId } from './ids';

/** A catalogue record in the mock db: _id plus the fields its declaration names (name, enabled, icon…). */
export type MockCatalogueRecord = { _id: string } & Record<
  string,
  string | number | boolean | null | { _id: string; name: string } | { _id: string; name: string }[]
>;

const ICON =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="50" height="50"><circle cx="25" cy="25" r="25" fill="#7c3aed"/></svg>',
  );

const named = (
  names: string[],
  extra: (index: number) => Record<string, string | boolean | null> = () => ({}),
) => names.map((name, index) => ({ _id: nextId(), name, enabled: index !== 2, ...extra(index) }));

/**
 * Fixture rows of every catalogue, keyed by the API collection of its calls (the language-speak screens share
 * 'language' with languages, as SPEC 7.13 says). The third row of each is Inactive; some icons are missing.
 */
export function makeCatalogues(): Record<string, MockCatalogueRecord[]> {
  const collections: Record<string, MockCatalogueRecord[]> = {
    university: named(['Imperial College London', 'King’s College London', 'University of Leeds'], (i) => ({
      email: ['admissions@imperial.example', 'hello@kcl.example', 'study@leeds.example'][i] ?? '',
      description: [
        'Science, engineering, medicine and business in South Kensington.',
        'A research-led university on the Strand.',
        'A Russell Group university in West Yorkshire.',
      ][i]!,
    })),
    reportelement: ['Fake profile', 'Inappropriate photos', 'Spam or scam', 'Harassment'].map(
      (message, index) => ({ _id: nextId(), message, enabled: index !== 2 }),
    ),
    setting: [
      {
        _id: nextId(),
        privacy:
          '<h2>Privacy Policy</h2><p>We collect only what we need to match you with people nearby, and never sell it.</p>',
        termsCondition:
          '<h2>Terms &amp; Conditions</h2><p>Be kind, be honest, and be over 18. Accounts that break these terms are removed.</p>',
        enabled: true,
      },
    ],
    hobbies: named(['Hiking', 'Cooking', 'Photography', 'Reading'], (i) => ({ icon: i === 1 ? null : ICON })),
    language: named(['English', 'French', 'German', 'Spanish']),
    foodpreference: named(['Vegetarian', 'Vegan', 'Halal', 'No preference']),
    eventcategory: named(['Board games', 'Outdoor', 'Speed dating'], (i) => ({
      icon: i === 0 ? ICON : null,
    })),
    lookingfor: named(['Long-term relationship', 'New friends', 'Something casual'], (i) => ({
      icon: i === 1 ? null : ICON,
    })),
    religiousbelief: named(['Agnostic', 'Buddhist', 'Christian', 'Muslim']),
    ...content(),
  };
  // Every record carries its times, as the server's do (SPEC leaves them out; the contract test compares shapes).
  const stamp = new Date(Date.UTC(2026, 9, 1, 12)).toISOString();
  for (const rows of Object.values(collections))
    for (const row of rows) Object.assign(row, { createdAt: stamp, updatedAt: stamp });
  return collections;
}

const IMAGE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect width="120" height="80" fill="#d6336c"/></svg>',
  );
const inDays = (days: number) => new Date(Date.UTC(2030, 0, 1) + days * 86_400_000).toISOString();

/** Offers, plans, blog categories and blogs: enough of each for two pages of the paginated lists. */
function content(): Record<string, MockCatalogueRecord[]> {
  const brands = ['Sunset Café', 'City Cinema', 'Bloom Florist', 'Wine & Dine', 'Gym Plus', 'Book Nook'];
  const offer = Array.from({ length: 14 }, (_, index) => ({
    _id: nextId(),
    title: `${brands[index % brands.length]} ${10 + index}% off`,
    brandLogo: index === 4 ? null : ICON,
    image: IMAGE,
    off: 10 + index,
    minimumPurchaseAmount: index % 3 === 0 ? null : 20 + index,
    minimumMember: index % 4 === 0 ? null : 2,
    expireDate: inDays(index * 7),
    description: `<p>Show the app at <strong>${brands[index % brands.length]}</strong> to get the discount.</p>`,
    enabled: index !== 2,
  }));
  const plan = PLAN_TYPES.map((planType, index) => ({
    _id: nextId(),
    name: `${planType.charAt(0).toUpperCase()}${planType.slice(1)} plan`,
    benefit: `<ul><li>${['Five', 'Twenty', 'Unlimited', 'Unlimited'][index]} likes a day</li></ul>`,
    planType,
    price: ['0.00', '4.49', '9.99', '19.99'][index]!,
    productId: planType,
    isRecommended: planType === 'gold',
    description: `${['Try', 'More of', 'The best of', 'Everything in'][index]} the app`,
    enabled: index !== 2,
  }));
  const categoryNames = ['Dating tips', 'Safety', 'Success stories', 'Events', 'Product news'];
  const blogCategory = categoryNames.map((name, index) => ({
    _id: nextId(),
    name,
    description: `<p>Posts about ${name.toLowerCase()}.</p>`,
    enabled: index !== 2,
  }));
  const blog = Array.from({ length: 12 }, (_, index) => {
    const title = `${['How to', 'Ten ways to', 'Why you should'][index % 3]} plan a first date ${index + 1}`;
    return {
      _id: nextId(),
      title,
      slug: title.toLowerCase().replace(/\s+/g, '-'),
      author: ['Ana Ruiz', 'Tom Baker', 'Mia Chen'][index % 3]!,
      seoTitle: title,
      category: blogCategory[index % blogCategory.length]!._id,
      focusKeyword: 'first date',
      image: index === 5 ? null : IMAGE,
      shortDescription: 'A short read before your next date.',
      description: `<p>${title}: pick a quiet place, be on time, and listen.</p>`,
      metaDescription: `${title} — advice from the team.`,
      enabled: index !== 2,
    };
  });
  return { offer, plan, 'blog-category': blogCategory, blog };
}

type Person = { _id: string; name: string; surname: string };

/** The fixture event every user joined. */
export const CROWDED_EVENT = 6;

/** Events (SPEC 3) by fixture users, some joined by others, in the fixture event categories. */
export function makeEvents(users: Person[], categories: MockCatalogueRecord[]): MockCatalogueRecord[] {
  const venues = ['The Old Library, Leeds', 'Riverside Park', 'Café Nero, Soho', 'Climbing Hall, Bristol'];
  const stamp = new Date(Date.UTC(2026, 9, 1, 12)).toISOString();
  const person = (index: number) => {
    const user = users[index % users.length]!;
    return { _id: user._id, name: user.name, surname: user.surname };
  };
  return Array.from({ length: 14 }, (_, index) => {
    const category = categories[index % categories.length];
    return {
      _id: nextId(),
      name: `${['Board game night', 'Sunday picnic', 'Speed dating', 'Bouldering meet-up'][index % 4]} #${index + 1}`,
      venue: venues[index % venues.length]!,
      category: category ? { _id: category._id, name: String(category.name) } : null,
      university: null,
      date: new Date(Date.UTC(2026, 11, 1 + index, 12)).toISOString(),
      startTime: `${String(17 + (index % 4)).padStart(2, '0')}:00`,
      endTime: `${String(19 + (index % 4)).padStart(2, '0')}:30`,
      numberOfParticipants: 10 + index,
      image: index === 3 ? null : IMAGE,
      userId: person(index * 2),
      // Nobody for some, three for most, and everyone for one: more than an answer carries inline (50).
      joinedUsers:
        index === CROWDED_EVENT
          ? users.map((_user, position) => person(position))
          : index % 5 === 4
            ? []
            : [person(index * 2 + 1), person(index * 2 + 2), person(index * 2 + 3)],
      createdAt: stamp,
      updatedAt: stamp,
    } as unknown as MockCatalogueRecord;
  });
}
