/**
 * The extensions of SPEC section 7 this server offers, named in the sign-in answer (`result.features`). A console
 * uses an extension only when it is named here, so an API without them is driven exactly as SPEC says.
 */
export const FEATURES = [
  // sort=<field>&order=asc|desc on every server-paged list (lib/sort.ts; the users list: lib/user-list.ts).
  'list-sort',
  // GET /api/admin/list/export: the users list as CSV, streamed, with the list's filters, search and sort.
  'users-export',
];
