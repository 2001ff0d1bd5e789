import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { CHUNK_GROUPS } from './chunk-groups';
import { INTERACTION_ONLY, preloadLists } from './preload-lists';

const here = fileURLToPath(new URL('.', import.meta.url));

/**
 * Builds the fixture (an entry, a screen it loads, a dialog and a field the screen loads) with the build's rule, and
 * `routeCode` as the modules its route table names.
 */
async function buildFixture(routeCode: readonly string[] = []) {
  const preloads = preloadLists(() => Promise.resolve(routeCode));
  const result = await build({
    configFile: false,
    root: join(here, 'fixture'),
    logLevel: 'silent',
    plugins: preloads.plugins,
    build: {
      write: false,
      minify: false,
      modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
    },
  });
  const { output } = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
  const chunkOf = (name: string) =>
    output.find(
      (file): file is Rolldown.OutputChunk =>
        file.type === 'chunk' && !!file.facadeModuleId?.endsWith(`/${name}`),
    )!;
  const fileOf = (module: string) =>
    output.find((file) => file.type === 'chunk' && file.moduleIds.some((id) => id.endsWith(module)))!
      .fileName;
  const entry = output.find((file): file is Rolldown.OutputChunk => file.type === 'chunk' && file.isEntry)!;
  return { output, entry, chunkOf, fileOf };
}

/** The files a chunk's preload list names (Vite's __vite__mapDeps). */
const preloadList = (chunk: Rolldown.OutputChunk) =>
  JSON.parse(/m\.f=(\[[^\]]*\])/.exec(chunk.code)?.[1] ?? '[]') as string[];

describe('preload lists', () => {
  it("name no script of a dialog or tooltip, only its stylesheet, and a field's files in full", async () => {
    const { output, chunkOf, fileOf } = await buildFixture();
    const listed = preloadList(chunkOf('screen.ts'));
    const css = output.find((file) => file.type === 'asset' && file.fileName.endsWith('.css'))!.fileName;

    expect(listed).toContain(fileOf('lazy-field.ts'));
    expect(listed).toContain(fileOf('helper.ts'));
    expect(listed).not.toContain(fileOf('notice-dialog.tsx'));
    expect(listed).toContain(css);
    // What the screen's chunk loads before it runs is not named again.
    expect(listed).not.toContain(fileOf('shared.ts'));
    expect(listed).not.toContain(chunkOf('screen.ts').fileName);
  });

  it("name no script of a route's code, whose files the build lists once, per route, in index.html", async () => {
    const asRoute = await buildFixture(['/screen.ts', '/other-screen.ts']);
    const notRoute = await buildFixture();
    // The entry loads two screens, which import kit.ts: named unless the screens are a route's code.
    expect(preloadList(notRoute.entry)).toContain(notRoute.fileOf('kit.ts'));
    expect(preloadList(notRoute.entry)).toContain(notRoute.fileOf('other-screen.ts'));
    expect(preloadList(asRoute.entry)).toEqual([]);
    // What the screen itself loads lazily is listed as before.
    expect(preloadList(asRoute.chunkOf('screen.ts'))).toContain(asRoute.fileOf('lazy-field.ts'));
  });
});

/** Every file under src/, by its path. */
const SOURCES = readdirSync(join(here, '../src'), { recursive: true, encoding: 'utf8' }).map((file) =>
  join(here, '../src', file),
);
const groupOf = (id: string) =>
  CHUNK_GROUPS.find((group) => group.test instanceof RegExp && group.test.test(id))?.name ?? null;

describe('chunk groups', () => {
  it('take no interaction-only code, which loads on first use', () => {
    const dialogs = SOURCES.filter((file) => INTERACTION_ONLY.test(file));
    expect(dialogs.length).toBeGreaterThan(5);
    expect(dialogs.filter((file) => groupOf(file))).toEqual([]);
  });

  it('put React and its kin in vendor, the list and form kits in theirs, and the heavy libraries in none', () => {
    const modules = (path: string) => join(here, '../node_modules', path);
    expect(groupOf(modules('react-dom/cjs/react-dom-client.production.js'))).toBe('vendor');
    expect(groupOf(modules('@floating-ui/dom/dist/floating-ui.dom.mjs'))).toBe('floating-ui');
    expect(groupOf(join(here, '../src/components/list-kit/data-table.tsx'))).toBe('list-kit');
    expect(groupOf(modules('react-hook-form/dist/index.esm.mjs'))).toBe('form-kit');
    for (const heavy of [
      '@tiptap/core/dist/index.js',
      'dompurify/dist/purify.es.mjs',
      '@mantine/dates/esm/index.mjs',
    ])
      expect(groupOf(modules(heavy)), heavy).toBeNull();
  });

  it('put what forms and lists share in page-kit, and what only lists use in list-kit', () => {
    const modules = (path: string) => join(here, '../node_modules', path);
    const sources = (path: string) => join(here, '../src', path);
    for (const shared of [
      sources('components/page-kit/page-card.tsx'),
      sources('components/page-kit/error-state.tsx'),
      sources('lib/data/api-client.ts'),
      modules('@mantine/core/esm/components/TextInput/TextInput.mjs'),
      modules('@mantine/core/esm/components/Input/Input.mjs'),
    ])
      expect(groupOf(shared), shared).toBe('page-kit');
    for (const listOnly of [
      sources('components/list-kit/list-controller.ts'),
      sources('components/list-kit/list-view.tsx'),
      sources('components/list-kit/pagination-bar.tsx'),
      modules('@mantine/core/esm/components/NativeSelect/NativeSelect.mjs'),
      modules('@mantine/core/esm/components/Badge/Badge.mjs'),
    ])
      expect(groupOf(listOnly), listOnly).toBe('list-kit');
    // Every source file of the two folders is in its group (a file added there joins it).
    for (const [folder, group] of [
      ['components/page-kit', 'page-kit'],
      ['components/list-kit', 'list-kit'],
    ] as const)
      for (const file of SOURCES.filter((path) => path.includes(join('src', folder)) && /\.tsx?$/.test(path)))
        expect(groupOf(file), file).toBe(group);
  });
});
