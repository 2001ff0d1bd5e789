import type { Icon } from '@tabler/icons-react';

/**
 * The vocabulary of a read-only, server-paginated list (contact messages, feedback, chat reports and blocks; sent
 * mail next): one declaration file each, gathered in registry.ts, shown by one generic screen. Plain data, as the
 * router and the menu import it: the record's schema is built in resource.ts, with the screen.
 */

/** A user as lists reference one: a link to their profile. */
export type Person = { _id: string; name: string; email: string };
/** A chat thread's participants. */
export type Thread = { user_id: Person[] };

/** A record: its _id and the fields its declaration names (text, a date, a number, a person, a thread). */
export type PagedListRecord = { _id: string } & Record<string, unknown>;

export type Column = (
  | { kind: 'text' | 'email' | 'truncated' | 'dateTime' | 'html'; header: string; field: string }
  | { kind: 'user'; header: string; user: (row: PagedListRecord) => Person | null }
) & {
  /** The API's sort field for this column (docs/api.md, 'list-sort'): sortable only when the API announces it. */
  sort?: string;
};

/** A column the list sorts by through the API's `field`, when 'list-sort' is announced. */
export const sortable = (declared: Column, field: string): Column => ({ ...declared, sort: field });

/** The API sort fields a list's columns name. */
export const sortFieldsOf = (list: PagedListDeclaration) =>
  list.columns.flatMap((declared) => (declared.sort ? [declared.sort] : []));

export const column = {
  /** A field, or a field of a field ('user.name'); a dash when empty. */
  text: (header: string, field: string): Column => ({ kind: 'text', header, field }),
  /** A mailto: link. */
  email: (header: string, field: string): Column => ({ kind: 'email', header, field }),
  /** Cut at 200 px, the whole text in a tooltip; a dash when empty (SPEC 9). */
  truncated: (header: string, field: string): Column => ({ kind: 'truncated', header, field }),
  /** Like December 05, 2024 03:30 PM. */
  dateTime: (header: string, field: string): Column => ({ kind: 'dateTime', header, field }),
  /** Stored HTML behind a View button that opens it, sanitised, in a dialog titled with the header. */
  html: (header: string, field: string): Column => ({ kind: 'html', header, field }),
  /** A link to the user's profile (/users/{id}) with their name; Unknown when there is none (SPEC 8). */
  user: (header: string, user: string | ((row: PagedListRecord) => Person | null)): Column => ({
    kind: 'user',
    header,
    user: typeof user === 'string' ? (row) => (row[user] as Person | null | undefined) ?? null : user,
  }),
};

export type PagedListDeclaration = {
  /** Query key root. */
  key: string;
  /** The screen's title (its card's title) and menu label. */
  title: string;
  menuIcon: Icon;
  route: string;
  /** The page call under /api: page and limit go in its query string. */
  api: string;
  /** The record's fields beside _id. */
  record: Record<string, 'text' | 'date' | 'number' | 'person' | 'thread'>;
  columns: Column[];
  emptyText: string;
};

export type PagedList = PagedListDeclaration;

/** Checks a declaration's shape at compile time; the declaration is the list. */
export const definePagedList = (declaration: PagedListDeclaration): PagedList => declaration;

/** 'user.name' of a record. */
export function valueAt(row: PagedListRecord, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | null)?.[key], row);
}
