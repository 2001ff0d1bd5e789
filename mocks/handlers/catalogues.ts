import { http, type HttpHandler } from 'msw';
import {
  CATALOGUE_API,
  type CatalogueApi,
  type CatalogueField,
  type CatalogueName,
  type CataloguePaths,
} from '@contract/catalogues';
import {
  checkBool,
  checkDate,
  checkNumber,
  checkText,
  isEmpty,
  Refusal as RuleRefusal,
  TIME_OF_DAY,
} from '@contract/rules';
import { matchesEveryWord, searchWords } from '@contract/search-words';
import { changeSummary, recordActivity, recordTypeOf } from '../activity';
import type { MockCatalogueRecord } from '../catalogue-fixtures';
import { db, nextId } from '../db';
import { apiPath, fail, notFound, ok, refuseWithoutAdmin } from '../http';
import {
  formBody,
  id,
  imageFile,
  jsonBody,
  listAllQuery,
  nocase,
  paginate,
  paging,
  Refusal,
  refusing,
  search,
  sortRows,
} from '../rules';
import { memberAnswer, offers } from '../scenario';
import { nextVersion, refuseStaleWrite } from '../versions';

/** The path a catalogue's list is read from: a page at a time where the API pages it, else every record. */
const listPath = (paths: CataloguePaths) => (paths.list ?? paths.listAll)!;

/**
 * 'eventcategory/listAll' → 'eventcategory': the db collection a catalogue's calls work on, from its list call (a
 * contract catalogue's, or a console declaration's `api.list`).
 */
export const collectionOf = (catalogue: { api: { list: string } }) => catalogue.api.list.split('/')[0]!;

const collectionOfApi = (api: CatalogueApi) => collectionOf({ api: { list: listPath(api.paths) } });

/** A record's name or title, as the activity log keeps it. */
const nameOf = (row: MockCatalogueRecord) => String(row.name ?? row.title ?? '');

/** Duck-typed: under jsdom the global File is not the one MSW's FormData holds. */
const isFile = (value: unknown): value is File =>
  typeof value === 'object' && value !== null && 'arrayBuffer' in value;

/** An uploaded file kept as a data: URL, so the list can show it (and it survives as plain text). */
async function storedFile(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return `data:${file.type || 'application/octet-stream'};base64,${btoa(binary)}`;
}

/** A contract rule's value, or its refusal thrown as the 400 that names `field`. */
function taken<T>(result: T | RuleRefusal, field: string): T {
  if (result instanceof RuleRefusal) throw new Refusal(400, result.message, field);
  return result;
}

/** Midnight UTC today: the server's earliest day for a date that may not be past. */
function startOfTodayUtc() {
  const today = new Date();
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}

/** The id of a record of another catalogue, refused as the server's ref rule refuses it. */
function reference(name: string, field: Extract<CatalogueField, { type: 'ref' }>, value: unknown) {
  if (isEmpty(value)) {
    if (field.required) throw new Refusal(400, `${field.label} is required`, name);
    return undefined;
  }
  if (typeof value !== 'string') throw new Refusal(400, `${field.label} must be an id`, name);
  const chosen = (db.catalogues[collectionOfApi(field.to)] ?? []).find((row) => row._id === value.trim());
  if (!chosen) throw new Refusal(400, `${field.label} not found`, name);
  return field.populated ? { _id: chosen._id, name: String(chosen.name) } : chosen._id;
}

/** One field of a write by its contract rule: undefined when not sent (left alone). */
function fieldValue(
  name: string,
  field: CatalogueField,
  value: unknown,
): MockCatalogueRecord[string] | undefined {
  switch (field.type) {
    case 'text':
      return taken(checkText(field.label, value, field), name);
    case 'time':
      return taken(
        checkText(field.label, value, { required: field.required, max: 5, format: TIME_OF_DAY }),
        name,
      );
    case 'bool':
      return taken(checkBool(field.label, value, field), name);
    case 'number':
      return taken(checkNumber(field.label, value, field), name);
    case 'date':
      return taken(checkDate(field.label, value, field), name);
    case 'ref':
      return reference(name, field, value);
  }
}

/**
 * A write's values by the contract's rules, in the server's order: the fields, then a new date that must not be past
 * and a time that must follow another, then the files. `stored` is the record an update changes. A refusal is thrown.
 */
