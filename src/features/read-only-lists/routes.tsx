import { sortFieldsOf } from '@/lib/declared-columns';
import { declaredScreen, queriesIn, screenIn, type LazyRoute } from '@/lib/route-table';
import { apiSortFields, pageRequest, readListParams } from '@/lib/list-state';
import type * as ContactStatus from './api';
import type * as ContactUsPage from './contact-us-page';
import type { PagedList } from './define-paged-list';
import type * as ListPage from './paged-list-page';
import { PAGED_LISTS } from './registry';
import type * as Resource from './resource';

/**
 * Contact Us: its own screen, which is SPEC's list on the generic screen unless the API announces 'contact-status'
 * (a status, its filter and the row's actions), and its first query as that screen will ask it.
 */
const contactUsRoute = (list: PagedList): LazyRoute => ({
  path: list.route,
  permission: list.permission,
  screen: screenIn<typeof ContactUsPage>(
    '/src/features/read-only-lists/contact-us-page.tsx',
    (m) => m.ContactUsPage,
  ),
  data: queriesIn<typeof ContactStatus>(
    '/src/features/read-only-lists/api.ts',
    (m, queryClient, _params, searchParams) => m.prefetchContactUs(queryClient, searchParams),
  ),
});

/** Every read-only list's route, on one generic screen (Contact Us on its own). */
export const routes: LazyRoute[] = PAGED_LISTS.map((list) =>
  list.key === 'contact-us'
    ? contactUsRoute(list)
    : {
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
      },
);
