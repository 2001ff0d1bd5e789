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
 * Every catalogue and declared resource, in menu order. The route table, the sidebar, the mock API and the catalogue tests read this list:
 * a new catalogue is a new declaration file plus one line here.
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
