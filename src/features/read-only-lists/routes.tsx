import { declaredScreen, type LazyRoute } from '@/lib/declared-screen';
import { readListParams } from '@/lib/list-params';
import { PAGED_LISTS } from './registry';

/** Every read-only list's route, on one generic screen. */
export const pagedListRoutes: LazyRoute[] = PAGED_LISTS.map((list) => ({
  path: list.route,
  load: () =>
    import('./paged-list-page').then(({ PagedListPage }) =>
      declaredScreen(`${list.key}:list`, () => <PagedListPage list={list} />),
    ),
  prefetch: async (queryClient, _params, searchParams) => {
    const { pagedListResource } = await import('./resource');
    const { page, size } = readListParams(searchParams);
    return queryClient.prefetchQuery(pagedListResource(list).queries.page({ page, size }));
  },
}));
