import type { Hono } from 'hono';
import type { Db } from '../db/postgres/db';
import type { AppEnv } from '../lib/env';
import {
  defaultSerialize,
  registerResource,
  type FieldDef,
  type ResourceDef,
  type Row,
} from '../lib/resource';
import type { ListSort } from '../lib/sort';
import type { FileKeeper } from '../lib/uploads';
import { CATALOGUE_API, withoutId, type CatalogueApi, type CatalogueField } from '../../contract/catalogues';

/** 'seoTitle' → 'seo_title': the column a field of the contract is stored in. */
const columnOf = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/** A contract field (contract/catalogues.ts) as stored here: a reference names the table it points into. */
function fieldDef(name: string, field: CatalogueField, refTables: Record<string, string>): FieldDef {
  switch (field.type) {
    case 'time':
      throw new Error(`${name}: times (an event's) are checked by their own routes`);
    case 'ref': {
      const table = refTables[name];
      if (!table) throw new Error(`${name} refers to ${field.to.label}: name its table`);
      return {
        column: `${columnOf(name)}_id`,
        type: 'ref',
        table,
        refLabel: field.label,
        required: field.required,
      };
    }
    default:
      return { column: columnOf(name), ...field };
  }
}

/**
 * A table-backed resource of SPEC 7 with its label, routes, fields and files as the contract declares them; `also`:
 * routes the server answers beside SPEC's; `refTables`: the table each reference field points into.
 */
function fromContract(
  api: CatalogueApi,
  server: Omit<ResourceDef, 'label' | 'fields' | 'uploads' | 'routes'> & {
    also?: { read?: string[]; create?: string[]; update?: string[] };
    refTables?: Record<string, string>;
  },
): ResourceDef {
  const { also = {}, refTables = {}, ...def } = server;
  const { paths } = api;
  return {
    ...def,
    label: api.label,
    fields: Object.fromEntries(
      Object.entries(api.fields).map(([name, field]) => [name, fieldDef(name, field, refTables)]),
    ),
    uploads: api.files
      ? Object.fromEntries(
          Object.entries(api.files).map(([sentAs, { field, ...file }]) => [
            sentAs,
            { column: columnOf(field), apiName: field, ...file },
          ]),
        )
      : undefined,
    routes: {
      listAll: paths.listAll,
      list: paths.list,
      read: [withoutId(paths.read), ...(also.read ?? [])],
      create: [paths.create, ...(also.create ?? [])],
      update: [withoutId(paths.update), ...(also.update ?? [])],
      delete: paths.remove && withoutId(paths.remove),
    },
  };
}

/** The table-backed resources of SPEC 7 (contract/catalogues.ts), each in its table. */
export const RESOURCES: ResourceDef[] = [
  fromContract(CATALOGUE_API.university, {
    table: 'universities',
    recordType: 'university',
    orderBy: 'lower(name), id',
  }),
  fromContract(CATALOGUE_API.faq, { table: 'faqs', recordType: 'faq', orderBy: 'created_at, id' }),
  fromContract(CATALOGUE_API.reportElement, {
    table: 'report_elements',
    recordType: 'report-element',
    orderBy: 'created_at, id',
  }),
  fromContract(CATALOGUE_API.hobbies, {
    table: 'hobbies',
    recordType: 'hobbies',
    also: { create: ['hobbies/create'], update: ['hobbies/update'] },
    orderBy: 'lower(name), id',
  }),
  fromContract(CATALOGUE_API.languages, {
    table: 'languages',
    recordType: 'language',
    orderBy: 'lower(name), id',
  }),
  fromContract(CATALOGUE_API.foodPreference, {
    table: 'food_preferences',
    recordType: 'food-preference',
    orderBy: 'lower(name), id',
  }),
  fromContract(CATALOGUE_API.religiousBeliefs, {
    table: 'religious_beliefs',
    recordType: 'religious-belief',
    orderBy: 'lower(name), id',
  }),
  fromContract(CATALOGUE_API.eventCategory, {
    table: 'event_categories',
    recordType: 'event-category',
    also: { read: ['eventcategory/read'] },
    orderBy: 'lower(name), id',
  }),
  fromContract(CATALOGUE_API.lookingFor, {
    table: 'looking_for',
    recordType: 'looking-for',
    orderBy: 'lower(name), id',
  }),
  fromContract(CATALOGUE_API.blogCategory, {
    table: 'blog_categories',
    recordType: 'blog-category',
    sort: { name: 'lower(name)', status: 'enabled' } satisfies ListSort<'blogCategory'>,
  }),
  fromContract(CATALOGUE_API.blogs, {
    table: 'blogs',
    recordType: 'blog',
    refTables: { category: 'blog_categories' },
    sort: { title: 'lower(title)', status: 'enabled' } satisfies ListSort<'blogs'>,
  }),
  fromContract(CATALOGUE_API.offer, {
    table: 'offers',
    recordType: 'offer',
    sort: {
      title: 'lower(title)',
      expireDate: 'expire_date',
      status: 'enabled',
    } satisfies ListSort<'offer'>,
  }),
  fromContract(CATALOGUE_API.plan, {
    table: 'plans',
    recordType: 'plan',
    sort: { name: 'lower(name)', status: 'enabled' } satisfies ListSort<'plan'>,
    orderBy: 'created_at, id',
  }),
];

export function registerResources(app: Hono<AppEnv>, db: Db, keeper: FileKeeper) {
  for (const def of RESOURCES) registerResource(app, db, keeper, def);
}

export function serializeWith(def: ResourceDef) {
  return (row: Row) => defaultSerialize(def, row);
}
