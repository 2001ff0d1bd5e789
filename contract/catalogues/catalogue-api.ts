import type { Feature } from '../features';
import type { UploadKind } from '../limits';

/**
 * What every catalogue's contract (contract/catalogues/<name>.ts) is written in: the shape of a catalogue's calls,
 * fields and files, and the parts most of them share. contract/catalogues.ts gathers the catalogues.
 */

/**
 * A field a write takes, with the rule the API checks it by (contract/rules.ts) and the label its refusals use
 * ('Expire date is required'). A catalogue's fields are listed in the order the API checks them: the first refusal
 * is the answer, and names its field.
 */
export type CatalogueField = { label: string } & (
  | {
      type: 'text';
      required?: boolean;
      /** At most this many characters; contract/limits.ts's default otherwise. */
      max?: number;
      /** Rich text, which the activity log says changed rather than quoting. */
      html?: boolean;
      email?: boolean;
      /** The only values taken: 'Plan type must be one of free, silver, gold, platinum'. */
      oneOf?: readonly string[];
      /** An extension's field: taken, answered and shown only where the API announces `feature`. */
      feature?: Feature;
    }
  /** A time of day, HH:mm; `after`: it must be later than another time field, or the write is refused so. */
  | { type: 'time'; required?: boolean; after?: { field: string; message: string } }
  | { type: 'bool'; required?: boolean }
  /** `integer`: whole numbers only. */
  | { type: 'number'; required?: boolean; min: number; max: number; integer?: boolean }
  /** `notPast`: a new date is today (UTC) or later; an update may keep the stored one. */
  | { type: 'date'; required?: boolean; notPast?: boolean }
  /**
   * The id of a record of another catalogue (`to`, that catalogue's contract); answered as that id, or with
   * `populated` as the record's { _id, name }.
   */
  | { type: 'ref'; required?: boolean; to: CatalogueApi; populated?: boolean }
);

/** A multipart file a write takes, by the name it travels under; its stored path is answered as `field`. */
export type CatalogueFile = {
  field: string;
  kind: UploadKind;
  /** Names the file in refusals: 'Brand logo must be a PNG, JPEG, WebP or GIF image'. */
  label: string;
  /** The refusal when a create comes without it; without one the file is optional. */
  requiredOnCreate?: string;
};

export type CataloguePaths = {
  /** Every record at once ('… listAll'). */
  listAll?: string;
  /** A page at a time (page, limit; pagination.count). */
  list?: string;
  /** ':id' is the record's id. */
  read: string;
  create: string;
  update: string;
  remove?: string;
};

export type CatalogueApi = {
  /** What the API calls a record in its answers: '<label> not found', '<label> created successfully'. */
  label: string;
  paths: CataloguePaths;
  /** The query SPEC 7's list call sends with its list path ('enabled=true&sortBy=enabled'). */
  listQuery?: string;
  /** Which writes SPEC 7 sends as multipart (the others as JSON); the API takes either where a file may come. */
  multipart?: readonly ('create' | 'update')[];
  fields: Record<string, CatalogueField>;
  /** By multipart name, checked after the fields. */
  files?: Record<string, CatalogueFile>;
  /**
   * What the API answers beside the fields a write takes: `creator` the user who created the record
   * ({ _id, name, surname }), `users` a list of users, `count` a number.
   */
  answers?: Record<string, 'creator' | 'users' | 'count'>;
  /**
   * A `users` answer the API pages by its own route (`path`, searched, a page at a time) when it announces `feature`:
   * the record then carries the first `inline` of them, and their number under `count`.
   */
  pagedUsers?: { field: string; count: string; path: string; feature: Feature; inline: number };
  /** One record at most: a second create is refused. */
  singleRecord?: boolean;
};

export const enabled = { label: 'Enabled', type: 'bool', required: true } as const;
export const name = (max: number) => ({ label: 'Name', type: 'text', required: true, max }) as const;
export const icon = {
  icon: { field: 'icon', kind: 'image', label: 'Icon', requiredOnCreate: 'Please upload an image' },
} as const;

/** The usual calls of a collection: listAll, read, create, update and delete, each under `<collection>/`. */
export const calls = (collection: string): CataloguePaths => ({
  listAll: `${collection}/listAll`,
  read: `${collection}/read/:id`,
  create: `${collection}/create`,
  update: `${collection}/update/:id`,
  remove: `${collection}/delete/:id`,
});

/** The same with a page at a time (`<collection>/list`) for every record at once. */
export const pagedCalls = (collection: string): CataloguePaths => {
  const { listAll: _everyRecord, ...rest } = calls(collection);
  return { ...rest, list: `${collection}/list` };
};

/** 'hobbies/read/:id' → 'hobbies/read': a path as the server registers it, before its ':id'. */
export const withoutId = (path: string) => path.replace(/\/:id$/, '');
