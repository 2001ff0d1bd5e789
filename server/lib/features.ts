import type { Feature } from '../../src/lib/features';

/**
 * The extensions of SPEC section 7 this server offers (the mocks announce the same, mocks/scenario.ts), named in the sign-in answer (`result.features`). A console
 * uses an extension only when it is named here, so an API without them is driven exactly as SPEC says.
 */
export const FEATURES = [
  // GET /api/mail-send/recipients/{mailId}; a mail carries recipientCount and delivery counts, 50 users inline.
  'mail-recipients',
  // POST /api/mail-send/test: one message to the signed-in admin, now.
  'mail-test',
  // GET /api/event/joined/{eventId}; an event carries joinedCount, 50 joined users inline.
  'event-joined',
  // sort=<field>&order=asc|desc on every server-paged list (lib/sort.ts; the users list: lib/user-list.ts).
  'list-sort',
  // GET /api/admin/list/export: the users list as CSV, streamed, with the list's filters, search and sort.
  'users-export',
  // The activity log: GET /api/activity/list (paged, filtered by action, recordType, admin, from, to) and
  // GET /api/activity/facets; every admin write appends one entry (lib/activity.ts).
  'activity-log',
  // PATCH /api/admin/status/{userId}?enabled with a JSON body { reason } (or &reason): an optional reason, kept on the activity entry.
  'status-reason',
  // GET /api/admin/history/{userId}: status changes, reports about and by the user, blocks, newest first.
  'user-history',
  // Chat reports carry a case status and note; GET /api/chat-report/list?status; PATCH /api/chat-report/case/{id}.
  'report-cases',
] as const satisfies readonly Feature[];
