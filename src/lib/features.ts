/**
 * The extensions of SPEC's API that the console can use, each only when the API named it in the sign-in answer
 * (DECISIONS, "Extensions of the reference API, announced"); other names it may send are kept and ignored. Against
 * an API that names none the console is exactly SPEC's: no extra calls, columns, buttons or dialogs.
 */
export type Feature =
  /** A mail's recipient count and delivery counts, and GET /api/mail-send/recipients/{mailId} (paged, searched). */
  | 'mail-recipients'
  /** POST /api/mail-send/test: the mail to the signed-in admin alone. */
  | 'mail-test'
  /** An event's joinedCount, and GET /api/event/joined/{eventId} (paged, searched). */
  | 'event-joined'
  /** sort=<field>&order=asc|desc on the server-paged lists (their sortable headers). */
  | 'list-sort'
  /** GET /api/admin/list/export: the users list as CSV, streamed (the users list's Export CSV). */
  | 'users-export'
  /** GET /api/activity/list (filtered, paged) and /api/activity/facets: who did what, when and why. */
  | 'activity-log'
  /** PATCH /api/admin/status/{userId}?enabled=false with a JSON body { reason }: a deactivation's optional reason. */
  | 'status-reason'
  /** GET /api/admin/history/{userId}: a user's status changes, reports and blocks, paged and by kind. */
  | 'user-history'
  /** A chat report's case (status, note, who handled it), ?status= on its list, PATCH /api/chat-report/case/{id}. */
  | 'report-cases';

/**
 * Whether the stored session's API announced `feature`, read straight from storage (session.ts keeps the names under
 * 'features'): for code that runs apart from React and session.ts, such as src/boot.ts, the calls modules and the
 * route prefetches. Screens ask useFeature (session.ts).
 */
export function storedFeature(feature: Feature): boolean {
  // Typed without the DOM: the server's typecheck reads this module (through the mocks), and has no localStorage.
  const storage = (globalThis as { localStorage?: { getItem(key: string): string | null } }).localStorage;
  try {
    const names: unknown = JSON.parse(storage?.getItem('features') ?? '[]');
    return Array.isArray(names) && names.includes(feature);
  } catch {
    return false;
  }
}
