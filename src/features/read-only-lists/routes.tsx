import { declaredScreen, type LazyRoute } from '@/lib/declared-screen';
import { PAGED_LISTS } from './registry';

/** Every read-only list's route, on one generic screen. */
export const pagedListRoutes: LazyRoute[] = PAGED_LISTS.map((list) => ({
  path: list.route,
  load: () =>
    import('./paged-list-page').then(({ PagedListPage }) =>
      declaredScreen(`${list.key}:list`, () => <PagedListPage list={list} />),
    ),
}));
