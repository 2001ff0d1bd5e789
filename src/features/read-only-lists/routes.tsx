import { sortFieldsOf } from '@/lib/declared-columns';
import { declaredScreen, queriesIn, screenIn, type LazyRoute } from '@/lib/route-table';
import { apiSortFields, pageRequest, readListParams } from '@/lib/list-state';
import type * as ListPage from './paged-list-page';
import { PAGED_LISTS } from './registry';
import type * as Resource from './resource';

/** Every read-only list's route, on one generic screen. */
export const routes: LazyRoute[] = PAGED_LISTS.map((list) => ({
  path: list.route,
  permission: list.permission,
  screen: screenIn<typeof ListPage>(
    '/src/features/read-only-lists/paged-list-page.tsx',
    ({ PagedListPage }) => declaredScreen(`${list.key}:list`, () => <PagedListPage list={list} />),
  ),
  data: queriesIn<typeof Resource>(
    '/src/features/read-only-lists/resource.ts',
    (m, queryClient, _params, searchParams) => {
      const state = readListParams(searchParams, [], apiSortFields(sortFieldsOf(list.columns)));
      return queryClient.prefetchQuery(m.pagedListResource(list).queries.page(pageRequest(state)));
    },
  ),
}));
