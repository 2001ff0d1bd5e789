import { declaredScreen, type LazyRoute } from '@/lib/declared-screen';
import { readListParams } from '@/lib/list-params';
import { idParam } from './define-catalogue';
import { CATALOGUES } from './registry';

/** Every catalogue's list, add and update routes (SPEC 2.2's paths, quirks included), on two generic screens. */
export const catalogueRoutes: LazyRoute[] = CATALOGUES.flatMap((catalogue) => {
  const list = () =>
    import('./catalogue-list-page').then(({ CatalogueListPage }) =>
      declaredScreen(`${catalogue.key}:list`, () => <CatalogueListPage catalogue={catalogue} />),
    );
  const form = () =>
    import('./catalogue-form-page').then(({ CatalogueFormPage }) =>
      declaredScreen(`${catalogue.key}:form`, () => <CatalogueFormPage catalogue={catalogue} />),
    );
  const resource = () => import('./resource').then(({ catalogueResource }) => catalogueResource(catalogue));
  return [
    {
      path: catalogue.routes.list,
      load: list,
      prefetch: async (queryClient, _params, searchParams) => {
        const { queries } = await resource();
        if (!catalogue.paginated) return queryClient.prefetchQuery(queries.list());
        const { page, size } = readListParams(searchParams);
        return queryClient.prefetchQuery(queries.page({ page, size }));
      },
    },
    { path: catalogue.routes.add, load: form },
    {
      path: catalogue.routes.update,
      load: form,
      prefetch: async (queryClient, params) => {
        const recordId = params[idParam(catalogue.routes.update)];
        if (recordId) await queryClient.prefetchQuery((await resource()).queries.detail(recordId));
      },
    },
  ];
});
