import { describe, expect, it } from 'vitest';
import { loadCatalogues } from '@/features/catalogues/registry';
import { ACTION_LABELS, actionLabel } from '@/features/activity/strings';
import { fieldLabel } from '@contract/field-labels';
import { ACTIVITY_ACTIONS } from '@contract/moderation';

const CATALOGUES = await loadCatalogues();

/** The activity log's record type of each catalogue (the API collection its records belong to). */
const RECORD_TYPE = {
  university: 'university',
  'report-element': 'report-element',
  setting: 'setting',
  hobbies: 'hobbies',
  languages: 'language',
  'food-preference': 'food-preference',
  'event-category': 'event-category',
  'looking-for': 'looking-for',
  'language-speak': 'language',
  'religious-beliefs': 'religious-belief',
  offer: 'offer',
  plan: 'plan',
  blogs: 'blog',
  'blog-category': 'blog-category',
  events: 'event',
} as const;

describe("the activity log's summaries", () => {
  it.each(CATALOGUES.map((catalogue) => [catalogue.key, catalogue] as const))(
    "name each field of %s as the catalogue's form labels it",
    (key, catalogue) => {
      const recordType = RECORD_TYPE[key as keyof typeof RECORD_TYPE];
      expect(recordType, key).toBeDefined();
      for (const field of catalogue.fields)
        expect(fieldLabel(recordType, field.name), `${key}.${field.name}`).toBe(field.label);
    },
  );
});

describe("the activity filter's action names", () => {
  it.each(ACTIVITY_ACTIONS.map((action) => [action]))('names %s in words', (action) => {
    expect(Object.hasOwn(ACTION_LABELS, action), action).toBe(true);
    expect(actionLabel(action)).not.toBe(action);
  });
});
