import type { Catalogue } from './define-catalogue';
import { CATALOGUE_MENU, declarationModule } from './entries';

/**
 * Every catalogue's declaration (declarations/<key>.ts), each a module of its own that loads on its own: a catalogue
 * screen loads its own declaration and its catalogue's contract, not the others'. The route table names the module
 * (routes.tsx's `preload`), so that it comes together with the screen's code.
 */
const DECLARATIONS = import.meta.glob<Catalogue>('/src/features/catalogues/declarations/*.ts', {
  import: 'catalogue',
});

/** A catalogue's whole declaration, by its key (the route table names catalogues by key: see entries.ts). */
export function loadCatalogue(key: string): Promise<Catalogue> {
  const load = DECLARATIONS[declarationModule(key)];
  return load ? load() : Promise.reject(new Error(`No catalogue is declared as ${key}`));
}

/** Every declaration, in menu order (the tests walk them all). */
export const loadCatalogues = () => Promise.all(CATALOGUE_MENU.map(({ key }) => loadCatalogue(key)));
