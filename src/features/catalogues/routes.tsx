import { declaredScreen, queriesIn, screenIn, type LazyRoute } from '@/lib/route-table';
import { apiSortFields, pageRequest, readListParams } from '@/lib/list-state';
import type * as FormPage from './catalogue-form-page';
import type * as ListPage from './catalogue-list-page';
import { idParam } from './define-catalogue';
import { CATALOGUE_MENU } from './entries';
import type * as Resource from './resource';

/**
 * Every catalogue's list, add and update routes (SPEC 2.2's paths, quirks included), on two generic screens. Routes
 * know a catalogue by its entry (entries.ts); the screens and the prefetch take its whole declaration from the
 * registry, which loads with them.
 */
export const routes: LazyRoute[] = CATALOGUE_MENU.flatMap(({ key, routes: paths, permission }) => {
  const list = screenIn<typeof ListPage>(
    '/src/features/catalogues/catalogue-list-page.tsx',
    ({ CatalogueListPage, catalogueByKey }) =>
      declaredScreen(`${key}:list`, () => <CatalogueListPage catalogue={catalogueByKey(key)} />),
  );
  const form = screenIn<typeof FormPage>(
    '/src/features/catalogues/catalogue-form-page.tsx',
    ({ CatalogueFormPage, catalogueByKey }) =>
      declaredScreen(`${key}:form`, () => <CatalogueFormPage catalogue={catalogueByKey(key)} />),
  );
  const resource = '/src/features/catalogues/resource.ts';
  return [
    {
      path: paths.list,
      permission,
      screen: list,
      data: queriesIn<typeof Resource>(resource, (m, queryClient, _params, searchParams) => {
        const catalogue = m.catalogueByKey(key);
        const { queries } = m.catalogueResource(catalogue);
        if (!catalogue.paginated) return queryClient.prefetchQuery(queries.list());
        const state = readListParams(searchParams, [], apiSortFields(m.sortFieldsOf(catalogue.columns)));
        return queryClient.prefetchQuery(queries.page(pageRequest(state)));
      }),
    },
    { path: paths.add, permission, screen: form },
    {
      path: paths.update,
      permission,
      screen: form,
      data: queriesIn<typeof Resource>(resource, (m, queryClient, params) =>
        queryClient.prefetchQuery(
          m.catalogueResource(m.catalogueByKey(key)).queries.detail(params[idParam(paths.update)] ?? ''),
        ),
      ),
    },
  ];
});
