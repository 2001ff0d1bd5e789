import { hashKey, QueryCache, QueryClient } from '@tanstack/react-query';
import { waitFor } from '@testing-library/react';
import type { ComponentType, ReactElement } from 'react';
import { matchRoutes } from 'react-router-dom';
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES } from '@/app/feature-routes';
import { loadScreen } from '@/app/route-code';
import { loadCatalogues } from '@/features/catalogues/registry';
import { PAGED_LISTS } from '@/features/read-only-lists/registry';
import type { LazyRoute } from '@/lib/route-table';
import { matchRoute } from '@/lib/match-path';
import { renderApp } from '../support/render';

const CATALOGUES = await loadCatalogues();

const ROUTES = [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES];
/** A path each route matches: its pattern with a sample id for each parameter. */
const samplePath = (pattern: string) => pattern.replace(/:\w+/g, '65a1f0c2e4b0a1b2c3d4e5f6');

/** The screen modules, as the test's own imports (the router loads the same files through route-code.ts). */
const SCREEN_MODULES = import.meta.glob<Record<string, unknown>>('/src/features/*/*-page.tsx');
/** The component a screen module is named after: users-list-page.tsx exports UsersListPage. */
const componentOf = async (module: string) => {
  const name = module
    .replace(/^.*\/|\.tsx$/g, '')
    .replace(/(?:^|-)(\w)/g, (_match, letter: string) => letter.toUpperCase());
  const exports = await SCREEN_MODULES[module]!();
  expect(exports, `${module} exports ${name}`).toHaveProperty(name);
  return exports[name];
};

/**
 * The modules routes preload (LazyRoute's `preload`), as the test's own imports: in a build, src/boot.ts fetches their
 * files, which the build finds by these names (vite-plugins/boot-script.ts).
 */
const FEATURE_MODULES = import.meta.glob<Record<string, unknown>>('/src/features/**/*.{ts,tsx}');

/**
 * The generic screens, and what each route gives them: the catalogue (or read-only list) whose path it is, by the
 * catalogues' and lists' own declarations.
 */
const GENERIC: Record<string, (path: string) => Record<string, unknown>> = {
  '/src/features/catalogues/catalogue-list-page.tsx': (path) => ({
    catalogue: CATALOGUES.find((catalogue) => catalogue.routes.list === path),
  }),
  '/src/features/catalogues/catalogue-form-page.tsx': (path) => ({
    catalogue: CATALOGUES.find((catalogue) => [catalogue.routes.add, catalogue.routes.update].includes(path)),
  }),
  '/src/features/read-only-lists/paged-list-page.tsx': (path) => ({
    list: PAGED_LISTS.find((list) => list.route === path),
  }),
};
const byPath = (routes: LazyRoute[]) => routes.map((route) => [route.path, route] as const);
const OWN_SCREENS = ROUTES.filter((route) => !(route.screen.module in GENERIC));
const GENERIC_SCREENS = ROUTES.filter((route) => route.screen.module in GENERIC);

