import type { Hono } from 'hono';
import type { Db } from '../db/postgres/db';
import type { AppEnv } from '../lib/env';
import { defaultSerialize, registerResource, type ResourceDef, type Row } from '../lib/resource';
import type { ListSort } from '../lib/sort';
import type { FileKeeper } from '../lib/uploads';
import { NUMBER_RANGE, TEXT_MAX } from '../../contract/limits';
import { PLAN_PRICES, PLAN_TYPES } from '../../contract/plans';

const nameAndStatus = (limits: { name: number }) =>
  ({
    name: { column: 'name', type: 'text', required: true, max: limits.name },
    enabled: { column: 'enabled', type: 'bool', required: true },
  }) as const;
const icon = {
  icon: {
    column: 'icon',
    apiName: 'icon',
    kind: 'image',
    label: 'Icon',
    requiredOnCreate: 'Please upload an image',
  },
} as const;

/** The table-backed resources of SPEC 7, with their exact paths (quirks included). */
export const RESOURCES: ResourceDef[] = [
  {
    table: 'universities',
    recordType: 'university',
    label: 'University',
    fields: {
      ...nameAndStatus(TEXT_MAX.university),
      description: {
        column: 'description',
        type: 'text',
        required: true,
        max: TEXT_MAX.university.description,
      },
      email: { column: 'email', type: 'text', label: 'E-mail', email: true, max: TEXT_MAX.university.email },
    },
    routes: {
      listAll: 'university/listAll',
      read: ['university/read'],
      create: ['university/create'],
      update: ['university/update'],
      delete: 'university/delete',
    },
    orderBy: 'lower(name), id',
  },
  {
    table: 'faqs',
    recordType: 'faq',
    label: 'Faq',
    fields: {
      question: { column: 'question', type: 'text', required: true, max: TEXT_MAX.faq.question },
      answer: { column: 'answer', type: 'text', html: true, required: true, max: TEXT_MAX.faq.answer },
      enabled: { column: 'enabled', type: 'bool', required: true },
    },
    routes: {
      listAll: 'faq/listAll',
      read: ['faq/read'],
      create: ['faq/create'],
      update: ['faq/update'],
      delete: 'faq/delete',
    },
    orderBy: 'created_at, id',
  },
  {
    table: 'report_elements',
    recordType: 'report-element',
    label: 'Report element',
    fields: {
      message: { column: 'message', type: 'text', required: true, max: TEXT_MAX.reportElement.message },
      enabled: { column: 'enabled', type: 'bool', required: true },
    },
    routes: {
      listAll: 'reportelement/listAll',
      read: ['reportelement/read'],
      create: ['reportelement/create'],
      update: ['reportelement/update'],
      delete: 'reportelement/delete',
    },
    orderBy: 'created_at, id',
  },
  {
    table: 'hobbies',
    recordType: 'hobbies',
    label: 'Hobby',
    fields: nameAndStatus(TEXT_MAX.hobbies),
    uploads: icon,
    routes: {
      listAll: 'hobbies/listAll',
      read: ['hobbies/read'],
      create: ['hobbies/create-with-icon', 'hobbies/create'],
      update: ['hobbies/update-with-icon', 'hobbies/update'],
      delete: 'hobbies/delete',
    },
    orderBy: 'lower(name), id',
  },
  {
    table: 'languages',
    recordType: 'language',
    label: 'Language',
    fields: nameAndStatus(TEXT_MAX.languages),
    routes: {
      listAll: 'language/listAll',
      read: ['language/read'],
      create: ['language/create'],
      update: ['language/update'],
      delete: 'language/delete',
    },
    orderBy: 'lower(name), id',
  },
  {
    table: 'food_preferences',
    recordType: 'food-preference',
    label: 'Food preference',
    fields: nameAndStatus(TEXT_MAX.foodPreference),
    routes: {
      listAll: 'foodpreference/listAll',
      read: ['foodpreference/read'],
      create: ['foodpreference/create'],
      update: ['foodpreference/update'],
      delete: 'foodpreference/delete',
    },
    orderBy: 'lower(name), id',
  },
  {
    table: 'religious_beliefs',
    recordType: 'religious-belief',
    label: 'Religious belief',
    fields: nameAndStatus(TEXT_MAX.religiousBeliefs),
    routes: {
      listAll: 'religiousbelief/listAll',
      read: ['religiousbelief/read'],
      create: ['religiousbelief/create'],
      update: ['religiousbelief/update'],
      delete: 'religiousbelief/delete',
    },
    orderBy: 'lower(name), id',
  },
  {
    table: 'event_categories',
    recordType: 'event-category',
    label: 'Event category',
    fields: nameAndStatus(TEXT_MAX.eventCategory),
    uploads: icon,
    routes: {
      listAll: 'eventcategory/listAll',
      read: ['event-category/read', 'eventcategory/read'],
      create: ['eventcategory/create-with-icon'],
      update: ['eventcategory/update-with-icon'],
      delete: 'eventcategory/delete',
    },
    orderBy: 'lower(name), id',
  },
  {
    table: 'looking_for',
    recordType: 'looking-for',
    label: 'Looking for',
    fields: nameAndStatus(TEXT_MAX.lookingFor),
    uploads: icon,
    routes: {
      listAll: 'lookingfor/listAll',
      read: ['lookingfor/read'],
      create: ['lookingfor/create-with-icon'],
      update: ['lookingfor/update'],
      delete: 'lookingfor/delete',
    },
    orderBy: 'lower(name), id',
  },
  {
    table: 'blog_categories',
    recordType: 'blog-category',
    label: 'Blog category',
    fields: {
      ...nameAndStatus(TEXT_MAX.blogCategory),
      description: {
        column: 'description',
        type: 'text',
        html: true,
        required: true,
        max: TEXT_MAX.blogCategory.description,
      },
    },
    sort: { name: 'lower(name)', status: 'enabled' } satisfies ListSort<'blogCategory'>,
    routes: {
      listAll: 'blog-category/listAll',
      list: 'blog-category/list',
      read: ['blog-category/read'],
      create: ['blog-category/create'],
      update: ['blog-category/update'],
      delete: 'blog-category/delete',
    },
  },
  {
    table: 'blogs',
    recordType: 'blog',
    label: 'Blog',
    fields: {
      title: { column: 'title', type: 'text', required: true, max: TEXT_MAX.blogs.title },
      slug: { column: 'slug', type: 'text', required: true, max: TEXT_MAX.blogs.slug },
      author: { column: 'author', type: 'text', required: true, max: TEXT_MAX.blogs.author },
      seoTitle: {
        column: 'seo_title',
        type: 'text',
        label: 'SEO title',
        required: true,
        max: TEXT_MAX.blogs.seoTitle,
      },
      category: {
        column: 'category_id',
        type: 'ref',
        table: 'blog_categories',
        refLabel: 'Blog category',
        required: true,
      },
      focusKeyword: {
        column: 'focus_keyword',
        type: 'text',
        required: true,
        max: TEXT_MAX.blogs.focusKeyword,
      },
      enabled: { column: 'enabled', type: 'bool', required: true },
      shortDescription: {
        column: 'short_description',
        type: 'text',
        html: true,
        required: true,
        max: TEXT_MAX.blogs.shortDescription,
      },
      description: {
        column: 'description',
        type: 'text',
        html: true,
        required: true,
        max: TEXT_MAX.blogs.description,
      },
      metaDescription: {
        column: 'meta_description',
        type: 'text',
        required: true,
        max: TEXT_MAX.blogs.metaDescription,
      },
    },
    uploads: {
      file: {
        column: 'image',
        apiName: 'image',
        kind: 'image',
        label: 'Image',
        requiredOnCreate: 'Image is required',
      },
    },
    sort: { title: 'lower(title)', status: 'enabled' } satisfies ListSort<'blogs'>,
    routes: {
      list: 'blog/list',
      read: ['blog/read'],
      create: ['blog/create'],
      update: ['blog/update'],
      delete: 'blog/delete',
    },
  },
  {
    table: 'offers',
    recordType: 'offer',
    label: 'Offer',
    fields: {
      title: { column: 'title', type: 'text', required: true, max: TEXT_MAX.offer.title },
      off: { column: 'off', type: 'number', required: true, ...NUMBER_RANGE.offer.off },
      minimumPurchaseAmount: {
        column: 'minimum_purchase_amount',
        type: 'number',
        label: 'Minimum purchase amount',
        ...NUMBER_RANGE.offer.minimumPurchaseAmount,
      },
      minimumMember: {
        column: 'minimum_member',
        type: 'number',
        label: 'Minimum members',
        ...NUMBER_RANGE.offer.minimumMember,
        integer: true,
      },
      expireDate: {
        column: 'expire_date',
        type: 'date',
        label: 'Expire date',
        required: true,
        notPast: true,
      },
      description: {
        column: 'description',
        type: 'text',
        html: true,
        required: true,
        max: TEXT_MAX.offer.description,
      },
      enabled: { column: 'enabled', type: 'bool', required: true },
    },
    uploads: {
      file: {
        column: 'brand_logo',
        apiName: 'brandLogo',
        kind: 'image',
        label: 'Brand logo',
        requiredOnCreate: 'Brand logo is required',
      },
      document: {
        column: 'image',
        apiName: 'image',
        kind: 'image',
        label: 'Offer image',
        requiredOnCreate: 'Offer image is required',
      },
    },
    sort: {
      title: 'lower(title)',
      expireDate: 'expire_date',
      status: 'enabled',
    } satisfies ListSort<'offer'>,
    routes: {
      list: 'offer/list',
      read: ['offer/read'],
      create: ['offer/create'],
      update: ['offer/update'],
      delete: 'offer/delete',
    },
  },
  {
    table: 'plans',
    recordType: 'plan',
    label: 'Plan',
    fields: {
      name: { column: 'name', type: 'text', required: true, max: TEXT_MAX.plan.name },
      benefit: { column: 'benefit', type: 'text', html: true, required: true, max: TEXT_MAX.plan.benefit },
      planType: { column: 'plan_type', type: 'text', label: 'Plan type', required: true, oneOf: PLAN_TYPES },
      price: { column: 'price', type: 'text', required: true, oneOf: PLAN_PRICES },
      productId: {
        column: 'product_id',
        type: 'text',
        label: 'Product id',
        required: true,
        max: TEXT_MAX.plan.productId,
      },
      isRecommended: { column: 'is_recommended', type: 'bool', label: 'Recommended', required: true },
      enabled: { column: 'enabled', type: 'bool', required: true },
      description: { column: 'description', type: 'text', max: TEXT_MAX.plan.description },
    },
    sort: { name: 'lower(name)', status: 'enabled' } satisfies ListSort<'plan'>,
    routes: { list: 'plan/list', read: ['plan/read'], create: ['plan/create'], update: ['plan/update'] },
    orderBy: 'created_at, id',
  },
];

export function registerResources(app: Hono<AppEnv>, db: Db, keeper: FileKeeper) {
  for (const def of RESOURCES) registerResource(app, db, keeper, def);
}

export function serializeWith(def: ResourceDef) {
  return (row: Row) => defaultSerialize(def, row);
}