async function values(api: CatalogueApi, body: Record<string, unknown>, stored?: MockCatalogueRecord) {
  const out: Record<string, MockCatalogueRecord[string]> = {};
  for (const [name, field] of Object.entries(api.fields)) {
    // SPEC's API takes no extension's field: it ignores it, as it ignores any name it does not know.
    if (field.type === 'text' && field.feature && !offers(field.feature)) continue;
    const value = fieldValue(name, field, Object.hasOwn(body, name) ? body[name] : undefined);
    // A create stores what was not sent empty, as the server's columns default.
    if (value !== undefined) out[name] = value;
    else if (!stored) out[name] = field.type === 'text' ? '' : null;
  }
  for (const [name, field] of Object.entries(api.fields)) {
    const value = out[name];
    if (field.type === 'date' && field.notPast && typeof value === 'string') {
      const unchanged = stored && Date.parse(String(stored[name])) === Date.parse(value);
      if (!unchanged && Date.parse(value) < startOfTodayUtc())
        throw new Refusal(400, `${field.label} must be today or later`, name);
    }
    if (field.type === 'time' && field.after && String(value) <= String(out[field.after.field]))
      throw new Refusal(400, field.after.message, name);
  }
  for (const [sentAs, file] of Object.entries(api.files ?? {})) {
    const sent = body[sentAs];
    const image = isFile(sent) ? await imageFile(file.label, sent) : undefined;
    if (image) out[file.field] = await storedFile(image);
    else if (!stored && file.requiredOnCreate) throw new Refusal(400, file.requiredOnCreate, sentAs);
  }
  return out;
}

/** A write's body: a form where SPEC 7 sends this write as multipart (JSON too), else JSON. */
async function readBody(api: CatalogueApi, write: 'create' | 'update', request: Request) {
  const form = /multipart\/form-data|application\/x-www-form-urlencoded/i.test(
    request.headers.get('content-type') ?? '',
  );
  if (form && api.multipart?.includes(write)) return Object.fromEntries((await formBody(request)).entries());
  return jsonBody(request);
}

type Person = { _id: string; name: string; surname: string };

const byNameThenId = (a: Person, b: Person) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a._id < b._id ? -1 : a._id > b._id ? 1 : 0;

/**
 * A record as the API answers it. Its users (an event's joinedUsers) are ordered by name: all of them, or, where the
 * API announces their paged route, the first few and their count. Users referred to (an event's userId) as the API
 * names them (memberAnswer).
 */
function answerOf(api: CatalogueApi) {
  const creators = Object.entries(api.answers ?? {}).flatMap(([name, kind]) =>
    kind === 'creator' ? [name] : [],
  );
  const users = Object.entries(api.answers ?? {}).flatMap(([name, kind]) => (kind === 'users' ? [name] : []));
  const extensions = Object.entries(api.fields).flatMap(([name, field]) =>
    field.type === 'text' && field.feature ? [[name, field.feature] as const] : [],
  );
  return (row: MockCatalogueRecord): MockCatalogueRecord => {
    // An extension's field is answered only where the API offers it, as SPEC's API knows none.
    const hidden = extensions.filter(([, feature]) => !offers(feature));
    if (!creators.length && !users.length && !hidden.length) return row;
    const answer = { ...row };
    for (const [name] of hidden) delete answer[name];
    for (const name of creators) if (row[name]) answer[name] = memberAnswer(row[name] as Person) as Person;
    for (const name of users) {
      const people = [...((row[name] as Person[] | null) ?? [])]
        .sort(byNameThenId)
        .map((person) => memberAnswer(person) as Person);
      const paged =
        api.pagedUsers?.field === name && offers(api.pagedUsers.feature) ? api.pagedUsers : undefined;
      answer[name] = paged ? people.slice(0, paged.inline) : people;
      if (paged) answer[paged.count] = people.length;
    }
    return answer;
  };
}

/**
 * The route that pages a record's users (event/joined/:id): ordered by name then id, each with the e-mail of their
 * account, searched by name, surname or e-mail.
 */
