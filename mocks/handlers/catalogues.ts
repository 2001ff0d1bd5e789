import { http, type HttpHandler } from 'msw';
import type { Catalogue } from '@/features/catalogues/define-catalogue';
import type { PeopleColumn } from '@/lib/declared-columns';
import { matchesEveryWord, searchWords } from '@contract/search-words';
import { CATALOGUES } from '@/features/catalogues/registry';
import { changeSummary, recordActivity, recordTypeOf } from '../activity';
import type { MockCatalogueRecord } from '../catalogue-fixtures';
import { db, nextId } from '../db';
import { apiPath, fail, notFound, ok, refuseWithoutAdmin } from '../http';
import { formBody, id, nocase, paginate, paging, refusing, search, sortRows } from '../rules';
import { memberAnswer, offers } from '../scenario';
import { nextVersion, refuseStaleWrite } from '../versions';

/** 'eventcategory/listAll?enabled=true' → 'eventcategory': the db collection a catalogue's calls work on. */
export const collectionOf = (catalogue: Catalogue) => catalogue.api.list.split('/')[0]!;

const bare = (path: string) => path.split('?')[0]!;

/** A record's name or title, as the activity log keeps it. */
const nameOf = (row: MockCatalogueRecord) => String(row.name ?? row.title ?? '');

