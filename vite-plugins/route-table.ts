import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import type { LazyRoute, routeTable, RoutesModule } from '../src/lib/route-table';

/**
 * The route table as the console gathers it (src/app/feature-routes.ts: every src/features/<x>/routes.ts or .tsx, in
 * the order of their paths), read here at build time: the routes modules are plain data.
 */
export async function readRouteTable(root: string) {
  const { tsImport } = await import('tsx/esm/api');
  const load = (file: string) =>
    tsImport(join(root, file), { parentURL: import.meta.url, tsconfig: join(root, 'tsconfig.app.json') });
  const table = (await load('src/lib/route-table.ts')) as { routeTable: typeof routeTable };
  const modules: Record<string, RoutesModule> = {};
  for (const feature of readdirSync(join(root, 'src/features')))
    for (const name of ['routes.ts', 'routes.tsx']) {
      const file = `/src/features/${feature}/${name}`;
      if (existsSync(join(root, file))) modules[file] = (await load(file)) as RoutesModule;
    }
  return table.routeTable(modules);
}

/** The modules a route names, by their path from the project root: its screen, its api module and its `preload`. */
export const routeModules = (route: LazyRoute) =>
  [route.screen.module, route.data?.module, ...(route.preload ?? [])].filter(
    (module) => module !== undefined,
  );

export type RouteTable = Awaited<ReturnType<typeof readRouteTable>>;

/** Every module the route table names (routeModules of every route). */
export const routeCode = ({ PUBLIC_ROUTES, SIGNED_IN_ROUTES }: RouteTable) => [
  ...new Set([...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES].flatMap(routeModules)),
];

/**
 * The route table read once per build for the plugins that need it (boot-script.ts, preload-lists.ts): `read` reads
 * it on the build's first call, and `plugin` forgets it as the build ends, so that a rebuild reads it afresh.
 */
export function routeTableOfBuild() {
  let table: Promise<RouteTable> | undefined;
  const plugin: Plugin = {
    name: 'route-table',
    apply: 'build',
    buildEnd() {
      table = undefined;
    },
  };
  return { read: (root: string) => (table ??= readRouteTable(root)), plugin };
}
