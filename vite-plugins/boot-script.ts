import { join } from 'node:path';
import type { AliasOptions, Plugin } from 'vite';
import type { LazyRoute } from '../src/lib/route-table';
import { routeModules, type RouteTable } from './route-table.ts';

/**
 * src/boot.ts, built on its own into one self-contained script and written into index.html ahead of the module
 * scripts, so that it runs while the page is parsed, before any of them (the server's Content-Security-Policy allows
 * it by hash, like the colour-scheme script), with what it reads: for each route of the table (readRouteTable), the
 * built files of the modules it names (its screen, its api module and its `preload`) and of everything they import,
 * beyond what index.html already loads, its first call (LazyRoute's `call`: a calls module and the name of one of its
 * first calls) and the extension it belongs to (LazyRoute's `feature`). Its own imports (the calls modules and what
 * they use) are bundled into it; it must import nothing at run time: checked here.
 */
export function bootScript(readRouteTable: (root: string) => Promise<RouteTable>): Plugin {
  const entry = 'src/boot.ts';
  let base = '/';
  let root = '';
  let mode = 'production';
  let alias: AliasOptions = {};
  let bootCode = '';
  let routes: {
    path: string;
    signedIn: boolean;
    modules: string[];
    call?: LazyRoute['call'];
    feature?: LazyRoute['feature'];
    permission?: LazyRoute['permission'];
  }[] = [];
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
      const describe = (signedIn: boolean) => (route: LazyRoute) => ({
        path: route.path,
        signedIn,
        modules: routeModules(route),
        call: route.call,
        feature: route.feature,
        permission: route.permission,
      });
      routes = [...table.PUBLIC_ROUTES.map(describe(false)), ...table.SIGNED_IN_ROUTES.map(describe(true))];
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
        const table = routes.map(({ path, signedIn, modules, call, feature, permission }) => [
          path,
          signedIn ? 1 : 0,
          [...new Set(modules.flatMap(filesOf))],
          ...(call || feature || permission ? [call ? [call.module, call.name] : null] : []),
          ...(feature || permission ? [feature ?? null] : []),
          ...(permission ? [permission] : []),
        ]);
        const data = JSON.stringify({ files, routes: table }).replaceAll('<', '\\u003c');
        const tags = `<script type="application/json" id="route-files">${data}</script>\n    <script>${bootCode}</script>\n    `;
        // The main bundle's own files, largest first and ahead of every other request: on HTTP/1.1's six connections
        // the longest download (React and its kin) must not wait for a free one behind the small files.
        const size = (tag: string) => {
          const output = bundle[/href="([^"]+)"/.exec(tag)?.[1]?.slice(base.length) ?? ''];
          return output?.type === 'chunk' ? output.code.length : 0;
        };
        const preloads = html.match(/ *<link rel="modulepreload"[^>]*>\n?/g) ?? [];
        const rest = preloads.reduce((page, tag) => page.replace(tag, ''), html);
        const first = [...preloads]
          .sort((a, b) => size(b) - size(a))
          .map((tag) => `${tag.trim()}\n    `)
          .join('');
        const at = rest.indexOf('<script type="module"');
        return at === -1
          ? rest.replace('</head>', `${first}${tags}</head>`)
          : `${rest.slice(0, at)}${first}${tags}${rest.slice(at)}`;
      },
    },
  };
}
