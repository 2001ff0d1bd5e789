import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LazyRoute, routeTable, RoutesModule } from '../src/lib/route-table';

/** The route table as src/app/feature-routes.ts gathers it, read at build time (routes modules are plain data). */
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
