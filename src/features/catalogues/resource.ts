import { z } from 'zod/mini';
import { defineResource, toFormData, type PageRequest } from '@/lib/data/resource';
import { flag, id, optionalDate, optionalNumber, optionalPath, text } from '@/lib/data/schemas';
import { version } from '@/lib/core/versioned-update';
import { withId, type Catalogue, type CatalogueRecord, type Ref } from './define-catalogue';

/** What a catalogue form sends: its fields' values, `enabled` as a boolean, numbers, files when chosen. */
export type CatalogueInput = Record<string, string | number | boolean | File | null>;

const ref = z.pipe(
  z.nullish(z.union([z.object({ _id: id, name: text, surname: z.optional(text) }), id])),
  z.transform((value): Ref | null =>
    !value
      ? null
      : typeof value === 'string'
        ? { _id: value, name: '' }
        : { _id: value._id, name: value.name, ...(value.surname ? { surname: value.surname } : {}) },
  ),
);

const RECORD_FIELD = {
  /** Text; '' when missing. */
  text,
  /** A stored file's path; null when missing. */
  path: optionalPath,
  /** A number (numeric strings too); null when missing. */
  number: optionalNumber,
  /** An ISO date; null when missing. */
  date: optionalDate,
  /** A boolean ('true' / 'false' too). */
  flag,
  /** A user or record referred to: populated ({ _id, name }, a user's surname too), a bare id, or nothing. */
  ref,
  /** A list of them. */
  refs: z.pipe(
    z.nullish(z.array(ref)),
    z.transform((list) => (list ?? []).filter((item): item is Ref => item !== null)),
  ),
};

export { loadCatalogue } from './registry';
export { sortFieldsOf } from '@/lib/declared-columns';

/** The record's schema, from the declaration's `record` (messy data tolerated, as everywhere). */
export function catalogueItem(catalogue: Catalogue) {
  const shape = Object.fromEntries(
    Object.entries(catalogue.record).map(([name, kind]) => [name, RECORD_FIELD[kind]]),
  );
  return z.object({
    _id: id,
    enabled: flag,
    ...shape,
    updatedAt: version,
  }) as unknown as z.ZodMiniType<CatalogueRecord>;
}

function build(catalogue: Catalogue) {
  const { api, failures } = catalogue;
  // Keyed by the records the calls work on, the screen's own lists apart: a write refreshes every reading of the
  // records, the other screen over the same calls (languages and language speak) and the choices other forms offer
  // from them (a blog's category) alike.
  return defineResource<CatalogueRecord, CatalogueInput>({
    key: collection(api.list),
    view: catalogue.key,
    item: catalogueItem(catalogue),
    endpoints: {
      ...(catalogue.paginated ? { page: api.list } : { list: api.list }),
      detail: (id) => withId(api.read, id),
      create: api.create,
      update: (id) => withId(api.update, id),
      remove: api.remove ? (id) => withId(api.remove!, id) : undefined,
    },
    // DECISIONS: in multipart bodies enabled is the text 'true' / 'false'; a file goes only when chosen.
    toRequest: (input, write) =>
      catalogue.multipart?.includes(write)
        ? { body: toFormData(input) }
        : { json: Object.fromEntries(Object.entries(input).filter(([, value]) => !(value instanceof File))) },
    meta: {
      list: { errorFallback: failures?.list },
      create: { errorFallback: failures?.save },
      update: { errorFallback: failures?.save },
      remove: { errorFallback: failures?.remove?.failed, refusedFallback: failures?.remove?.refused },
    },
  });
}

/** The API collection a path belongs to: 'blog-category/listAll' → 'blog-category'. */
const collection = (path: string) => path.split('/')[0]!;

const resources = new Map<string, ReturnType<typeof build>>();

/** The catalogue's queries and mutations (one per catalogue, built on first use). */
export function catalogueResource(catalogue: Catalogue) {
  let resource = resources.get(catalogue.key);
  if (!resource) {
    resource = build(catalogue);
    resources.set(catalogue.key, resource);
  }
  return resource;
}

const choiceItem = z.object({ _id: id, name: text });
const choiceLists = new Map<string, ReturnType<typeof buildChoices>>();

/** Another reading of the records `from` lists, beside their catalogue's screens: their writes refresh it. */
function buildChoices(from: string) {
  return defineResource({
    key: collection(from),
    view: 'choices',
    item: choiceItem,
    endpoints: { list: from },
  });
}

/** The records a form's choice field offers (every record of `from`, a listAll call). */
export function choicesResource(from: string) {
  let resource = choiceLists.get(from);
  if (!resource) {
    resource = buildChoices(from);
    choiceLists.set(from, resource);
  }
  return resource;
}

const personItem = z.object({ _id: id, name: text, surname: z.optional(text), email: text });
export type Person = z.output<typeof personItem>;
type PeopleRequest = PageRequest & { id: string; search: string };
const peopleLists = new Map<string, ReturnType<typeof buildPeople>>();

function buildPeople(path: string) {
  return defineResource<Person, never, PeopleRequest>({
    key: `people:${path}`,
    item: personItem,
    endpoints: { page: (request) => withId(path, request.id) },
    pageParams: ({ page, size, search }) => ({ page, limit: size, q: search }),
  });
}

/** The users of a `people` column a page at a time, searched (its `pages` path, e.g. an event's joined users). */
export function peopleResource(path: string) {
  let resource = peopleLists.get(path);
  if (!resource) {
    resource = buildPeople(path);
    peopleLists.set(path, resource);
  }
  return resource;
}
