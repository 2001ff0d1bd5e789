/**
 * The fields each server-paged list sorts by (`sort=<field>&order=asc|desc`, announced as 'list-sort'), named after
 * the columns the console shows, in the order a refusal lists them ('Sort must be one of name, status'). A list not
 * named here has one order and refuses a sort.
 */
export const SORT_FIELDS = {
  users: ['name', 'email', 'created', 'status'],
  offer: ['title', 'expireDate', 'status'],
  plan: ['name', 'status'],
  blogs: ['title', 'status'],
  blogCategory: ['name', 'status'],
  events: ['name', 'venue', 'date', 'created'],
  posts: ['name', 'created', 'user'],
  mail: ['title', 'created'],
  contactUs: ['title', 'email', 'created'],
  feedbacks: ['rating', 'created'],
  chatReport: ['created'],
  chatBlock: ['created'],
} as const;

export type SortedList = keyof typeof SORT_FIELDS;
export type SortField<List extends SortedList> = (typeof SORT_FIELDS)[List][number];
