import {
  IconArticle,
  IconCalendarEvent,
  IconCategory,
  IconCrown,
  IconDiscount,
  IconFlag,
  IconFolders,
  IconHeartSearch,
  IconLanguage,
  IconMessageLanguage,
  IconPalette,
  IconPray,
  IconSchool,
  IconSettings,
  IconToolsKitchen2,
} from '@tabler/icons-react';
import type { CatalogueDeclaration } from './define-catalogue';

/**
 * What the shell knows of each catalogue: its key, title, menu icon and routes, in menu order. The sidebar and the
 * route table read these (they are in every first load); the rest of a catalogue's declaration (its calls, columns,
 * fields and messages) is in its own module, declarations/<key>.ts, which spreads its entry and loads with that
 * catalogue's screens (registry.ts). A new catalogue is an entry here, a declaration file and its contract
 * (contract/catalogues/<name>.ts).
 */
export const CATALOGUE_ENTRIES = {
  university: {
    permission: 'catalogues.write',
    key: 'university',
    title: 'University',
    menuIcon: IconSchool,
    routes: { list: '/university', add: '/university/add', update: '/university-update/:universityId' },
  },
  reportElement: {
    permission: 'catalogues.write',
    key: 'report-element',
    title: 'Report Element',
    menuIcon: IconFlag,
    routes: {
      list: '/report-element',
      add: '/report-element/add',
      update: '/report-element/update/:reportElementId',
    },
  },
  setting: {
    permission: 'settings.write',
    key: 'setting',
    title: 'Setting',
    menuIcon: IconSettings,
    routes: { list: '/setting', add: '/setting/add', update: '/setting/update/:settingId' },
  },
  hobbies: {
    permission: 'catalogues.write',
    key: 'hobbies',
    title: 'Hobbies',
    menuIcon: IconPalette,
    routes: { list: '/hobbies', add: '/hobbies/add', update: '/hobbies/update/:hobbiesId' },
  },
  languages: {
    permission: 'catalogues.write',
    key: 'languages',
    title: 'Languages',
    menuIcon: IconLanguage,
    routes: { list: '/languages', add: '/languages/add', update: '/languages/update/:languageId' },
  },
  foodPreference: {
    permission: 'catalogues.write',
    key: 'food-preference',
    title: 'Food Preference',
    menuIcon: IconToolsKitchen2,
    routes: {
      list: '/food-preference',
      add: '/food-preference/add',
      update: '/food-preference/update/:foodPreferenceId',
    },
  },
  eventCategory: {
    permission: 'catalogues.write',
    key: 'event-category',
    title: 'Event Category',
    menuIcon: IconCategory,
    routes: { list: '/event-category', add: '/event-category/add', update: '/event-category/update/:planId' },
  },
  lookingFor: {
    permission: 'catalogues.write',
    key: 'looking-for',
    title: 'Looking For',
    menuIcon: IconHeartSearch,
    routes: { list: '/looking-for', add: '/looking-for/Add', update: '/looking-for/update/:LookingForId' },
  },
  languageSpeak: {
    permission: 'catalogues.write',
    key: 'language-speak',
    title: 'Language Speak',
    menuIcon: IconMessageLanguage,
    routes: {
      list: '/language-speak',
      add: '/language-speak/add',
      update: '/language-speak/update/:languageSpeakId',
    },
  },
  religiousBeliefs: {
    permission: 'catalogues.write',
    key: 'religious-beliefs',
    title: 'Religious Beliefs',
    menuIcon: IconPray,
    routes: {
      list: '/religious-beliefs',
      add: '/religious-beliefs/add',
      update: '/religious-beliefs/update/:ReligiousBeliefsId',
    },
  },
  offer: {
    permission: 'offers.write',
    key: 'offer',
    title: 'Offer',
    menuIcon: IconDiscount,
    routes: { list: '/offer', add: '/offer/add', update: '/offer/update/:offerId' },
  },
  plan: {
    permission: 'plans.write',
    key: 'plan',
    title: 'Plan',
    menuIcon: IconCrown,
    routes: { list: '/plan', add: '/plan/add', update: '/plan/update/:planId' },
  },
  blogs: {
    permission: 'blogs.write',
    key: 'blogs',
    title: 'Blogs',
    menuIcon: IconArticle,
    routes: { list: '/blogs', add: '/blog/add', update: '/blog/update/:blogId' },
  },
  blogCategory: {
    permission: 'blogs.write',
    key: 'blog-category',
    title: 'Blog Category',
    menuIcon: IconFolders,
    routes: { list: '/blog-category', add: '/blog-category/add', update: '/blog-category/update/:blogId' },
  },
  events: {
    permission: 'events.write',
    key: 'events',
    title: 'Events',
    menuIcon: IconCalendarEvent,
    routes: { list: '/event', add: '/event/add', update: '/event/update/:eventId' },
  },
} satisfies Record<
  string,
  Pick<CatalogueDeclaration, 'key' | 'title' | 'menuIcon' | 'routes' | 'permission'>
>;

/** The entries in menu order. */
export const CATALOGUE_MENU = Object.values(CATALOGUE_ENTRIES);

/** The module of a catalogue's declaration, by its key: routes.tsx names it, registry.ts loads it. */
export const declarationModule = (key: string) => `/src/features/catalogues/declarations/${key}.ts`;
