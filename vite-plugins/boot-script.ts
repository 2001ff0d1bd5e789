import { join } from 'node:path';
import type { AliasOptions, Plugin } from 'vite';
import type { LazyRoute } from '../src/lib/route-table';
import { routeModules, type RouteTable } from './route-table.ts';

/**
 * src/boot.ts, built into one self-contained script (checked: it imports nothing at run time) and written into
 * index.html ahead of the module scripts, so that it runs while the page is parsed (the server's CSP allows it by
 * hash), with what it reads: per route of the table, the built files of the modules it names and of all they import
 * beyond what index.html loads, its first call (LazyRoute's `call`), its extension (`feature`) and `permission`.
 */
export function bootScript(readRouteTable: (root: string) => Promise<RouteTable>): Plugin {
  const entry = 'src/boot.ts';
  let base = '/';
  let root = '';
  let mode = 'production';
  let alias: AliasOptions = {};
  let bootCode = '';
  let routes: (LazyRoute & { signedIn: boolean })[] = [];
  return {
    name: 'boot-script',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
      mode = config.mode;
      alias = config.resolve.alias;
    },
    async buildStart() {
      const { build } = await import('vite');
      const built = await build({
        configFile: false,
        root,
        mode,
        logLevel: 'silent',
        resolve: { alias },
        build: {
          write: false,
          copyPublicDir: false,
          minify: true,
          lib: { entry: join(root, entry), formats: ['iife'], name: 'consoleBoot' },
        },
      });
      const [output] = (Array.isArray(built) ? built : [built]) as { output: { code?: string }[] }[];
      bootCode = output?.output[0]?.code?.trim() ?? '';
      if (!bootCode || /\bimport\s*\(|<\/script/i.test(bootCode))
        throw new Error(`${entry} must build to one script that imports nothing at run time`);
      const table = await readRouteTable(root);
      const mark = (signedIn: boolean) => (route: LazyRoute) => ({ ...route, signedIn });
      routes = [...table.PUBLIC_ROUTES.map(mark(false)), ...table.SIGNED_IN_ROUTES.map(mark(true))];
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
        const files: string[] = [];
        const indexOf = (url: string) => (files.includes(url) ? files.indexOf(url) : files.push(url) - 1);
        const needs = (fileName: string, found: Set<string>) => {
          const url = `${base}${fileName}`;
          const chunk = bundle[fileName];
          if (chunk?.type !== 'chunk' || found.has(url) || html.includes(`${url}"`)) return;
          found.add(url);
          for (const css of chunk.viteMetadata?.importedCss ?? []) found.add(`${base}${css}`);
          for (const imported of chunk.imports) needs(imported, found);
        };
        const chunkOf = (module: string) => {
          const chunk = chunks.find((candidate) => candidate.moduleIds.includes(join(root, module)));
          if (!chunk) throw new Error(`A route names ${module}, which is in no chunk`);
          return chunk;
        };
        const filesOf = (module: string) => {
          const found = new Set<string>();
          needs(chunkOf(module).fileName, found);
          return [...found].map(indexOf);
        };
        const table = routes.map((route) => {
          const { call, feature, permission } = route;
          return [
            route.path,
            route.signedIn ? 1 : 0,
            [...new Set(routeModules(route).flatMap(filesOf))],
            ...(call || feature || permission ? [call ? [call.module, call.name] : null] : []),
            ...(feature || permission ? [feature ?? null] : []),
            ...(permission ? [permission] : []),
          ];
        });
        const data = JSON.stringify({ files, routes: table }).replaceAll('<', '\\u003c');
        const tags = `<script type="application/json" id="route-files">${data}</script>\n    <script>${bootCode}</script>\n    `;
        const at = html.indexOf('<script type="module"');
        return at === -1
          ? html.replace('</head>', `${tags}</head>`)
          : `${html.slice(0, at)}${tags}${html.slice(at)}`;
      },
    },
  };
}
