import { describe, expect, it } from 'vitest';
import { toSlug } from './define-catalogue';
import { CATALOGUE_MENU } from './entries';
import { loadCatalogues } from './registry';

const CATALOGUES = await loadCatalogues();

describe("SPEC 5's slug rule: lowercase, punctuation removed, whitespace to hyphens", () => {
  it.each([
    ['How to Plan a First Date', 'how-to-plan-a-first-date'],
    ["Dating tips: what's new?", 'dating-tips-whats-new'],
    ['  Spaces   everywhere  ', 'spaces-everywhere'],
    ['Tabs\tand\nnew lines', 'tabs-and-new-lines'],
    ['Ten ways — to say "hi"!', 'ten-ways-to-say-hi'],
    ['Café à Paris 2026', 'café-à-paris-2026'],
    ['', ''],
  ])('%j → %j', (title, slug) => expect(toSlug(title)).toBe(slug));
});

describe('the menu entries and the registry', () => {
  it('declare the same catalogues in the same order, each declaration carrying its own entry', () => {
    expect(CATALOGUES.map((catalogue) => catalogue.key)).toEqual(CATALOGUE_MENU.map((entry) => entry.key));
    for (const [index, entry] of CATALOGUE_MENU.entries()) expect(CATALOGUES[index]).toMatchObject(entry);
  });
});
