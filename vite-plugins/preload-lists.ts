import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

/**
 * Code that only an interaction needs: a dialog, a tooltip or a menu, named so (`*-dialog.tsx`, `*-dialogs.tsx`,
 * `*-tooltip.tsx`, `*-menu.tsx`) and imported where it is used, on first use (components/on-demand.ts).
 */
export const INTERACTION_ONLY = /[\\/][\w-]+-(?:dialogs?|tooltip|menu)\.tsx$/;

/** Every chunk `fileName` statically imports, itself included: all loaded before it runs. */
export function staticClosure(bundle: Rolldown.OutputBundle, fileName: string, found = new Set<string>()) {
  const chunk = bundle[fileName];
  if (chunk?.type !== 'chunk' || found.has(fileName)) return found;
  found.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, found);
  return found;
}

/** Vite's preload list, written at the top of a chunk that imports lazily; the calls name its files by index. */
const PRELOAD_LIST =
  /^const __vite__mapDeps=\(i,m=__vite__mapDeps,d=\(m\.f\|\|\(m\.f=(\[[^\]]*\])\)\)\)=>i\.map\(i=>d\[i\]\);\n/;
const PRELOAD_CALL = /__vite__mapDeps\(\[([\d,]*)\]\)/g;

/**
 * What Vite writes into a chunk at each `import()` it makes: the list of the files the imported code needs, fetched
 * at once when the import runs (Vite's __vite__mapDeps). The list costs bytes in the importing chunk, often a screen's
 * first load (the router's, in the main bundle, named every screen's files: 2 KiB of every first load), so it names
 * only what it must:
 *
 * - no script of a route's code (the modules the route table names, `routeCode`): the build lists each route's
 *   files once, in index.html (vite-plugins/boot-script.ts), and the router has them fetched from there as the
 *   route's code starts loading (src/app/route-code.ts, preloadRoute);
 * - nothing of interaction-only code (INTERACTION_ONLY): its scripts load when the dialog or tooltip is first asked
 *   for (the browser follows the chunk's own imports), not as names in every first load that shows its button;
 * - no script already loaded: the importing chunk's own static imports are there before it runs;
 * - no stylesheet index.html links.
 *
 * A lazy chunk's stylesheets stay listed otherwise: Vite applies them through that list alone. Scripts are left out by
 * `resolveDependencies` (build.modulePreload); stylesheets, which Vite does not pass it, from the written lists by
 * the plugins.
 */
export function preloadLists(routeCode: (root: string) => Promise<readonly string[]>) {
  let bundle: Rolldown.OutputBundle = {};
  let root = '';
  let routeModules = new Set<string>();
  const capture: Plugin = {
    name: 'preload-lists:bundle',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async buildStart() {
      routeModules = new Set((await routeCode(root)).map((module) => join(root, module)));
    },
    generateBundle(_options, output) {
      bundle = output;
    },
  };
  const resolveDependencies = (file: string, deps: string[], { hostId }: { hostId: string }) => {
    const imported = bundle[file];
    const facade = imported?.type === 'chunk' ? (imported.facadeModuleId ?? '') : '';
    if (INTERACTION_ONLY.test(facade) || routeModules.has(facade)) return [];
    const loaded = staticClosure(bundle, hostId);
    return deps.filter((dep) => !loaded.has(dep));
  };
  const linkedStylesheets: Plugin = {
    name: 'preload-lists:no-linked-stylesheets',
    apply: 'build',
    // After Vite has written the lists (its own generateBundle).
    generateBundle: {
      order: 'post',
      handler(_options, output) {
        const chunks = Object.values(output).filter((file) => file.type === 'chunk');
        const linked = new Set(
          chunks
            .filter((chunk) => chunk.isEntry)
            .flatMap((chunk) => [...staticClosure(output, chunk.fileName)])
            .flatMap((fileName) => {
              const chunk = output[fileName];
              return chunk?.type === 'chunk' ? [...(chunk.viteMetadata?.importedCss ?? [])] : [];
            }),
        );
        for (const chunk of chunks) {
          if (!chunk.code.includes('__vite__mapDeps')) continue;
          const list = PRELOAD_LIST.exec(chunk.code);
          if (!list)
            throw new Error(`${chunk.fileName}: Vite's preload list is not in the form this build expects`);
          const files = JSON.parse(list[1]!) as string[];
          const kept = files.filter((file) => !linked.has(file));
          if (kept.length === files.length) continue;
          const renumbered = (indexes: string) =>
            indexes
              .split(',')
              .filter(Boolean)
              .map((index) => kept.indexOf(files[Number(index)]!))
              .filter((index) => index >= 0);
          chunk.code =
            list[0].replace(list[1]!, JSON.stringify(kept)) +
            chunk.code
              .slice(list[0].length)
              .replace(
                PRELOAD_CALL,
                (_call, indexes: string) => `__vite__mapDeps([${renumbered(indexes).join(',')}])`,
              );
        }
      },
    },
  };
  return { plugins: [capture, linkedStylesheets], resolveDependencies };
}
