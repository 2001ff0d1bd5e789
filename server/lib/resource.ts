import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Db, SqlValue } from '../db/postgres/db';
import {
  allResourceRows,
  deleteResourceRow,
  findResourceRow,
  foreignKeyViolation,
  insertResourceRow,
  pageOfResourceRows,
  resourceExists,
  resourceName,
  updateResourceRow,
  type ResourceRow,
} from '../db/resources';
import type { RecordType } from '../../contract/activity';
import { activityLog, recordNameOf, summarise, type Change } from './activity';
import { formOrJsonBody, jsonBody, jsonLimit, uploadLimit } from './body';
import { HttpError, notFound } from './errors';
import { newId, now, parseId } from './ids';
import { pageBody, paging } from './paging';
import { orderBy, type SortFields } from './sort';
import { checkVersion, expectedVersions, nextVersion } from './versions';
import { fileField, type CheckedFile, type FileKeeper, type UploadKind } from './uploads';
import type { AppEnv } from './env';
import { bool, date, fields, labelOf, number, ref, text, type NumberRule, type TextRule } from './validate';

/** How one API field maps to a column, and what it accepts. `label` names it in messages (default: from its name). */
export type FieldDef = { column: string; label?: string } &
  /** html: rich text, which the activity log says changed rather than quoting. */
  (
    | ({ type: 'text'; html?: boolean } & TextRule)
    | { type: 'bool'; required?: boolean }
    | ({ type: 'number' } & NumberRule)
    /** notPast: a new date must be today (UTC) or later; an update may keep the stored one. */
    | { type: 'date'; required?: boolean; notPast?: boolean }
    | { type: 'ref'; table: string; refLabel: string; required?: boolean }
  );

/** A multipart file field: stored, and its path kept in `column`, answered as `apiName`. */
export type UploadDef = {
  column: string;
  apiName: string;
  kind: UploadKind;
  /** Names the field in messages: 'Brand logo must be a PNG, JPEG, WebP or GIF image'. */
  label: string;
  /** The message when a create lacks the file; without one the file is optional. */
  requiredOnCreate?: string;
};

export type Row = ResourceRow;

export type ResourceDef = {
  table: string;
  /** What the activity log calls its records (lib/activity.ts). */
  recordType: RecordType;
  /** Used in messages: '<label> not found', '<label> created successfully'. */
  label: string;
  fields: Record<string, FieldDef>;
  /** Multipart resources: field name → column. JSON resources have none. */
  uploads?: Record<string, UploadDef>;
  routes: {
    listAll?: string;
    list?: string;
    read?: string[];
    create?: string[];
    update?: string[];
    delete?: string;
  };
  /** The SQL order of the lists; newest first by default. */
  orderBy?: string;
  /** The `list` route's sort fields (sort=<field>&order=asc|desc, lib/sort.ts), each as the SQL it orders by. */
  sort?: SortFields;
};

type RefField = Extract<FieldDef, { type: 'ref' }>;

const HEX_ID = /^[0-9a-f]{24}$/;

/**
 * The references a body names that exist, looked up before its fields are checked, so that the check itself reads
 * no database and refuses in the fields' order. Keyed `table:id`.
 */
export async function existingRefs(
  db: Db,
  body: Record<string, unknown>,
  refs: Record<string, { table: string }>,
): Promise<ReadonlySet<string>> {
  const found = new Set<string>();
  for (const [name, { table }] of Object.entries(refs)) {
    const value = Object.hasOwn(body, name) ? body[name] : undefined;
    if (typeof value !== 'string' || !HEX_ID.test(value.trim())) continue;
    if (await resourceExists(db, table, value.trim())) found.add(`${table}:${value.trim()}`);
  }
  return found;
}

function fieldSchema(name: string, field: FieldDef, known: ReadonlySet<string>): z.ZodType {
  const label = field.label ?? labelOf(name);
  switch (field.type) {
    case 'text':
      return text(label, field);
    case 'bool':
      return bool(label, field);
    case 'number':
      return number(label, field);
    case 'date':
      return date(label, field);
    case 'ref':
      return ref(field.refLabel, (id) => known.has(`${field.table}:${id}`), field);
  }
}

/**
 * listAll's query. `enabled` is accepted but does not filter: the console lists Active and Inactive rows alike.
 * sortBy=enabled puts active rows first.
 */
const listAllQuery = z.object({
  enabled: z.enum(['true', 'false'], { error: "enabled must be 'true' or 'false'" }).optional(),
  sortBy: z.literal('enabled', { error: "sortBy must be 'enabled'" }).optional(),
});

