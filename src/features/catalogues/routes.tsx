import { declaredScreen, queriesIn, screenIn, type LazyRoute } from '@/lib/declared-screen';
import { readListParams } from '@/lib/list-state';
import type * as FormPage from './catalogue-form-page';
import type * as ListPage from './catalogue-list-page';
import { idParam } from './define-catalogue';
import { CATALOGUES } from './registry';
import type * as Resource from './resource';

/** Every catalogue's list, add and update routes (SPEC 2.2's paths, quirks included), on two generic screens. */
export const catalogueRoutes: LazyRoute[] = CATALOGUES.flatMap((catalogue) => {
  const list = screenIn<typeof ListPage>(
    '/src/features/catalogues/catalogue-list-page.tsx',
    ({ CatalogueListPage }) =>
      declaredScreen(`${catalogue.key}:list`, () => <CatalogueListPage catalogue={catalogue} />),
  );
  const form = screenIn<typeof FormPage>(
    '/src/features/catalogues/catalogue-form-page.tsx',
    ({ CatalogueFormPage }) =>
      declaredScreen(`${catalogue.key}:form`, () => <CatalogueFormPage catalogue={catalogue} />),
  );
  const resource = '/src/features/catalogues/resource.ts';
  return [
    {
      path: catalogue.routes.list,
      screen: list,
      data: queriesIn<typeof Resource>(resource, (m, queryClient, _params, searchParams) => {
        const { queries } = m.catalogueResource(catalogue);
        if (!catalogue.paginated) return queryClient.prefetchQuery(queries.list());
        const { page, size } = readListParams(searchParams);
        return queryClient.prefetchQuery(queries.page({ page, size }));
      }),
    },
    { path: catalogue.routes.add, screen: form },
    {
      path: catalogue.routes.update,
      screen: form,
      data: queriesIn<typeof Resource>(resource, (m, queryClient, params) =>
        queryClient.prefetchQuery(
          m.catalogueResource(catalogue).queries.detail(params[idParam(catalogue.routes.update)] ?? ''),
        ),
      ),
    },
  ];
});
