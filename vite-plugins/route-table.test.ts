import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readRouteTable, routeModules } from './route-table';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('route table at build time', () => {
  it("reads the console's routes, whose modules are files of the project", async () => {
    const { PUBLIC_ROUTES, SIGNED_IN_ROUTES } = await readRouteTable(root);
    expect(PUBLIC_ROUTES.map((route) => route.path)).toContain('/sign-in');
    expect(SIGNED_IN_ROUTES.map((route) => route.path)).toEqual(expect.arrayContaining(['/users', '/queue']));
    const modules = [...PUBLIC_ROUTES, ...SIGNED_IN_ROUTES].flatMap(routeModules);
    expect(modules.filter((module) => !existsSync(join(root, module)))).toEqual([]);
  });
});