/** Midnight UTC today: a date-only value for today parses to it, and every zone's "end of today" lies after it. */
function startOfTodayUtc() {
  const today = new Date();
  return Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
}

/** What an update changed, field by field, for the activity log; `files` are the upload columns it replaced. */
function changesOf(
  def: ResourceDef,
  before: Row,
  after: Row,
  files: string[],
  refNames: ReadonlyMap<unknown, unknown>,
): Change[] {
  const changes = Object.entries(def.fields).map(([name, field]): Change => {
    const [was, is] = [before[field.column], after[field.column]];
    switch (field.type) {
      case 'text':
        return field.html
          ? was === is
            ? { name, kind: 'text', before: was, after: is }
            : { name, kind: 'html' }
          : { name, kind: 'text', before: was, after: is };
      case 'bool':
        return { name, kind: name === 'enabled' ? 'status' : 'bool', before: was, after: is };
      case 'ref':
        return {
          name,
          kind: 'text',
          before: was === is ? was : (refNames.get(was) ?? was),
          after: was === is ? is : (refNames.get(is) ?? is),
        };
      default:
        return { name, kind: field.type, before: was, after: is };
    }
  });
  const replaced = Object.values(def.uploads ?? {})
    .filter((upload) => files.includes(upload.column))
    .map((upload): Change => ({ name: upload.apiName, kind: 'file' }));
  return [...changes, ...replaced];
}

/** The names of the referenced rows an update moved between, for its summary. */
async function refNamesOf(db: Db, def: ResourceDef, before: Row, after: Row) {
  const names = new Map<unknown, unknown>();
  for (const field of Object.values(def.fields)) {
    if (field.type !== 'ref' || before[field.column] === after[field.column]) continue;
    for (const id of [before[field.column], after[field.column]])
      if (typeof id === 'string' && id) names.set(id, await resourceName(db, field.table, id));
  }
  return names;
}

export function defaultSerialize(def: ResourceDef, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = { _id: row.id };
  for (const [name, field] of Object.entries(def.fields)) {
    const value = row[field.column];
    out[name] = field.type === 'bool' ? value === true : value;
  }
  for (const upload of Object.values(def.uploads ?? {})) out[upload.apiName] = row[upload.column] ?? null;
  out.createdAt = row.created_at;
  out.updatedAt = row.updated_at;
  return out;
}

