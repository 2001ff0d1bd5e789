import { nextId } from './ids';

/** A catalogue record in the mock db: _id plus the fields its declaration names (name, enabled, icon…). */
export type MockCatalogueRecord = { _id: string } & Record<string, string | boolean | null>;

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
  return {
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
  };
}
