import type { Context, Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../db/connection';
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

export type Row = Record<string, unknown> & { id: string; created_at: string; updated_at: string };

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
  /** Extra SQL for list order; newest first by default. */
  orderBy?: string;
  /** The `list` route's sort fields (sort=<field>&order=asc|desc, lib/sort.ts), each as the SQL it orders by. */
  sort?: SortFields;
  /** Shapes a row for the API; by default every field by its API name, plus _id, createdAt and updatedAt. */
  serialize?: (row: Row, db: Db) => Record<string, unknown>;
  /** Runs inside the write transaction, e.g. to keep a derived column. */
  beforeWrite?: (values: Record<string, unknown>) => void;
};

function fieldSchema(name: string, field: FieldDef, db: Db): z.ZodType {
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
    case 'ref': {
      const exists = db.prepare(`SELECT 1 FROM ${field.table} WHERE id = ?`);
      return ref(field.refLabel, (id) => Boolean(exists.get(id)), field);
    }
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

function toColumnValue(value: unknown): unknown {
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value ?? null;
}

/** What an update changed, field by field, for the activity log; `files` are the upload columns it replaced. */
function changesOf(
  def: ResourceDef,
  before: Row,
  after: Row,
  files: string[],
  refName: (table: string, id: unknown) => unknown,
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
          before: was === is ? was : refName(field.table, was),
          after: was === is ? is : refName(field.table, is),
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

export function defaultSerialize(def: ResourceDef, row: Row): Record<string, unknown> {
  const out: Record<string, unknown> = { _id: row.id };
  for (const [name, field] of Object.entries(def.fields)) {
    const value = row[field.column];
    out[name] = field.type === 'bool' ? value === 1 : value;
  }
  for (const upload of Object.values(def.uploads ?? {})) out[upload.apiName] = row[upload.column] ?? null;
  out.createdAt = row.created_at;
  out.updatedAt = row.updated_at;
  return out;
}

/** Registers SPEC 7's calls for one table-backed resource: listAll / list / read / create / update / delete. */
export function registerResource(app: Hono<AppEnv>, db: Db, keeper: FileKeeper, def: ResourceDef) {
  const columns = Object.values(def.fields).map((field) => field.column);
  const uploadColumns = Object.values(def.uploads ?? {}).map((upload) => upload.column);
  const bodySchema = fields(
    Object.fromEntries(
      Object.entries(def.fields).map(([name, field]) => [name, fieldSchema(name, field, db)]),
    ),
  );
  const order = def.orderBy ?? 'created_at DESC, id DESC';
  const serialize = (row: Row) => (def.serialize ? def.serialize(row, db) : defaultSerialize(def, row));
  const selectOne = db.prepare<[string], Row>(`SELECT * FROM ${def.table} WHERE id = ?`);
  const selectAll = db.prepare<[], Row>(`SELECT * FROM ${def.table} ORDER BY ${order}`);
  const selectAllEnabledFirst = db.prepare<[], Row>(
    `SELECT * FROM ${def.table} ORDER BY enabled DESC, ${order}`,
  );
  const count = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${def.table}`);
  const fileFields = def.uploads;
  const readBody = fileFields ? (c: Context) => formOrJsonBody(c, fileFields) : jsonBody;
  const writeLimit = def.uploads ? uploadLimit : jsonLimit;
  const log = activityLog(db);
  const refNames = new Map<string, ReturnType<typeof db.prepare<[unknown], { name: string }>>>();
  const refName = (table: string, id: unknown) => {
    if (!refNames.has(table)) refNames.set(table, db.prepare(`SELECT name FROM ${table} WHERE id = ?`));
    return id ? (refNames.get(table)!.get(id)?.name ?? id) : id;
  };

  const find = (id: string) => {
    const row = selectOne.get(id);
    if (!row) throw notFound(def.label);
    return row;
  };

  /** The columns to write and the checked files of a request body; `stored` is the row an update changes. */
  async function values(body: Record<string, unknown>, stored?: Row) {
    const parsed = bodySchema.parse(body) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(def.fields)) {
      const value = parsed[name];
      if (value === undefined) continue;
      if (field.type === 'date' && field.notPast && typeof value === 'string') {
        const unchanged = stored && Date.parse(String(stored[field.column])) === Date.parse(value);
        if (!unchanged && Date.parse(value) < startOfTodayUtc())
          throw new HttpError(400, `${field.label ?? labelOf(name)} must be today or later`, { field: name });
      }
      out[field.column] = value;
    }
    const files: Record<string, CheckedFile> = {};
    for (const [name, upload] of Object.entries(def.uploads ?? {})) {
      const file = fileField(body, name);
      if (file) files[upload.column] = await keeper.uploads.check(upload.label, file, upload.kind);
      else if (!stored && upload.requiredOnCreate)
        throw new HttpError(400, upload.requiredOnCreate, { field: name });
    }
    def.beforeWrite?.(out);
    return { data: out, files };
  }

  if (def.routes.listAll) {
    app.get(`/api/${def.routes.listAll}`, (c) => {
      const { sortBy } = listAllQuery.parse(c.req.query());
      const rows = (sortBy === 'enabled' ? selectAllEnabledFirst : selectAll).all().map(serialize);
      return c.json({ success: true, message: 'Success', result: rows, pagination: { count: rows.length } });
    });
  }
  if (def.routes.list) {
    app.get(`/api/${def.routes.list}`, (c) => {
      const query = c.req.query();
      const { page, size, offset } = paging(query);
      const sorted = orderBy(query, def.sort ?? {}, { tieBreak: 'id', otherwise: order });
      const rows = db
        .prepare<[number, number], Row>(`SELECT * FROM ${def.table} ORDER BY ${sorted} LIMIT ? OFFSET ?`)
        .all(size, offset);
      return c.json(pageBody(rows.map(serialize), count.get()!.n, page, size));
    });
  }
  for (const path of def.routes.read ?? []) {
    app.get(`/api/${path}/:id`, (c) =>
      c.json({ success: true, message: 'Success', result: serialize(find(parseId(c.req.param('id')))) }),
    );
  }
  for (const path of def.routes.create ?? []) {
    app.post(`/api/${path}`, writeLimit, async (c) => {
      const { data, files } = await values(await readBody(c));
      const id = newId();
      const stamp = now();
      await keeper.commit(files, (paths) => {
        const row = { ...data, ...paths };
        const names = [...columns, ...uploadColumns].filter((column) => column in row);
        db.prepare(
          `INSERT INTO ${def.table} (id, ${names.join(', ')}, created_at, updated_at) VALUES (?, ${names.map(() => '?').join(', ')}, ?, ?)`,
        ).run(id, ...names.map((column) => toColumnValue(row[column])), stamp, stamp);
        log.record(c.get('adminId'), {
          action: 'create',
          recordType: def.recordType,
          recordId: id,
          recordName: recordNameOf(find(id)),
          summary: 'Created',
        });
        return { result: id };
      });
      return c.json({
        success: true,
        message: `${def.label} created successfully`,
        result: serialize(find(id)),
      });
    });
  }
  for (const path of def.routes.update ?? []) {
    app.patch(`/api/${path}/:id`, writeLimit, async (c) => {
      const id = parseId(c.req.param('id'));
      const expected = expectedVersions(c);
      const { data, files } = await values(await readBody(c), find(id));
      // Found again inside the write, and answered from it: the row may be deleted while the body is read.
      const updated = await keeper.commit(files, (paths) => {
        const before = find(id);
        checkVersion(expected, before.updated_at);
        const row = { ...data, ...paths };
        const names = [...columns, ...uploadColumns].filter((column) => column in row);
        if (names.length) {
          db.prepare(
            `UPDATE ${def.table} SET ${names.map((n) => `${n} = ?`).join(', ')}, updated_at = ? WHERE id = ?`,
          ).run(...names.map((column) => toColumnValue(row[column])), nextVersion(before.updated_at), id);
        }
        const after = find(id);
        log.record(c.get('adminId'), {
          action: 'update',
          recordType: def.recordType,
          recordId: id,
          recordName: recordNameOf(after),
          summary: summarise(changesOf(def, before, after, Object.keys(paths), refName), def.recordType),
        });
        return {
          result: serialize(after),
          replaced: Object.keys(paths).map((column) => before[column] as string | null),
        };
      });
      return c.json({ success: true, message: `${def.label} updated successfully`, result: updated });
    });
  }
  if (def.routes.delete) {
    app.delete(`/api/${def.routes.delete}/:id`, async (c) => {
      const id = parseId(c.req.param('id'));
      await keeper.commit({}, () => {
        const before = find(id);
        db.prepare(`DELETE FROM ${def.table} WHERE id = ?`).run(id);
        log.record(c.get('adminId'), {
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
