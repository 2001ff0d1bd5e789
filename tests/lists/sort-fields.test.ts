import { SORT_FIELDS, type SortedList } from '@contract/sort-fields';
import { loadCatalogues } from '@/features/catalogues/registry';
import { PAGED_LISTS } from '@/features/read-only-lists/registry';

const CATALOGUES = await loadCatalogues();

/** 'blog-category' → 'blogCategory': a list's key as contract/sort-fields.ts names it. */
const listName = (key: string) => key.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

/** Every declared list whose headers sort through the API, with the fields its columns sort by. */
const SORTING = [...CATALOGUES, ...PAGED_LISTS]
  .map((list) => ({
    key: list.key,
    sorts: (list.columns ?? []).flatMap((column) => (column.sort ? [column.sort] : [])),
  }))
  .filter(({ sorts }) => sorts.length > 0);

describe("a list's sortable headers ask the API for the fields it sorts that list by (contract/sort-fields.ts)", () => {
  it('finds the declared lists that sort', () => {
    expect(SORTING.map(({ key }) => key)).toEqual(
      expect.arrayContaining([
        'offer',
        'plan',
        'blogs',
        'blog-category',
        'events',
        'contact-us',
        'feedbacks',
      ]),
    );
  });

  it.each(SORTING)('$key', ({ key, sorts }) => {
    const name = listName(key);
    expect(Object.keys(SORT_FIELDS)).toContain(name);
    expect(SORT_FIELDS[name as SortedList]).toEqual(expect.arrayContaining(sorts));
  });
});
