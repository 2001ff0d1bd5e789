import type { ComponentType } from 'react';
import { createElement } from 'react';
import type { Catalogue } from './define-catalogue';
import { CATALOGUES } from './registry';

/** A route of the table: its path, and how to load its screen (lazily: two generic screens serve every catalogue). */
export type LazyRoute = { path: string; load: () => Promise<ComponentType> };

const bound = new Map<string, ComponentType>();

/** The same component for the same catalogue and screen, so React keeps it across renders. */
function bind(catalogue: Catalogue, name: string, Page: ComponentType<{ catalogue: Catalogue }>) {
  const id = `${catalogue.key}:${name}`;
  let Screen = bound.get(id);
  if (!Screen) {
    Screen = () => createElement(Page, { catalogue });
    bound.set(id, Screen);
  }
  return Screen;
}

/** Every catalogue's list, add and update routes (SPEC 2.2's paths, quirks included). */
export const catalogueRoutes: LazyRoute[] = CATALOGUES.flatMap((catalogue) => {
  const list = () =>
    import('./catalogue-list-page').then((module) => bind(catalogue, 'list', module.CatalogueListPage));
  const form = () =>
    import('./catalogue-form-page').then((module) => bind(catalogue, 'form', module.CatalogueFormPage));
  return [
    { path: catalogue.routes.list, load: list },
    { path: catalogue.routes.add, load: form },
    { path: catalogue.routes.update, load: form },
  ];
});
