import type { Feature } from './features';

/**
 * The one vocabulary of a declared list's columns, catalogues and read-only lists alike. Plain data, with no React
 * and no zod: the router and the menu import every declaration. components/declared-cells.tsx compiles a column to
 * the list controller's (its cell, the text it shows, how it sorts); a feature passes in the cells only it can draw
 * (a catalogue's people dialog, its row actions).
 */

/** What a declared list's row is: a record with its _id and the fields its declaration names. */
export type DeclaredRow = { _id: string } & Record<string, unknown>;

/**
 * A user as a row refers to one: populated (the name, and the surname where the API gives it: a SPEC-only API sends
 * only the name) or a bare id (name ''), or nothing (a deleted user).
 */
export type UserRef = { _id: string; name: string; surname?: string } | null | undefined;

type Named = { name: string; surname?: string; email?: string } | null | undefined;

/**
 * A user's name wherever the console shows one: name and surname, as far as the API gives them (13 Mateos among 300
 * members are told apart by their surnames). SPEC 2.20 / 8: a user who is missing, or has no name, reads Unknown
 * (`otherwise` where a screen says it differently). What UserLink shows, and the text a list exports and sorts by.
 */
export const userName = (user: Named, otherwise = 'Unknown') =>
  [user?.name, user?.surname].filter(Boolean).join(' ') || otherwise;

/**
 * A member as a confirmation that acts on them names them: the name and, when the answer gave one, the e-mail, which
 * tells apart even two members of the same name ('Kenji Tanaka (kenji.tanaka@example.com)').
 */
export const userNameAndEmail = (user: Named, otherwise: string) => {
  const name = userName(user, '');
  const email = user?.email ?? '';
  return name && email ? `${name} (${email})` : name || email || otherwise;
};

/**
 * Where a `people` column's users are paged and searched when the API announces `feature`: GET `path` (':id' the
 * record's id) with page, limit and q, answering { result: [{ _id, name, email }], pagination: { count } }.
 */
export type PeoplePages = { path: string; feature: Feature };

/**
 * One column of a list's declaration, as plain data: its kind, header and field. components/declared-cells.tsx
 * compiles it to a ListColumn (components/list-kit/list-controller.ts).
 */
export type DeclaredColumn = (
  | { kind: 'index'; header: string }
  | { kind: 'text'; header: string; field: string; below?: string }
  | { kind: 'email' | 'truncated' | 'dateTime' | 'image'; header: string; field: string }
  | { kind: 'html'; header: string; field: string; label?: string }
  | { kind: 'date'; header: string; field: string; pastLabel?: string; locale?: boolean }
  | { kind: 'range'; header: string; from: string; to: string }
  | { kind: 'user'; header: string; user: (row: DeclaredRow) => UserRef }
  | { kind: 'people'; header: string; field: string; count?: string; pages?: PeoplePages }
  | { kind: 'status' | 'icon' | 'actions'; header: string }
) & {
  /** A server-paged list's API sort field for this column (docs/api.md, 'list-sort'), used only when announced. */
  sort?: string;
};

export type DeclaredColumnKind = DeclaredColumn['kind'];

/** A column of users, drawn by the list's feature (a catalogue's people dialog). */
export type PeopleColumn = Extract<DeclaredColumn, { kind: 'people' }>;

/** A column that a server-paged list sorts by through the API's `field`, when 'list-sort' is announced. */
export const sortable = (declared: DeclaredColumn, field: string): DeclaredColumn => ({
  ...declared,
  sort: field,
});

/** The API sort fields a list's columns name. */
export const sortFieldsOf = (columns: readonly DeclaredColumn[] = []) =>
  columns.flatMap((declared) => (declared.sort ? [declared.sort] : []));

export const column = {
  /** The row's number, from 1. */
  index: (header = '#'): DeclaredColumn => ({ kind: 'index', header }),
  /** A field, or a field of a field ('category.name'), a dash when empty; `below` puts a second one under it. */
  text: (header: string, field: string, below?: string): DeclaredColumn => ({
    kind: 'text',
    header,
    field,
    below,
  }),
  /** A mailto: link; a dash when empty. */
  email: (header: string, field: string): DeclaredColumn => ({ kind: 'email', header, field }),
  /** Cut at 200 px, the whole text in a tooltip; a dash when empty (SPEC 9). */
  truncated: (header: string, field: string): DeclaredColumn => ({ kind: 'truncated', header, field }),
  /** Like December 05, 2024 03:30 PM (SPEC 9). */
  dateTime: (header: string, field: string): DeclaredColumn => ({ kind: 'dateTime', header, field }),
  /** A date, like 6 Dec 2026; with `pastLabel`, a date already gone is marked so. */
  date: (header: string, field: string, pastLabel?: string): DeclaredColumn => ({
    kind: 'date',
    header,
    field,
    pastLabel,
  }),
  /** A date in the browser's locale form, where SPEC asks for it (an offer's Expire Date, SPEC 2.12). */
  localeDate: (header: string, field: string, pastLabel?: string): DeclaredColumn => ({
    kind: 'date',
    header,
    field,
    pastLabel,
    locale: true,
  }),
  /**
   * Stored HTML behind a button that opens it, sanitised, in a dialog titled with the header. The button reads
   * `label`, or View and the header.
   */
  html: (header: string, field: string, label?: string): DeclaredColumn => ({
    kind: 'html',
    header,
    field,
    label,
  }),
  /** A stored image as a 50x50 thumbnail (a dash when there is none). */
  image: (header: string, field: string): DeclaredColumn => ({ kind: 'image', header, field }),
  /** A 50x50 rounded icon (the record's `icon`), or the list's default image. */
  icon: (header = 'Icons'): DeclaredColumn => ({ kind: 'icon', header }),
  /** Two times of day as 'from - to' (an event's start and end), each HH:mm whether stored as a time or a date-time. */
  range: (header: string, from: string, to: string): DeclaredColumn => ({ kind: 'range', header, from, to }),
  /**
   * A link to the user's profile (/users/{id}) with their name; Unknown when there is none (SPEC 8). The user is a
   * field of the row, or what a function finds in it (a chat report's other participant).
   */
  user: (header: string, user: string | ((row: DeclaredRow) => UserRef)): DeclaredColumn => ({
    kind: 'user',
    header,
    user: typeof user === 'string' ? (row) => valueAt(row, user) as UserRef : user,
  }),
  /**
   * Users (a list field): an icon with their number, opening a dialog that pages and searches them, each a link to
   * their profile. `count`: a number field with the total, where the API sends only the first few inline; `pages`:
   * where the API pages them all (an extension; without it the dialog pages over the inline list). The list's
   * feature draws the cell (declared-cells.tsx's `people`).
   */
  people: (
    header: string,
    field: string,
    more: { count?: string; pages?: PeoplePages } = {},
  ): DeclaredColumn => ({
    kind: 'people',
    header,
    field,
    ...more,
  }),
  /** Active (success style) or Inactive (danger style), from the row's `enabled`. */
  status: (header = 'Status'): DeclaredColumn => ({ kind: 'status', header }),
  /** The row's controls (edit, delete), drawn by the list's feature (declared-cells.tsx's `actions`). */
  actions: (header = 'Action'): DeclaredColumn => ({ kind: 'actions', header }),
};

/** 'category.name' of a row (undefined along a missing step). */
export function valueAt(row: object, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((value, key) => (value as Record<string, unknown> | null | undefined)?.[key], row);
}
