import { blogCategory } from './blog-category';
import { blogs } from './blogs';
import { eventCategory } from './event-category';
import { events } from './events';
import { foodPreference } from './food-preference';
import { hobbies } from './hobbies';
import { languageSpeak } from './language-speak';
import { languages } from './languages';
import { lookingFor } from './looking-for';
import { offer } from './offer';
import { plan } from './plan';
import { religiousBeliefs } from './religious-beliefs';
import { reportElement } from './report-element';
import { setting } from './setting';
import { university } from './university';

/**
 * Every catalogue and declared resource, in menu order (entries.ts holds what the shell needs of each). The
 * catalogue screens, the mock API and the catalogue tests read this list.
 */
export const CATALOGUES = [
  university,
  reportElement,
  setting,
  hobbies,
  languages,
  foodPreference,
  eventCategory,
  lookingFor,
  languageSpeak,
  religiousBeliefs,
  offer,
  plan,
  blogs,
  blogCategory,
  events,
];

/** A catalogue's whole declaration, by its key (the route table names catalogues by key: see entries.ts). */
export function catalogueByKey(key: string): (typeof CATALOGUES)[number] {
  const catalogue = CATALOGUES.find((candidate) => candidate.key === key);
  if (!catalogue) throw new Error(`No catalogue is declared as ${key}`);
  return catalogue;
}
