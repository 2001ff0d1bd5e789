import type { ActivityEntry } from './api';

/**
 * The console's screen of each record type the activity log names (the catalogue declarations' update routes, the
 * user's profile). A feature may not import another, so the routes are written here; tests/chat-report/moderation-console.test.tsx
 * holds them to the declarations. Types without a screen of their own (a mail, a chat report, a policy, an admin's
 * profile) have no link.
 */
const RECORD_ROUTES: Record<string, (id: string) => string> = {
  user: (id) => `/users/${id}`,
  faq: (id) => `/faq/update/${id}`,
  post: (id) => `/post/update/${id}`,
  event: (id) => `/event/update/${id}`,
  plan: (id) => `/plan/update/${id}`,
  offer: (id) => `/offer/update/${id}`,
  blog: (id) => `/blog/update/${id}`,
  'blog-category': (id) => `/blog-category/update/${id}`,
  university: (id) => `/university-update/${id}`,
  hobbies: (id) => `/hobbies/update/${id}`,
  language: (id) => `/languages/update/${id}`,
  'food-preference': (id) => `/food-preference/update/${id}`,
  'religious-belief': (id) => `/religious-beliefs/update/${id}`,
  'event-category': (id) => `/event-category/update/${id}`,
  'looking-for': (id) => `/looking-for/update/${id}`,
  'report-element': (id) => `/report-element/update/${id}`,
  setting: (id) => `/setting/update/${id}`,
  'notice-template': (id) => `/queue/templates/${id}`,
};

/** Where an activity entry's record is shown, or null: none when it no longer exists or has no screen. */
export function recordLink(entry: Pick<ActivityEntry, 'recordType' | 'recordId' | 'exists'>): string | null {
  const route = Object.hasOwn(RECORD_ROUTES, entry.recordType) ? RECORD_ROUTES[entry.recordType] : undefined;
  if (!route || !entry.recordId || !entry.exists) return null;
  return route(encodeURIComponent(entry.recordId));
}
