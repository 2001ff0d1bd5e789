/** The record types the activity log names (the API collection each record belongs to), as its facets answer them. */
export const RECORD_TYPES = [
  'user',
  'admin',
  'plan',
  'offer',
  'event',
  'post',
  'blog',
  'blog-category',
  'faq',
  'university',
  'hobbies',
  'language',
  'food-preference',
  'religious-belief',
  'event-category',
  'looking-for',
  'report-element',
  'setting',
  'mail',
  'chat-report',
  'session',
  /** A warning or notice template ('notice-templates'). */
  'notice-template',
  /** A Contact Us message ('contact-status'). */
  'contact',
  /** The users list as a whole, as an export takes it (no one record). */
  'user-list',
] as const;
export type RecordType = (typeof RECORD_TYPES)[number];
