import type { Icon } from '@tabler/icons-react';

/**
 * The vocabulary of a read-only, server-paginated list (contact messages now; feedback, chat reports, chat blocks
 * and sent mail next): one declaration file each, gathered in registry.ts, shown by one generic screen. Plain data,
 * as the router and the menu import it: the record's schema is built in resource.ts, with the screen.
 */

export type Column = { kind: 'text' | 'email' | 'truncated' | 'dateTime'; header: string; field: string };

export const column = {
  text: (header: string, field: string): Column => ({ kind: 'text', header, field }),
  /** A mailto: link. */
  email: (header: string, field: string): Column => ({ kind: 'email', header, field }),
  /** Cut at 200 px, the whole text in a tooltip; a dash when empty (SPEC 9). */
  truncated: (header: string, field: string): Column => ({ kind: 'truncated', header, field }),
  /** Like December 05, 2024 03:30 PM. */
  dateTime: (header: string, field: string): Column => ({ kind: 'dateTime', header, field }),
};

export type PagedListDeclaration = {
  /** Query key root. */
  key: string;
  /** The screen's title and menu label. */
  title: string;
  menuIcon: Icon;
  route: string;
  /** The page call under /api: page and limit go in its query string. */
  api: string;
  /** The record's fields beside _id: text, or a date. */
  record: Record<string, 'text' | 'date'>;
  columns: Column[];
  emptyText: string;
};

export type PagedListRecord = { _id: string } & Record<string, string | null>;
export type PagedList = PagedListDeclaration;

/** Checks a declaration's shape at compile time; the declaration is the list. */
export const definePagedList = (declaration: PagedListDeclaration): PagedList => declaration;
