import type { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../db/connection';
import { formOrJsonBody, jsonBody } from './body';
import { HttpError, notFound } from './errors';
import { newId, now, parseId } from './ids';
import { pageBody, paging } from './paging';
import { fileField, type UploadKind, type UploadStore } from './uploads';
import type { AppEnv } from './env';

/** How one API field maps to a column, and what it accepts. */
export type FieldDef =
  | {
      column: string;
      type: 'text';
      required?: boolean;
      max?: number;
      email?: boolean;
      oneOf?: readonly string[];
    }
  | { column: string; type: 'bool'; required?: boolean }
  | { column: string; type: 'number'; required?: boolean; min?: number; max?: number; integer?: boolean }
  /** notPast: a new date must be today (UTC) or later; an update may keep the stored one. */
  | { column: string; type: 'date'; required?: boolean; notPast?: boolean }
  | { column: string; type: 'ref'; table: string; label: string; required?: boolean };

/** A multipart file field: stored, and its path kept in `column`, answered as `apiName`. */
export type UploadDef = {
  column: string;
  apiName: string;
  kind: UploadKind;
  /** The message when a create lacks the file; without one the file is optional. */
  requiredOnCreate?: string;
};

export type Row = Record<string, unknown> & { id: string; created_at: string; updated_at: string };

export type ResourceDef = {
  table: string;
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
  /** Shapes a row for the API; by default every field by its API name, plus _id, createdAt and updatedAt. */
  serialize?: (row: Row, db: Db) => Record<string, unknown>;
  /** Runs inside the write transaction, e.g. to keep a derived column. */
  beforeWrite?: (values: Record<string, unknown>) => void;
};

const truthy = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');

function fieldSchema(name: string, field: FieldDef, db: Db): z.ZodType {
  switch (field.type) {
    case 'text': {
      let schema = z
        .string({ error: `${name} is required` })
        .trim()
        .max(field.max ?? 100_000, `${name} is too long`);
      if (field.required) schema = schema.min(1, `${name} is required`);
      let out: z.ZodType = schema;
      if (field.email) out = schema.pipe(z.email(`${name} must be a valid e-mail address`).or(z.literal('')));
      if (field.oneOf)
        out = z.enum(field.oneOf as [string, ...string[]], {
          error: `${name} must be one of ${field.oneOf.join(', ')}`,
        });
      return field.required ? out : out.optional().nullable();
    }
    case 'bool':
      return field.required ? truthy : truthy.optional().nullable();
    case 'number': {
      let schema = z.coerce.number({ error: `${name} must be a number` });
      if (field.integer) schema = schema.int(`${name} must be a whole number`);
      if (field.min !== undefined) schema = schema.min(field.min, `${name} must be at least ${field.min}`);
      if (field.max !== undefined) schema = schema.max(field.max, `${name} must be at most ${field.max}`);
      const optional = z.preprocess(
        (value) => (value === '' || value === null ? undefined : value),
        schema.optional(),
      );
      return field.required ? z.preprocess((value) => (value === '' ? undefined : value), schema) : optional;
    }
    case 'date': {
      const schema = z
        .string({ error: `${name} is required` })
        .refine((value) => !Number.isNaN(Date.parse(value)), `${name} must be a date`)
        .transform((value) => new Date(value).toISOString());
      return field.required ? schema : schema.optional().nullable();
    }
    case 'ref': {
      const exists = db.prepare(`SELECT 1 FROM ${field.table} WHERE id = ?`);
      const schema = z
        .string({ error: `${name} is required` })
        .trim()
        .refine((value) => Boolean(exists.get(value)), `${field.label} not found`);
      return field.required
        ? schema
        : z.preprocess((value) => (value === '' ? undefined : value), schema.optional());
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
export function registerResource(app: Hono<AppEnv>, db: Db, uploads: UploadStore, def: ResourceDef) {
  const columns = Object.values(def.fields).map((field) => field.column);
  const uploadColumns = Object.values(def.uploads ?? {}).map((upload) => upload.column);
  const bodySchema = z.object(
    Object.fromEntries(
      Object.entries(def.fields).map(([name, field]) => [name, fieldSchema(name, field, db)]),
    ),
  );
  const order = def.orderBy ?? 'created_at DESC, id DESC';
  const serialize = (row: Row) => (def.serialize ? def.serialize(row, db) : defaultSerialize(def, row));
  const selectOne = db.prepare<[string], Row>(`SELECT * FROM ${def.table} WHERE id = ?`);
  const selectAll = db.prepare<[], Row>(`SELECT * FROM ${def.table} ORDER BY ${order}`);
  const selectPage = db.prepare<[number, number], Row>(
    `SELECT * FROM ${def.table} ORDER BY ${order} LIMIT ? OFFSET ?`,
  );
  const selectAllEnabledFirst = db.prepare<[], Row>(
    `SELECT * FROM ${def.table} ORDER BY enabled DESC, ${order}`,
  );
  const count = db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${def.table}`);
  const readBody = def.uploads ? formOrJsonBody : jsonBody;

  const find = (id: string) => {
    const row = selectOne.get(id);
    if (!row) throw notFound(def.label);
    return row;
  };

  /** The columns to write from a request body; `stored` is the row an update changes. */
  async function values(body: Record<string, unknown>, stored?: Row) {
    const parsed = bodySchema.parse(body) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const [name, field] of Object.entries(def.fields))
      if (name in parsed) out[field.column] = parsed[name];
    for (const [name, field] of Object.entries(def.fields)) {
      const value = out[field.column];
      if (field.type !== 'date' || !field.notPast || typeof value !== 'string') continue;
      const unchanged = stored && Date.parse(String(stored[field.column])) === Date.parse(value);
      if (!unchanged && Date.parse(value) < startOfTodayUtc())
        throw new HttpError(400, `${name} must be today or later`);
    }
    for (const [name, upload] of Object.entries(def.uploads ?? {})) {
      const file = fileField(body, name);
      if (file) out[upload.column] = await uploads.save(name, file, upload.kind);
      else if (!stored && upload.requiredOnCreate) throw new HttpError(400, upload.requiredOnCreate);
    }
    def.beforeWrite?.(out);
    return out;
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
      const { page, size, offset } = paging(c.req.query());
      return c.json(pageBody(selectPage.all(size, offset).map(serialize), count.get()!.n, page, size));
    });
  }
  for (const path of def.routes.read ?? []) {
    app.get(`/api/${path}/:id`, (c) =>
      c.json({ success: true, message: 'Success', result: serialize(find(parseId(c.req.param('id')))) }),
    );
  }
  for (const path of def.routes.create ?? []) {
    app.post(`/api/${path}`, async (c) => {
      const data = await values(await readBody(c));
      const id = newId();
      const stamp = now();
      const names = [...columns, ...uploadColumns].filter((column) => column in data);
      db.prepare(
        `INSERT INTO ${def.table} (id, ${names.join(', ')}, created_at, updated_at) VALUES (?, ${names.map(() => '?').join(', ')}, ?, ?)`,
      ).run(id, ...names.map((column) => toColumnValue(data[column])), stamp, stamp);
      return c.json({
        success: true,
        message: `${def.label} created successfully`,
        result: serialize(find(id)),
      });
    });
  }
  for (const path of def.routes.update ?? []) {
    app.patch(`/api/${path}/:id`, async (c) => {
      const id = parseId(c.req.param('id'));
      const data = await values(await readBody(c), find(id));
      const names = [...columns, ...uploadColumns].filter((column) => column in data);
      if (names.length) {
        db.prepare(
          `UPDATE ${def.table} SET ${names.map((n) => `${n} = ?`).join(', ')}, updated_at = ? WHERE id = ?`,
        ).run(...names.map((column) => toColumnValue(data[column])), now(), id);
      }
      return c.json({
        success: true,
        message: `${def.label} updated successfully`,
        result: serialize(find(id)),
      });
    });
  }
  if (def.routes.delete) {
    app.delete(`/api/${def.routes.delete}/:id`, (c) => {
      const result = db.prepare(`DELETE FROM ${def.table} WHERE id = ?`).run(parseId(c.req.param('id')));
      if (result.changes === 0) throw notFound(def.label);
      return c.json({ success: true, message: `${def.label} deleted successfully` });
    });
  }
}
