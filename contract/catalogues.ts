import type { Feature } from './features';
import { NUMBER_RANGE, TEXT_MAX, type UploadKind } from './limits';
import { PLAN_PRICES, PLAN_TYPES } from './plans';
import { EXPLANATION_MAX } from './restrictions';

/**
 * The catalogues' calls as the API answers them (SPEC 7, quirks included), written once: the console's declarations
 * take their paths, record shape and field constraints from here, the reference server's resources their routes and
 * rules, and the mock API everything it serves. What only one side knows stays with it: the console's screens,
 * labels and SPEC's messages (src/features/catalogues), the server's tables and columns (server/routes/resources.ts).
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
   * The id of a record of another catalogue (`to`, a key of CATALOGUE_API); answered as that id, or with
   * `populated` as the record's { _id, name }.
   */
  | { type: 'ref'; required?: boolean; to: string; populated?: boolean }
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

const enabled = { label: 'Enabled', type: 'bool', required: true } as const;
const name = (max: number) => ({ label: 'Name', type: 'text', required: true, max }) as const;
const icon = {
  icon: { field: 'icon', kind: 'image', label: 'Icon', requiredOnCreate: 'Please upload an image' },
} as const;

/** The usual calls of a collection: listAll, read, create, update and delete, each under `<collection>/`. */
const calls = (collection: string): CataloguePaths => ({
  listAll: `${collection}/listAll`,
  read: `${collection}/read/:id`,
  create: `${collection}/create`,
  update: `${collection}/update/:id`,
  remove: `${collection}/delete/:id`,
});

/** The same with a page at a time (`<collection>/list`) for every record at once. */
const pagedCalls = (collection: string): CataloguePaths => {
  const { listAll: _everyRecord, ...rest } = calls(collection);
  return { ...rest, list: `${collection}/list` };
};