function pagedUsersHandler(api: CatalogueApi, find: (id: unknown) => MockCatalogueRecord | undefined) {
  const { pagedUsers } = api;
  if (!pagedUsers) return [];
  return [
    http.get(
      apiPath(pagedUsers.path),
      refusing(({ request, params }) => {
        const refusal = refuseWithoutAdmin(request);
        if (refusal) return refusal;
        if (!offers(pagedUsers.feature)) return fail(404, 'No such API route');
        const row = find(id(params.id));
        if (!row) return notFound(api.label);
        const url = new URL(request.url);
        const text = search(url.searchParams.get('q'))?.toLowerCase();
        const people = [...((row[pagedUsers.field] as Person[] | null) ?? [])]
          .sort(byNameThenId)
          .map((person) => {
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
  ];
}

const text = (field: string) => (row: MockCatalogueRecord) => [nocase(row[field] as string | null)];
const value = (field: string) => (row: MockCatalogueRecord) => [
  (row[field] as string | number | null) ?? null,
];
const status = (row: MockCatalogueRecord) => [row.enabled ? 1 : 0];

type Rows = readonly MockCatalogueRecord[];
const byId = (row: MockCatalogueRecord) => row._id;

/** Each paged list's sort (contract/sort-fields.ts), by catalogue. */
const SORTS: Partial<Record<CatalogueName, (rows: Rows, url: URL) => Rows>> = {
  offer: (rows, url) =>
    sortRows(rows, url, 'offer', { title: text('title'), expireDate: value('expireDate'), status }, byId),
  plan: (rows, url) => sortRows(rows, url, 'plan', { name: text('name'), status }, byId),
  blogs: (rows, url) => sortRows(rows, url, 'blogs', { title: text('title'), status }, byId),
  blogCategory: (rows, url) => sortRows(rows, url, 'blogCategory', { name: text('name'), status }, byId),
  events: (rows, url) =>
    sortRows(
      rows,
      url,
      'events',
      { name: text('name'), venue: text('venue'), date: value('date'), created: value('createdAt') },
      byId,
    ),
};

function handlersFor(catalogue: CatalogueName): HttpHandler[] {
  const api: CatalogueApi = CATALOGUE_API[catalogue];
  const { paths, label } = api;
  const collection = collectionOfApi(api);
  const rows = () => (db.catalogues[collection] ??= []);
  const find = (id: unknown) => rows().find((row) => row._id === id);
  const recordType = recordTypeOf(collection);
  const htmlFields = Object.entries(api.fields).flatMap(([name, field]) =>
    field.type === 'text' && field.html ? [name] : [],
  );
  const answer = answerOf(api);
  const sort = SORTS[catalogue] ?? ((unsorted: Rows) => unsorted);
  const guarded =
    (handle: (request: Request, params: Record<string, unknown>) => Response | Promise<Response>) =>
    ({ request, params }: { request: Request; params: Record<string, unknown> }) =>
      refuseWithoutAdmin(request) ?? handle(request, params);

  const handlers = [
    ...(paths.listAll
      ? [
          http.get(
            apiPath(paths.listAll),
            refusing(
              guarded((request) => {
                listAllQuery(new URL(request.url));
                return ok({ result: rows().map(answer), pagination: { count: rows().length } });
              }),
            ),
          ),
        ]
      : []),
    ...(paths.list
      ? [
          http.get(
            apiPath(paths.list),
            // The server checks paging, then the sort.
            refusing(
              guarded((request) => {
                const url = new URL(request.url);
                paging(url);
                const { result, pagination } = paginate(sort(rows(), url), url);
                return ok({ result: result.map(answer), pagination });
              }),
            ),
          ),
        ]
      : []),
    http.get(
      apiPath(paths.read),
      refusing(
        guarded((_request, params) => {
          const row = find(id(params.id));
          return row ? ok({ result: answer(row) }) : notFound(label);
        }),
      ),
    ),
    ...pagedUsersHandler(api, find),
    http.post(
      apiPath(paths.create),
      refusing(
        guarded(async (request) => {
          const out = await values(api, await readBody(api, 'create', request));
          if (api.singleRecord && rows().length)
            return fail(409, `A ${label.toLowerCase()} record already exists; update it instead`);
          const now = new Date().toISOString();
          // What the server fills itself: the author of what an admin creates, and no one who joined yet.
          const filled = Object.fromEntries(
            Object.entries(api.answers ?? {}).flatMap(([name, kind]): [string, unknown][] =>
              kind === 'creator'
                ? [[name, { _id: db.admin._id, name: db.admin.name, surname: db.admin.surname }]]
                : kind === 'users'
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
          // Paged lists show the newest first, as the server does.
          if (paths.list) rows().unshift(row);
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
    ),
    http.patch(
      apiPath(paths.update),
      refusing(
        guarded(async (request, params) => {
          const row = find(id(params.id));
          if (!row) return notFound(label);
          const out = await values(api, await readBody(api, 'update', request), row);
          const stale = refuseStaleWrite(request, row.updatedAt as string | undefined);
          if (stale) return stale;
          const summary = changeSummary(row, out, htmlFields);
          Object.assign(row, out, { updatedAt: nextVersion(row.updatedAt as string | undefined) });
          recordActivity({
            action: 'update',
            recordType,
            recordId: row._id,
            recordName: nameOf(row),
            summary,
          });
          return ok({ message: `${label} updated successfully`, result: answer(row) });
        }),
      ),
    ),
  ];
  if (paths.remove) {
    handlers.push(
      http.delete(
        apiPath(paths.remove),
        refusing(
          guarded((_request, params) => {
            const row = find(id(params.id));
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
      ),
    );
  }
  return handlers;
}

/** The mock API of every catalogue of the contract; FAQ has its own (handlers/faq.ts). */
export const catalogueHandlers = (Object.keys(CATALOGUE_API) as CatalogueName[])
  .filter((catalogue) => catalogue !== 'faq')
  .flatMap(handlersFor);