async function readBody(request: Request): Promise<Record<string, unknown>> {
  if ((request.headers.get('content-type') ?? '').includes('multipart/form-data')) {
    return Object.fromEntries((await formBody(request)).entries());
  }
  return ((await request.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
}

/** Duck-typed: under jsdom the global File is not the one MSW's FormData holds. */
const isFile = (value: unknown): value is File =>
  typeof value === 'object' && value !== null && 'arrayBuffer' in value;

/** An uploaded icon kept as a data: URL, so the list can show it (and it survives as plain text). */
async function storedFile(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:${file.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}

const isBoolean = (value: unknown) =>
  value === true || value === false || value === 'true' || value === 'false';
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * The reference server's checks, as far as the console can trip them: required fields, booleans, numbers of at
 * least their minimum, dates, fixed choices, a choice among another list's records, images.
 */
async function values(catalogue: Catalogue, body: Record<string, unknown>, stored?: MockCatalogueRecord) {
  const out: Record<string, MockCatalogueRecord[string]> = {};
  for (const field of catalogue.fields) {
    // The request's name for the field, which a refusal names.
    const sent = field.kind === 'icon' ? (field.upload ?? field.name) : field.name;
    const value = body[sent];
    const present = value !== undefined && value !== null && value !== '';
    switch (field.kind) {
      case 'status':
      case 'yesNo':
        if (!isBoolean(value)) return { problem: `${field.label} is required`, field: sent };
        out[field.name] = value === true || value === 'true';
        break;
      case 'icon':
        if (isFile(value)) out[field.name] = await storedFile(value);
        else if (!stored?.[field.name]) return { problem: field.required, field: sent };
        break;
      case 'number': {
        if (!present) {
          if (field.required) return { problem: `${field.label} is required`, field: sent };
          out[field.name] = null;
          break;
        }
        const number = typeof value === 'number' ? value : DECIMAL.test(String(value)) ? Number(value) : NaN;
        if (Number.isNaN(number) || number < field.min)
          return { problem: `${field.label} must be a number of at least ${field.min}`, field: sent };
        if (field.whole && !Number.isInteger(number))
          return { problem: `${field.label} must be a whole number`, field: sent };
        out[field.name] = number;
        break;
      }
      case 'date':
        if (typeof value !== 'string' || Number.isNaN(Date.parse(value)))
          return { problem: `${field.label} must be a date`, field: sent };
        out[field.name] = new Date(value).toISOString();
        break;
      case 'select':
        if (!field.options.some((option) => option.value === value))
          return {
            problem: `${field.label} must be one of ${field.options.map((option) => option.value).join(', ')}`,
            field: sent,
          };
        out[field.name] = value as string;
        break;
      case 'choice': {
        if (!present && !field.required) break;
        const chosen = (db.catalogues[field.from.split('/')[0]!] ?? []).find((row) => row._id === value);
        if (!chosen) return { problem: `${field.label} not found`, field: sent };
        // A `ref` field answers with the record it names ({ _id, name }), as the server's events do.
        out[field.name] =
          catalogue.record[field.name] === 'ref'
            ? { _id: chosen._id, name: String(chosen.name) }
            : chosen._id;
        break;
      }
      case 'time':
        if (typeof value !== 'string' || !/^([01]\d|2[0-3]):[0-5]\d$/.test(value.trim()))
          return { problem: `${field.label} must be a time of day (HH:mm)`, field: sent };
        out[field.name] = value.trim();
        break;
      default:
        if (typeof value !== 'string' || !value.trim())
          return { problem: `${field.label} is required`, field: sent };
        out[field.name] = value.trim();
    }
  }
  for (const field of catalogue.fields)
    if (field.kind === 'time' && field.after && String(out[field.name]) <= String(out[field.after.field]))
      return { problem: field.after.message, field: field.name };
  return { out };
}

type Person = { _id: string; name: string; surname: string };

/** How many users a `people` field carries inline when the API counts and pages them (DECISIONS). */
const INLINE_PEOPLE = 50;

const byNameThenId = (a: Person, b: Person) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;

const peopleColumns = (catalogue: Catalogue) =>
  (catalogue.columns ?? []).filter((column): column is PeopleColumn => column.kind === 'people');

/**
 * A record as the API answers it. A `people` field (an event's joinedUsers) is ordered by name: all of it in SPEC's
 * shape, or, where the API announces its paged route, the first 50 and their count (`count`). Users referred to
 * (an event's userId) as the API names them (memberAnswer).
 */
function answerOf(catalogue: Catalogue) {
  const columns = peopleColumns(catalogue);
  return (row: MockCatalogueRecord): MockCatalogueRecord => {
    if (!columns.length) return row;
    const answer = { ...row };
    if (row.userId) answer.userId = memberAnswer(row.userId as Person) as Person;
    for (const { field, count, pages } of columns) {
      const people = [...((row[field] as Person[] | null) ?? [])]
        .sort(byNameThenId)
        .map((person) => memberAnswer(person) as Person);
      const paged = pages && count && offers(pages.feature);
      answer[field] = paged ? people.slice(0, INLINE_PEOPLE) : people;
      if (paged) answer[count] = people.length;
    }
    return answer;
  };
}

/**
 * The routes that page a `people` field (event/joined/:id): its users ordered by name then id, each with the
 * e-mail of their account, searched by name, surname or e-mail.
 */
function peopleHandlers(catalogue: Catalogue, find: (id: unknown) => MockCatalogueRecord | undefined) {
  const label = catalogue.formTitle ?? catalogue.title;
  return peopleColumns(catalogue).flatMap(({ field, pages }) =>
    pages
      ? [
          http.get(
            apiPath(pages.path),
            refusing(({ request, params }) => {
              const refusal = refuseWithoutAdmin(request);
              if (refusal) return refusal;
              if (!offers(pages.feature)) return fail(404, 'No such API route');
              const row = find(id(params.id));
              if (!row) return notFound(label);
              const url = new URL(request.url);
              const text = search(url.searchParams.get('q'))?.toLowerCase();
              const people = [...((row[field] as Person[] | null) ?? [])].sort(byNameThenId).map((person) => {
                const account = db.users.find((user) => user._id === person._id);
                return { ...person, email: account?.email ?? '' };
              });
              const words = text && text.length >= 2 ? searchWords(text) : [];
              const found = people.filter((person) =>
                matchesEveryWord(words, [person.name, person.surname, person.email]),
              );
              const { result, pagination } = paginate(found, url);
              return ok({
                result: result.map(({ _id, name, surname, email }) => ({ _id, name, surname, email })),
                pagination,
              });
            }),
          ),
        ]
      : [],
  );
}

const text = (field: string) => (row: MockCatalogueRecord) => [nocase(row[field] as string | null)];
const value = (field: string) => (row: MockCatalogueRecord) => [
  (row[field] as string | number | null) ?? null,
];
const status = (row: MockCatalogueRecord) => [row.enabled ? 1 : 0];

type Rows = readonly MockCatalogueRecord[];
const byId = (row: MockCatalogueRecord) => row._id;

/** Each paginated list's sort (contract/sort-fields.ts), by collection. */
const SORTS: Record<string, (rows: Rows, url: URL) => Rows> = {
  offer: (rows, url) =>
    sortRows(rows, url, 'offer', { title: text('title'), expireDate: value('expireDate'), status }, byId),
  plan: (rows, url) => sortRows(rows, url, 'plan', { name: text('name'), status }, byId),
  blog: (rows, url) => sortRows(rows, url, 'blogs', { title: text('title'), status }, byId),
  'blog-category': (rows, url) => sortRows(rows, url, 'blogCategory', { name: text('name'), status }, byId),
  event: (rows, url) =>
    sortRows(
      rows,
      url,
      'events',
      { name: text('name'), venue: text('venue'), date: value('date'), created: value('createdAt') },
      byId,
    ),
};

/** A page of a paginated list, in the order its query asks (the server checks paging, then the sort). */
function page(
  collection: string,
  rows: MockCatalogueRecord[],
  url: URL,
  answer: (row: MockCatalogueRecord) => MockCatalogueRecord,
) {
  paging(url);
  const { result, pagination } = paginate(
    (SORTS[collection] ?? ((unsorted: Rows) => unsorted))(rows, url),
    url,
  );
  return ok({ result: result.map(answer), pagination });
}

function handlersFor(catalogue: Catalogue): HttpHandler[] {
  const collection = collectionOf(catalogue);
  const rows = () => (db.catalogues[collection] ??= []);
  const find = (id: unknown) => rows().find((row) => row._id === id);
  const label = catalogue.formTitle ?? catalogue.title;
  const recordType = recordTypeOf(collection);
  const htmlFields = catalogue.fields.flatMap((field) => (field.kind === 'html' ? [field.name] : []));
  const guarded =
    (handle: (request: Request, params: Record<string, unknown>) => Response | Promise<Response>) =>
    ({ request, params }: { request: Request; params: Record<string, unknown> }) =>
      refuseWithoutAdmin(request) ?? handle(request, params);

  const answer = answerOf(catalogue);

  const handlers = [
    http.get(
      apiPath(bare(catalogue.api.list)),
      catalogue.paginated
        ? refusing(guarded((request) => page(collection, rows(), new URL(request.url), answer)))
        : guarded(() => ok({ result: rows().map(answer), pagination: { count: rows().length } })),
    ),
    http.get(
      apiPath(catalogue.api.read),
      guarded((_request, params) => {
        const row = find(params.id);
        return row ? ok({ result: answer(row) }) : notFound(label);
      }),
    ),
    ...peopleHandlers(catalogue, find),
    http.post(
      apiPath(catalogue.api.create),
      guarded(async (request) => {
        if (catalogue.singleRecord && rows().length)
          return fail(409, 'A setting record already exists; update it instead');
        const { out, problem, field } = await values(catalogue, await readBody(request));
        if (problem) return fail(400, problem, field);
        const now = new Date().toISOString();
        // What the server fills itself: the author of what an admin creates, and no one who joined yet.
        const filled = Object.fromEntries(
          Object.entries(catalogue.record).flatMap(([name, kind]): [string, unknown][] =>
            name === 'userId' && kind === 'ref'
              ? [[name, { _id: db.admin._id, name: db.admin.name, surname: db.admin.surname }]]
              : kind === 'refs'
                ? [[name, []]]
                : [],
          ),
        );
        const row = {
          _id: nextId(),
          ...filled,
          ...out,
          createdAt: now,
          updatedAt: now,
        } as MockCatalogueRecord;
        // Paginated lists show the newest first, as the server does.
        if (catalogue.paginated) rows().unshift(row);
        else rows().push(row);
        recordActivity({
          action: 'create',
          recordType,
          recordId: row._id,
          recordName: nameOf(row),
          summary: 'Created',
        });
        return ok({ message: `${label} created successfully`, result: answer(row) });
      }),
    ),
    http.patch(
      apiPath(catalogue.api.update),
      guarded(async (request, params) => {
        const row = find(params.id);
        if (!row) return notFound(label);
        const { out, problem, field } = await values(catalogue, await readBody(request), row);
        if (problem) return fail(400, problem, field);
        const stale = refuseStaleWrite(request, row.updatedAt as string | undefined);
        if (stale) return stale;
        const summary = changeSummary(row, out ?? {}, htmlFields);
        Object.assign(row, out, { updatedAt: nextVersion(row.updatedAt as string | undefined) });
        recordActivity({ action: 'update', recordType, recordId: row._id, recordName: nameOf(row), summary });
        return ok({ message: `${label} updated successfully`, result: answer(row) });
      }),
    ),
  ];
  if (catalogue.api.remove) {
    handlers.push(
      http.delete(
        apiPath(catalogue.api.remove),
        guarded((_request, params) => {
          const row = find(params.id);
          if (!row) return notFound(label);
          db.catalogues[collection] = rows().filter((other) => other !== row);
          recordActivity({
            action: 'delete',
            recordType,
            recordId: row._id,
            recordName: nameOf(row),
            summary: 'Deleted',
          });
          return ok({ message: `${label} deleted successfully` });
        }),
      ),
    );
  }
  return handlers;
}

/** The lists that choice fields offer (a blog's category from blog-category/listAll): every record. */
const choiceLists = [
  ...new Set(
    CATALOGUES.flatMap((catalogue) => catalogue.fields).flatMap((field) =>
      field.kind === 'choice' ? [field.from] : [],
    ),
  ),
]
  // A list a catalogue already serves (event categories) is answered by that catalogue's handler.
  .filter((from) => !CATALOGUES.some((catalogue) => bare(catalogue.api.list) === bare(from)))
  .map((from) =>
    http.get(apiPath(bare(from)), ({ request }) => {
      const refusal = refuseWithoutAdmin(request);
      const rows = db.catalogues[from.split('/')[0]!] ?? [];
      return refusal ?? ok({ result: rows, pagination: { count: rows.length } });
    }),
  );

/** The mock API of every catalogue, generated from the registry (screens sharing calls share handlers). */
export const catalogueHandlers = [
  ...CATALOGUES.filter(
    (catalogue, index) => CATALOGUES.findIndex((other) => other.api.list === catalogue.api.list) === index,
  ).flatMap(handlersFor),
  ...choiceLists,
];
