import { declaredScreen, queriesIn, screenIn, type LazyRoute } from '@/lib/route-table';
import { apiSortFields, pageRequest, readListParams } from '@/lib/list-state';
import type * as FormPage from './catalogue-form-page';
import type * as ListPage from './catalogue-list-page';
import { idParam } from './define-catalogue';
import { CATALOGUE_MENU, declarationModule } from './entries';
import type * as Resource from './resource';

/**
 * Every catalogue's list, add and update routes (SPEC 2.2's paths, quirks included), on two generic screens. Routes
 * know a catalogue by its entry (entries.ts); the screens and the prefetch load its whole declaration
 * (declarations/<key>.ts, through registry.ts), which each route names as its `preload`, so that it is fetched
 * together with the screen's code rather than after it.
 */
export const routes: LazyRoute[] = CATALOGUE_MENU.flatMap(({ key, routes: paths, permission }) => {
  const preload = [declarationModule(key)];
  const list = screenIn<typeof ListPage>(
    '/src/features/catalogues/catalogue-list-page.tsx',
    async ({ CatalogueListPage, loadCatalogue }) => {
      const catalogue = await loadCatalogue(key);
      return declaredScreen(`${key}:list`, () => <CatalogueListPage catalogue={catalogue} />);
    },
  );
  const form = screenIn<typeof FormPage>(
    '/src/features/catalogues/catalogue-form-page.tsx',
    async ({ CatalogueFormPage, loadCatalogue }) => {
      const catalogue = await loadCatalogue(key);
      return declaredScreen(`${key}:form`, () => <CatalogueFormPage catalogue={catalogue} />);
    },
  );
  const resource = '/src/features/catalogues/resource.ts';
  return [
    {
      path: paths.list,
      permission,
      screen: list,
      preload,
      data: queriesIn<typeof Resource>(resource, async (m, queryClient, _params, searchParams) => {
        const catalogue = await m.loadCatalogue(key);
        const { queries } = m.catalogueResource(catalogue);
        if (!catalogue.paginated) return queryClient.prefetchQuery(queries.list());
        const state = readListParams(searchParams, [], apiSortFields(m.sortFieldsOf(catalogue.columns)));
        return queryClient.prefetchQuery(queries.page(pageRequest(state)));
      }),
    },
    { path: paths.add, permission, screen: form, preload },
    {
      path: paths.update,
      permission,
      screen: form,
      preload,
      data: queriesIn<typeof Resource>(resource, async (m, queryClient, params) =>
        queryClient.prefetchQuery(
          m.catalogueResource(await m.loadCatalogue(key)).queries.detail(params[idParam(paths.update)] ?? ''),
        ),
      ),
    },
  ];
});
