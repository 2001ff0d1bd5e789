import type { Icon } from '@tabler/icons-react';
import type { DeclaredColumn } from '@/lib/declared-columns';
import type { Permission } from '@/lib/features';

/**
 * The vocabulary of a read-only, server-paginated list (contact messages, feedback, chat reports and blocks; sent
 * mail next): one declaration file each, gathered in registry.ts, shown by one generic screen, its columns in the
 * lists' one vocabulary (lib/declared-columns.ts). Plain data, as the router and the menu import it: the record's
 * schema is built in resource.ts, with the screen.
 */

/**
 * A user as lists reference one: a link to their profile. `fullName` is what a list shows of them as text (name and
 * surname, as far as the API gives them).
 */
export type Person = { _id: string; name: string; surname: string; email: string; fullName: string };
/** A chat thread's participants. */
export type Thread = { user_id: Person[] };

export type PagedListDeclaration = {
  /** Query key root. */
  key: string;
  /** The screen's title (its card's title) and menu label. */
  title: string;
  menuIcon: Icon;
  route: string;
  /** What a role needs to open the list ('roles'; contract/roles.ts). */
  permission: Permission;
  /** The page call under /api: page and limit go in its query string. */
  api: string;
  /** The record's fields beside _id. */
  record: Record<string, 'text' | 'date' | 'number' | 'person' | 'thread'>;
  columns: DeclaredColumn[];
  emptyText: string;
};

export type PagedList = PagedListDeclaration;

/** Checks a declaration's shape at compile time; the declaration is the list. */
export const definePagedList = (declaration: PagedListDeclaration): PagedList => declaration;
