import type { Icon } from '@tabler/icons-react';

/**
 * The vocabulary of a catalogue declaration (one file per catalogue, gathered in registry.ts).
 * Everything here is plain data: the generic list and form screens, the mock API and the tests read it. The router
 * and the menu import every declaration, so nothing here may pull in code (zod, the API client) that the first load
 * does not need: the record's schema is built from `record` in resource.ts, with the screens.
 */

export type Column =
  | { kind: 'index'; header: string }
  | { kind: 'text'; header: string; field: string; below?: string }
  | { kind: 'status'; header: string }
  | { kind: 'icon'; header: string }
  | { kind: 'actions'; header: string };

export const column = {
  /** The row's number, from 1. */
  index: (header = '#'): Column => ({ kind: 'index', header }),
  /** A text field of the record; `below` puts a second field under it in small print. */
  text: (header: string, field: string, below?: string): Column => ({ kind: 'text', header, field, below }),
  /** Active (success style) or Inactive (danger style). */
  status: (header = 'Status'): Column => ({ kind: 'status', header }),
  /** A 50x50 rounded icon, or the catalogue's default image. */
  icon: (header = 'Icons'): Column => ({ kind: 'icon', header }),
  /** Edit link and delete button (with SPEC 8's confirmation). */
  actions: (header = 'Action'): Column => ({ kind: 'actions', header }),
};

export type Field =
  | { kind: 'text' | 'textarea' | 'html'; name: string; label: string; required: string }
  | { kind: 'icon'; name: string; label: string; required: string }
  | { kind: 'status'; name: 'enabled'; label: string; required: string };

export const field = {
  text: (name: string, label: string, required: string): Field => ({ kind: 'text', name, label, required }),
  textarea: (name: string, label: string, required: string): Field => ({
    kind: 'textarea',
    name,
    label,
    required,
  }),
  /** Rich text (its editor loads only on forms that have one); stored as HTML. */
  html: (name: string, label: string, required: string): Field => ({ kind: 'html', name, label, required }),
  /** An image held in the form and sent as the multipart file `name`; required while the record has none. */
  icon: (required: string, name = 'icon', label = 'Icon'): Field => ({ kind: 'icon', name, label, required }),
  /** The Status select: Active = true, Inactive = false, sent as `enabled`. */
  status: (required = 'Please select status'): Field => ({
    kind: 'status',
    name: 'enabled',
    label: 'Status',
    required,
  }),
};

/** One row of a single-record catalogue's list (Setting): a field of the record, viewed in a dialog. */
export type RecordRow = { label: string; field: string; dialogTitle: string };

export type CatalogueDeclaration = {
  /** Query key root, and the catalogue's name in tests and the mock db. */
  key: string;
  /** The list's title and menu label; forms read 'Add <title>' / 'Update <title>' unless `formTitle` says. */
  title: string;
  formTitle?: string;
  menuIcon: Icon;
  /** Screen routes; `update` holds one :parameter, the record's id. */
  routes: { list: string; add: string; update: string };
  /** API paths under /api; ':id' is the record's id. A fixed query string may follow the list path. */
  api: { list: string; read: string; create: string; update: string; remove?: string };
  /** Which writes go as multipart (uploads, or a server that wants it); the rest go as JSON. */
  multipart?: readonly ('create' | 'update')[];
  /** The record's own fields, beside _id and enabled (text unless said). */
  record: Record<string, 'text' | 'path'>;
  columns?: Column[];
  /** Single-record catalogues (Setting) list the record's fields as rows instead of records as rows. */
  singleRecord?: { rows: RecordRow[]; header: [string, string, string] };
  fields: Field[];
  messages: { added: string; updated: string; deleted?: string };
  /** SPEC 8's fallbacks when the server gives no message. */
  failures?: { list?: string; save?: string; remove?: { refused: string; failed: string } };
  /** Shown for a record without an icon (a path under public/). */
  defaultIcon?: string;
  emptyText: string;
};

export type Catalogue = CatalogueDeclaration;

export type CatalogueRecord = { _id: string; enabled: boolean } & Record<string, string | boolean | null>;

/** Checks a declaration's shape at compile time; the declaration is the catalogue. */
export const defineCatalogue = (declaration: CatalogueDeclaration): Catalogue => declaration;

/** '/university-update/:universityId' → 'universityId'. */
export const idParam = (route: string) => route.split(':')[1] ?? 'id';

/** 'university/read/:id' with an id → 'university/read/65a…'. */
export const withId = (apiPath: string, recordId: string) => apiPath.replace(':id', recordId);

/** A screen route with the record's id in place of its parameter. */
export const routeWithId = (route: string, recordId: string) => route.replace(/:[^/]+/, recordId);