/** Every catalogue of SPEC 7 by the console's key for it (language speak's screens use `languages`), and FAQ. */
export const CATALOGUE_API = {
  university: {
    label: 'University',
    paths: calls('university'),
    fields: {
      name: name(TEXT_MAX.university.name),
      enabled,
      description: {
        label: 'Description',
        type: 'text',
        required: true,
        max: TEXT_MAX.university.description,
      },
      email: { label: 'E-mail', type: 'text', email: true, max: TEXT_MAX.university.email },
    },
  },
  faq: {
    label: 'Faq',
    paths: calls('faq'),
    fields: {
      question: { label: 'Question', type: 'text', required: true, max: TEXT_MAX.faq.question },
      answer: { label: 'Answer', type: 'text', html: true, required: true, max: TEXT_MAX.faq.answer },
      enabled,
    },
  },
  reportElement: {
    label: 'Report element',
    paths: calls('reportelement'),
    fields: {
      message: { label: 'Message', type: 'text', required: true, max: TEXT_MAX.reportElement.message },
      enabled,
      explanation: {
        label: 'Explanation',
        type: 'text',
        max: EXPLANATION_MAX,
        feature: 'restrictions',
      },
    },
  },
  setting: {
    label: 'Setting',
    paths: {
      listAll: 'setting/listAll',
      read: 'setting/read/:id',
      create: 'setting/create',
      update: 'setting/update-with-image/:id',
    },
    multipart: ['update'],
    fields: {
      privacy: { label: 'Privacy policy', type: 'text', required: true, max: TEXT_MAX.setting.privacy },
      termsCondition: {
        label: 'Terms and conditions',
        type: 'text',
        required: true,
        max: TEXT_MAX.setting.termsCondition,
      },
    },
    files: { file: { field: 'image', kind: 'image', label: 'Image' } },
    singleRecord: true,
  },
  hobbies: {
    label: 'Hobby',
    paths: {
      ...calls('hobbies'),
      create: 'hobbies/create-with-icon',
      update: 'hobbies/update-with-icon/:id',
    },
    multipart: ['create', 'update'],
    fields: { name: name(TEXT_MAX.hobbies.name), enabled },
    files: icon,
  },
  languages: {
    label: 'Language',
    paths: calls('language'),
    fields: { name: name(TEXT_MAX.languages.name), enabled },
  },
  foodPreference: {
    label: 'Food preference',
    paths: calls('foodpreference'),
    fields: { name: name(TEXT_MAX.foodPreference.name), enabled },
  },
  eventCategory: {
    label: 'Event category',
    // Quirk: read under event-category/, the rest under eventcategory/.
    paths: {
      ...calls('eventcategory'),
      read: 'event-category/read/:id',
      create: 'eventcategory/create-with-icon',
      update: 'eventcategory/update-with-icon/:id',
    },
    listQuery: 'enabled=true&sortBy=enabled',
    multipart: ['create', 'update'],
    fields: { name: name(TEXT_MAX.eventCategory.name), enabled },
    files: icon,
  },
  lookingFor: {
    label: 'Looking for',
    // Quirk: creates through create-with-icon, updates through plain update.
    paths: { ...calls('lookingfor'), create: 'lookingfor/create-with-icon' },
    listQuery: 'enabled=true',
    multipart: ['create', 'update'],
    fields: { name: name(TEXT_MAX.lookingFor.name), enabled },
    files: icon,
  },
  religiousBeliefs: {
    label: 'Religious belief',
    paths: calls('religiousbelief'),
    fields: { name: name(TEXT_MAX.religiousBeliefs.name), enabled },
  },
  blogCategory: {
    label: 'Blog category',
    paths: { ...calls('blog-category'), list: 'blog-category/list' },
    fields: {
      name: name(TEXT_MAX.blogCategory.name),
      enabled,
      description: {
        label: 'Description',
        type: 'text',
        html: true,
        required: true,
        max: TEXT_MAX.blogCategory.description,
      },
    },
  },
  blogs: {
    label: 'Blog',
    paths: pagedCalls('blog'),
    multipart: ['create', 'update'],
    fields: {
      title: { label: 'Title', type: 'text', required: true, max: TEXT_MAX.blogs.title },
      slug: { label: 'Slug', type: 'text', required: true, max: TEXT_MAX.blogs.slug },
      author: { label: 'Author', type: 'text', required: true, max: TEXT_MAX.blogs.author },
      seoTitle: { label: 'SEO title', type: 'text', required: true, max: TEXT_MAX.blogs.seoTitle },
      category: { label: 'Blog category', type: 'ref', required: true, to: 'blogCategory' },
      focusKeyword: {
        label: 'Focus keyword',
        type: 'text',
        required: true,
        max: TEXT_MAX.blogs.focusKeyword,
      },
      enabled,
      shortDescription: {
        label: 'Short description',
        type: 'text',
        html: true,
        required: true,
        max: TEXT_MAX.blogs.shortDescription,
      },
      description: {
        label: 'Description',
        type: 'text',
        html: true,
        required: true,
        max: TEXT_MAX.blogs.description,
      },
      metaDescription: {
        label: 'Meta description',
        type: 'text',
        required: true,
        max: TEXT_MAX.blogs.metaDescription,
      },
    },
    // DECISIONS: the image travels as `file`.
    files: { file: { field: 'image', kind: 'image', label: 'Image', requiredOnCreate: 'Image is required' } },
  },
  offer: {
    label: 'Offer',
    paths: pagedCalls('offer'),
    multipart: ['create', 'update'],
    fields: {
      title: { label: 'Title', type: 'text', required: true, max: TEXT_MAX.offer.title },
      off: { label: 'Off', type: 'number', required: true, ...NUMBER_RANGE.offer.off },
      minimumPurchaseAmount: {
        label: 'Minimum purchase amount',
        type: 'number',
        ...NUMBER_RANGE.offer.minimumPurchaseAmount,
      },
      minimumMember: {
        label: 'Minimum members',
        type: 'number',
        ...NUMBER_RANGE.offer.minimumMember,
        integer: true,
      },
      expireDate: { label: 'Expire date', type: 'date', required: true, notPast: true },
      description: {
        label: 'Description',
        type: 'text',
        html: true,
        required: true,
        max: TEXT_MAX.offer.description,
      },
      enabled,
    },
    // Quirk: the brand logo travels as `file`, the offer's image as `document`.
    files: {
      file: {
        field: 'brandLogo',
        kind: 'image',
        label: 'Brand logo',
        requiredOnCreate: 'Brand logo is required',
      },
      document: {
        field: 'image',
        kind: 'image',
        label: 'Offer image',
        requiredOnCreate: 'Offer image is required',
      },
    },
  },
  plan: {
    label: 'Plan',
    paths: { list: 'plan/list', read: 'plan/read/:id', create: 'plan/create', update: 'plan/update/:id' },
    fields: {
      name: name(TEXT_MAX.plan.name),
      benefit: { label: 'Benefit', type: 'text', html: true, required: true, max: TEXT_MAX.plan.benefit },
      planType: { label: 'Plan type', type: 'text', required: true, oneOf: PLAN_TYPES },
      price: { label: 'Price', type: 'text', required: true, oneOf: PLAN_PRICES },
      productId: { label: 'Product id', type: 'text', required: true, max: TEXT_MAX.plan.productId },
      isRecommended: { label: 'Recommended', type: 'bool', required: true },
      enabled,
      description: { label: 'Description', type: 'text', max: TEXT_MAX.plan.description },
    },
  },
  events: {
    label: 'Event',
    paths: {
      list: 'event/list-admin',
      read: 'event/read/:id',
      create: 'event/create',
      update: 'event/update/:id',
      remove: 'event/delete/:id',
    },
    multipart: ['create', 'update'],
    fields: {
      name: { label: 'Name', type: 'text', required: true, max: TEXT_MAX.events.name },
      venue: { label: 'Venue', type: 'text', required: true, max: TEXT_MAX.events.venue },
      startTime: { label: 'Start time', type: 'time', required: true },
      endTime: {
        label: 'End time',
        type: 'time',
        required: true,
        after: { field: 'startTime', message: 'End time must be after start time' },
      },
      date: { label: 'Date', type: 'date', required: true },
      numberOfParticipants: {
        label: 'Number of participants',
        type: 'number',
        required: true,
        ...NUMBER_RANGE.events.numberOfParticipants,
        integer: true,
      },
      category: { label: 'Event category', type: 'ref', to: 'eventCategory', populated: true },
      university: { label: 'University', type: 'ref', to: 'university', populated: true },
    },
    files: {
      file: {
        field: 'image',
        kind: 'image',
        label: 'Event image',
        requiredOnCreate: 'Event image is required',
      },
    },
    answers: { userId: 'creator', joinedUsers: 'users', joinedCount: 'count' },
    // DECISIONS, "At the product's size".
    pagedUsers: {
      field: 'joinedUsers',
      count: 'joinedCount',
      path: 'event/joined/:id',
      feature: 'event-joined',
      inline: 50,
    },
  },
} as const satisfies Record<string, CatalogueApi>;

export type CatalogueName = keyof typeof CATALOGUE_API;

/** The catalogue a `ref` field's `to` names. */
export function catalogueApi(name: string): CatalogueApi {
  if (!Object.hasOwn(CATALOGUE_API, name)) throw new Error(`No catalogue is named ${name} in the contract`);
  return CATALOGUE_API[name as CatalogueName];
}

/** 'hobbies/read/:id' → 'hobbies/read': a path as the server registers it, before its ':id'. */
export const withoutId = (path: string) => path.replace(/\/:id$/, '');
