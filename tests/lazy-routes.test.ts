import { QueryClient } from '@tanstack/react-query';
import { matchRoutes } from 'react-router-dom';
import { PUBLIC_ROUTES, SIGNED_IN_ROUTES } from '@/app/lazy-routes';
import { loadScreen, prefetchRoute } from '@/app/route-code';
import { matchRoute } from '@/lib/match-path';

const ROUTES = [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES];
/** A path each route matches: its pattern with a sample id for each parameter. */
const samplePath = (pattern: string) => pattern.replace(/:\w+/g, '65a1f0c2e4b0a1b2c3d4e5f6');

describe('the route table as data (lazy-routes.ts)', () => {
  it.each(ROUTES.map((route) => [route.path, route] as const))(
    '%s names a screen module that loads and gives a component',
    async (_path, route) => {
      const Screen = await loadScreen(route.screen);
      expect(typeof Screen).toBe('function');
    },
  );

  it.each(ROUTES.filter((route) => route.data).map((route) => [route.path, route.data!] as const))(
    '%s names an api module whose prefetch asks for a query',
    async (path, data) => {
      const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
      const asked: unknown[] = [];
      vi.spyOn(queryClient, 'prefetchQuery').mockImplementation(async (options) => {
        asked.push(options.queryKey);
      });
      const params = Object.fromEntries(
        [...path.matchAll(/:(\w+)/g)].map(([, name]) => [name, '65a1f0c2e4b0a1b2c3d4e5f6']),
      );
      await prefetchRoute(data, queryClient, params, new URLSearchParams('page=2'));
      expect(asked).toHaveLength(1);
      expect(asked[0]).toEqual(expect.any(Array));
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
