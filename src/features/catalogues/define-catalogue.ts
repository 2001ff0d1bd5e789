import type { Icon } from '@tabler/icons-react';
import type { DeclaredColumn } from '@/lib/declared-columns';
import type { Feature, Permission } from '@/lib/features';

/**
 * The vocabulary of a catalogue declaration (one module per catalogue, declarations/<key>.ts, which registry.ts
 * loads by key); its columns are the lists' one vocabulary, lib/declared-columns.ts. Everything here is plain data:
 * the generic list and form screens and the tests read it. A declaration takes its calls, record and fields'
 * constraints from its catalogue's contract (from-contract.ts, contract/catalogues/<name>.ts), which the server and
 * the mock API read too. The router and the menu import this module, so nothing here may pull in code (zod, the API
 * client, the contract's catalogues) that the first load does not need: the record's schema is built from `record`
 * in resource.ts, with the screens.
 */

/** A choice of a select: what is sent, and what the admin reads. */
export type Option = { value: string; label: string };

export type Field =
  | {
      kind: 'text' | 'textarea' | 'html';
      name: string;
      label: string;
      /** '' for an optional field (an extension's). */
      required: string;
      /** An extension's field: on the form only where the API announces it. */
      feature?: Feature;
    }
  | { kind: 'icon'; name: string; label: string; required: string; upload?: string }
  | { kind: 'number'; name: string; label: string; required?: string; min: number; whole?: boolean }
  | { kind: 'date'; name: string; label: string; required: string; fromToday?: boolean; midday?: boolean }
  | {
      kind: 'time';
      name: string;
      label: string;
      required: string;
      /** A time that must come later than another time field's, with what to say when it does not. */
      after?: { field: string; message: string };
    }
  | { kind: 'select'; name: string; label: string; required: string; options: readonly Option[] }
  | { kind: 'yesNo'; name: string; label: string; required: string }
  | { kind: 'choice'; name: string; label: string; required?: string; from: string }
  | { kind: 'slug'; name: string; label: string; required: string; from: string }
  | { kind: 'status'; name: 'enabled'; label: string; required: string };

/** One row of a single-record catalogue's list (Setting): a field of the record, viewed in a dialog. */
export type RecordRow = { label: string; field: string; dialogTitle: string };

export type CatalogueDeclaration = {
  /**
   * The catalogue's name: its declaration's file (declarations/<key>.ts), its screens' view of their records' queries
   * (resource.ts), its export's file name.
   */
  key: string;
  /** The list's title and menu label; forms read 'Add <title>' / 'Update <title>' unless `formTitle` says. */
  title: string;
  formTitle?: string;
  menuIcon: Icon;
  /** What a role needs to open the catalogue's screens ('roles'; contract/roles.ts): the permission to change it. */
  permission: Permission;
  /** Screen routes; `update` holds one :parameter, the record's id. */
  routes: { list: string; add: string; update: string };
  /** API paths under /api; ':id' is the record's id. A fixed query string may follow the list path. */
  api: { list: string; read: string; create: string; update: string; remove?: string };
  /** Which writes go as multipart (uploads, or a server that wants it); the rest go as JSON. */
  multipart?: readonly ('create' | 'update')[];
  /** A server-paginated list: `api.list` answers one page (page, limit) with pagination.count. */
  paginated?: boolean;
  /** False for lists without an Add button (the add route still exists). */
  addButton?: boolean;
  /**
   * The record's own fields, beside _id and enabled: text, a stored file's path, a number, a date, a boolean, a user
   * or other record it refers to (`ref`: { _id, name }) and a list of them (`refs`).
   */
  record: Record<string, 'text' | 'path' | 'number' | 'date' | 'flag' | 'ref' | 'refs'>;
  columns?: DeclaredColumn[];
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

/** What a `ref` field holds: a record, or a user (with the surname where the API gives it). */
export type Ref = { _id: string; name: string; surname?: string };

export type CatalogueRecord = { _id: string; enabled: boolean } & Record<
  string,
  string | number | boolean | Ref | Ref[] | null
>;

/** Checks a declaration's shape at compile time; the declaration is the catalogue. */
export const defineCatalogue = (declaration: CatalogueDeclaration): Catalogue => declaration;

/** '/university-update/:universityId' → 'universityId'. */
export const idParam = (route: string) => route.split(':')[1] ?? 'id';

/** SPEC 5's slug rule: lowercase, punctuation removed, whitespace to hyphens. */
export const toSlug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .trim()
    .replace(/\s+/g, '-');

/** 'university/read/:id' with an id → 'university/read/65a…'. */
export const withId = (apiPath: string, recordId: string) => apiPath.replace(':id', recordId);

/** A screen route with the record's id in place of its parameter. */
export const routeWithId = (route: string, recordId: string) => route.replace(/:[^/]+/, recordId);
