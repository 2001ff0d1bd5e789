import type { CatalogueApi } from './catalogues/catalogue-api';
import { blogCategory } from './catalogues/blog-category';
import { blogs } from './catalogues/blogs';
import { eventCategory } from './catalogues/event-category';
import { events } from './catalogues/events';
import { faq } from './catalogues/faq';
import { foodPreference } from './catalogues/food-preference';
import { hobbies } from './catalogues/hobbies';
import { languages } from './catalogues/languages';
import { lookingFor } from './catalogues/looking-for';
import { offer } from './catalogues/offer';
import { plan } from './catalogues/plan';
import { religiousBeliefs } from './catalogues/religious-beliefs';
import { reportElement } from './catalogues/report-element';
import { setting } from './catalogues/setting';
import { university } from './catalogues/university';

export {
  withoutId,
  type CatalogueApi,
  type CatalogueField,
  type CatalogueFile,
  type CataloguePaths,
} from './catalogues/catalogue-api';

/**
 * The catalogues' calls as the API answers them (SPEC 7, quirks included), written once, one module per catalogue
 * (contract/catalogues/<name>.ts, in the vocabulary of catalogue-api.ts): the console's declarations take their
 * paths, record shape and field constraints from their own catalogue's module (so a catalogue screen loads only its
 * own), the reference server's resources their routes and rules from here, and the mock API everything it serves.
 * What only one side knows stays with it: the console's screens, labels and SPEC's messages
 * (src/features/catalogues), the server's tables and columns (server/routes/resources.ts).
 */

/** Every catalogue of SPEC 7 by the console's key for it (language speak's screens use `languages`), and FAQ. */
export const CATALOGUE_API = {
  university,
  faq,
  reportElement,
  setting,
  hobbies,
  languages,
  foodPreference,
  eventCategory,
  lookingFor,
  religiousBeliefs,
  blogCategory,
  blogs,
  offer,
  plan,
  events,
} as const satisfies Record<string, CatalogueApi>;

export type CatalogueName = keyof typeof CATALOGUE_API;
