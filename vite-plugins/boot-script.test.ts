import type { Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import type { LazyRoute } from '../src/lib/route-table';
import { bootScript } from './boot-script';
import { buildFixture, fixtureFile } from './fixture/build-fixture';
import type { RouteTable } from './route-table';

const route = (path: string, module: string): LazyRoute => ({
  path,
  public: true,
  screen: { module, run: () => () => null },
});
const table = {
  PUBLIC_ROUTES: [route('/screen', '/screen.ts')],
  SIGNED_IN_ROUTES: [
    {
      ...route('/other', '/other-screen.ts'),
      call: { module: '/calls.ts', name: 'first' },
      feature: 'roles',
    },
  ],
} as unknown as RouteTable;

describe('boot script', () => {
  it("writes src/boot.ts into index.html ahead of the module scripts, with each route's built files", async () => {
    const output = await buildFixture([bootScript(() => Promise.resolve(table))]);
    const html = output.find((file) => file.fileName === 'index.html') as Rolldown.OutputAsset;
    const page = String(html.source);
    const data = /<script type="application\/json" id="route-files">(.*?)<\/script>/.exec(page)?.[1];
    const { files, routes } = JSON.parse(data ?? '{}') as { files: string[]; routes: unknown[][] };
    const fileOf = (module: string) =>
      `/${output.find((file) => file.type === 'chunk' && file.moduleIds.includes(fixtureFile(module)))!.fileName}`;

    const [screen, other] = routes as [[string, number, number[]], [string, number, number[], ...unknown[]]];
    expect(screen.slice(0, 2)).toEqual(['/screen', 0]);
    expect(screen[2].map((index) => files[index])).toEqual(
      expect.arrayContaining([fileOf('screen.ts'), fileOf('kit.ts')]),
    );
    expect(other).toEqual(['/other', 1, expect.any(Array), ['/calls.ts', 'first'], 'roles']);
    expect(other[2].map((index) => files[index])).toContain(fileOf('other-screen.ts'));
    // The boot code runs before the entry: inline, after the data it reads, before the first module script.
    const boot = page.indexOf('<script>');
    expect(boot).toBeGreaterThan(page.indexOf('id="route-files"'));
    expect(boot).toBeLessThan(page.indexOf('<script type="module"'));
    expect(page.slice(boot)).toContain('routeFiles');
  });
});