describe("the route table as data (each feature's routes.ts)", () => {
  it('has screens of both kinds', () => {
    expect(OWN_SCREENS.length).toBeGreaterThan(10);
    // Contact Us has a screen of its own ('contact-status'), which shows the generic one against SPEC's API.
    expect(GENERIC_SCREENS.length).toBe(CATALOGUES.length * 3 + PAGED_LISTS.length - 1);
  });

  it('shows only the sign-in and the public pages without a session (SPEC 2.1)', () => {
    expect(PUBLIC_ROUTES.map((route) => route.path).sort()).toEqual(
      [
        '/appeal',
        '/appeal/confirm',
        '/childsafetypolicy',
        '/delete-account',
        '/invitation/:token',
        '/login',
        '/sign-in',
      ].sort(),
    );
  });

  // The features' modules come in the order of their paths: with no two patterns alike, that order decides nothing.
  it('has no two routes that match the same paths', () => {
    const shape = (path: string) => path.toLowerCase().replace(/:\w+/g, ':');
    const shapes = ROUTES.map((route) => shape(route.path));
    expect(shapes.filter((path, index) => shapes.indexOf(path) !== index)).toEqual([]);
  });

  it.each(byPath(OWN_SCREENS))(
    '%s shows the component its screen module is named after',
    async (_path, route) => {
      expect(await loadScreen(route.screen)).toBe(await componentOf(route.screen.module));
    },
  );

  it.each(byPath(GENERIC_SCREENS))(
    '%s shows its own declaration on the generic screen its module exports',
    async (path, route) => {
      const Screen = (await loadScreen(route.screen)) as ComponentType & (() => ReactElement);
      const shown = Screen();
      expect(shown.type).toBe(await componentOf(route.screen.module));
      const declaration = GENERIC[route.screen.module]!(path);
      expect(Object.values(declaration)[0], `${path} is declared`).toBeDefined();
      expect(shown.props).toEqual(declaration);
      expect(await loadScreen(route.screen), 'the same component on every load').toBe(Screen);
    },
  );

  // A route preloads what its code imports as it starts (route-table.ts, `preload`): a catalogue's screens, the
  // declaration they show.
  it.each(byPath(ROUTES.filter((route) => route.preload)))(
    '%s preloads modules that are there, the declaration its screen shows',
    async (path, route) => {
      const loaded = await Promise.all(route.preload!.map((module) => FEATURE_MODULES[module]?.()));
      expect(loaded.map((module) => module?.catalogue)).toEqual([
        GENERIC[route.screen.module]!(path).catalogue,
      ]);
    },
  );

  // The prefetch must go through the screen's own queryOptions, so that the screen finds the answer under the same
  // key instead of asking again (route-table.ts, RoutePrefetch): the key it prefetches is one the screen reads.
  it.each(byPath(ROUTES.filter((route) => route.data)))(
    '%s prefetches a query that its screen then reads',
    async (path) => {
      // The sample ids are unknown to the server: those reads fail, by design here, and are logged.
      vi.spyOn(console, 'error').mockImplementation(() => {});
      const prefetched = vi.spyOn(QueryClient.prototype, 'prefetchQuery');
      const cacheEvents = vi.spyOn(QueryCache.prototype, 'notify');
      renderApp(`${samplePath(path)}?page=2`);
      await waitFor(() => expect(prefetched).toHaveBeenCalledTimes(1));
      const key = hashKey(prefetched.mock.calls[0]![0].queryKey);
      const read = () =>
        cacheEvents.mock.calls.flatMap(([event]) =>
          event.type === 'observerAdded' ? [event.query.queryHash] : [],
        );
      await waitFor(() => expect(read()).toContain(key));
    },
  );

  it('a module name that is not there is refused, not loaded as something else', async () => {
    await expect(
      loadScreen({ module: '/src/features/users/no-such-page.tsx', run: () => () => null }),
    ).rejects.toThrow('A route names /src/features/users/no-such-page.tsx, which is not there');
  });
});

describe("boot's matcher (match-path.ts) answers as React Router does", () => {
  const paths = [
    ...ROUTES.map((route) => samplePath(route.path)),
    ...ROUTES.map((route) => samplePath(route.path).toUpperCase()),
    ...ROUTES.map((route) => `${samplePath(route.path)}/`),
    '/looking-for/add',
    '/university-update',
    '/users/1/2',
    '/no-such-screen',
    '/faq/update/a%20b',
  ];

  it.each(paths)('%s', (pathname) => {
    const ours = matchRoute(ROUTES, pathname);
    const [theirs] = matchRoutes(ROUTES, pathname) ?? [];
    expect(ours?.route.path).toBe(theirs?.route.path);
    expect(ours?.params ?? null).toEqual(theirs ? { ...theirs.params } : null);
  });
});