/** Registers SPEC 7's calls for one table-backed resource: listAll / list / read / create / update / delete. */
export function registerResource(app: Hono<AppEnv>, db: Db, keeper: FileKeeper, def: ResourceDef) {
  const refs = Object.fromEntries(
    Object.entries(def.fields).filter((entry): entry is [string, RefField] => entry[1].type === 'ref'),
  );
  const schemaOf = (known: ReadonlySet<string>) =>
    fields(
      Object.fromEntries(
        Object.entries(def.fields).map(([name, field]) => [name, fieldSchema(name, field, known)]),
      ),
    );
  const plainSchema = schemaOf(new Set());
  const order = def.orderBy ?? 'created_at DESC, id DESC';
  const serialize = (row: Row) => defaultSerialize(def, row);
  const fileFields = def.uploads;
  const readBody = fileFields ? (c: Context) => formOrJsonBody(c, fileFields) : jsonBody;
  const writeLimit = def.uploads ? uploadLimit : jsonLimit;
  const log = activityLog(db);

  const find = async (id: string) => {
    const row = await findResourceRow(db, def.table, id);
    if (!row) throw notFound(def.label);
    return row;
  };

  /** A reference deleted between the body's check and the write: refused as the check would have refused it. */
  const refusingLostRefs = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (error) {
      const constraint = foreignKeyViolation(error);
      const lost = Object.entries(refs).find(
        ([, field]) => constraint === `${def.table}_${field.column}_fkey`,
      );
      if (lost) throw new HttpError(400, `${lost[1].refLabel} not found`, { field: lost[0] });
      throw error;
    }
  };

  /** The columns to write and the checked files of a request body; `stored` is the row an update changes. */
  async function values(body: Record<string, unknown>, stored?: Row) {
    const schema = Object.keys(refs).length ? schemaOf(await existingRefs(db, body, refs)) : plainSchema;
    const parsed = schema.parse(body) as Record<string, unknown>;
    const out: Record<string, SqlValue> = {};
    for (const [name, field] of Object.entries(def.fields)) {
      const value = parsed[name];
      if (value === undefined) continue;
      if (field.type === 'date' && field.notPast && typeof value === 'string') {
        const unchanged = stored && Date.parse(String(stored[field.column])) === Date.parse(value);
        if (!unchanged && Date.parse(value) < startOfTodayUtc())
          throw new HttpError(400, `${field.label ?? labelOf(name)} must be today or later`, { field: name });
      }
      out[field.column] = (value ?? null) as SqlValue;
    }
    const files: Record<string, CheckedFile> = {};
    for (const [name, upload] of Object.entries(def.uploads ?? {})) {
      const file = fileField(body, name);
      if (file) files[upload.column] = await keeper.uploads.check(upload.label, file, upload.kind);
      else if (!stored && upload.requiredOnCreate)
        throw new HttpError(400, upload.requiredOnCreate, { field: name });
    }
    return { data: out, files };
  }

  if (def.routes.listAll) {
    app.get(`/api/${def.routes.listAll}`, async (c) => {
      const { sortBy } = listAllQuery.parse(c.req.query());
      const rows = (
        await allResourceRows(db, def.table, sortBy === 'enabled' ? `enabled DESC, ${order}` : order)
      ).map(serialize);
      return c.json({ success: true, message: 'Success', result: rows, pagination: { count: rows.length } });
    });
  }
  if (def.routes.list) {
    app.get(`/api/${def.routes.list}`, async (c) => {
      const query = c.req.query();
      const { page, size, offset } = paging(query);
      const sorted = orderBy(query, def.sort ?? {}, { tieBreak: 'id', otherwise: order });
      const { rows, count } = await pageOfResourceRows(db, def.table, sorted, { limit: size, offset });
      return c.json(pageBody(rows.map(serialize), count, page, size));
    });
  }
  for (const path of def.routes.read ?? []) {
    app.get(`/api/${path}/:id`, async (c) =>
      c.json({
        success: true,
        message: 'Success',
        result: serialize(await find(parseId(c.req.param('id')))),
      }),
    );
  }
  for (const path of def.routes.create ?? []) {
    app.post(`/api/${path}`, writeLimit, async (c) => {
      const { data, files } = await values(await readBody(c));
      const id = newId();
      const created = await refusingLostRefs(() =>
        keeper.commit(files, async (paths, tx) => {
          const row = await insertResourceRow(tx, def.table, id, { ...data, ...paths }, now());
          await log.record(tx, c.get('adminId'), {
            action: 'create',
            recordType: def.recordType,
            recordId: id,
            recordName: recordNameOf(row),
            summary: 'Created',
          });
          return { result: row };
        }),
      );
      return c.json({
        success: true,
        message: `${def.label} created successfully`,
        result: serialize(created),
      });
    });
  }
  for (const path of def.routes.update ?? []) {
    app.patch(`/api/${path}/:id`, writeLimit, async (c) => {
      const id = parseId(c.req.param('id'));
      const expected = expectedVersions(c);
      const { data, files } = await values(await readBody(c), await find(id));
      // Read again under the row's lock, and answered from the write: the row may have been saved or deleted while
      // the body was read, and two saves that expect the same version must not both pass.
      const updated = await refusingLostRefs(() =>
        keeper.commit(files, async (paths, tx) => {
          const before = await findResourceRow(tx, def.table, id, { lock: true });
          if (!before) throw notFound(def.label);
          checkVersion(expected, before.updated_at);
          const after = (await updateResourceRow(
            tx,
            def.table,
            id,
            { ...data, ...paths },
            nextVersion(before.updated_at),
          ))!;
          const refNames = await refNamesOf(tx, def, before, after);
          await log.record(tx, c.get('adminId'), {
            action: 'update',
            recordType: def.recordType,
            recordId: id,
            recordName: recordNameOf(after),
            summary: summarise(changesOf(def, before, after, Object.keys(paths), refNames), def.recordType),
          });
          return {
            result: serialize(after),
            replaced: Object.keys(paths).map((column) => before[column] as string | null),
          };
        }),
      );
      return c.json({ success: true, message: `${def.label} updated successfully`, result: updated });
    });
  }
  if (def.routes.delete) {
    const uploadColumns = Object.values(def.uploads ?? {}).map((upload) => upload.column);
    app.delete(`/api/${def.routes.delete}/:id`, async (c) => {
      const id = parseId(c.req.param('id'));
      await keeper.commit({}, async (_paths, tx) => {
        const before = await deleteResourceRow(tx, def.table, id);
        if (!before) throw notFound(def.label);
        await log.record(tx, c.get('adminId'), {
          action: 'delete',
          recordType: def.recordType,
          recordId: id,
          recordName: recordNameOf(before),
          summary: 'Deleted',
        });
        return { result: id, replaced: uploadColumns.map((column) => before[column] as string | null) };
      });
      return c.json({ success: true, message: `${def.label} deleted successfully` });
    });
  }
}
