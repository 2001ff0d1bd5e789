import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import type { LazyRoute } from './src/lib/declared-screen';
import { defineConfig } from 'vitest/config';

/** Writes which modules (and how many bytes of each) went into which chunk: dist/.vite/chunks.json, for the budget check. */
function chunkModules(): Plugin {
  const root = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = Object.fromEntries(
          Object.entries(output.modules).map(([id, module]) => [id.replace(root, ''), module.renderedLength]),
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunks.json',
        source: JSON.stringify(chunks, null, 1),
      });
    },
  };
}

/**
 * Writes a `.br` and a `.gz` twin beside every text file of the build (the server sends the one the browser accepts,
 * server/lib/console-assets.ts), at the strongest levels: the work is done once per build, not per request. The gzip
 * twin comes from Zopfli, which writes ordinary gzip (any client reads it) about 3.5% smaller than zlib's level 9,
 * for some 10 s more per build.
 */
function precompress(): Plugin {
  const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      for (const file of files) {
        if (!TEXT.test(file) || file.startsWith('.vite')) continue;
        const path = join(outDir, file);
        const source = readFileSync(path);
        writeFileSync(`${path}.gz`, await gzipAsync(source, { numiterations: 5 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(source, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
      }
    },
  };
}

/**
 * Mantine's styles per component, in the chunk that uses the component: each of @mantine/core's components imports its
 * class map `<Name>.module.mjs`, which gets its stylesheet `@mantine/core/styles/<Name>.layer.css` as an import, so
 * a screen's CSS holds exactly the components (and the components they are built from) that its code holds, in
 * dependency order, and no screen or shared component has to list them. The base (reset, variables, global classes)
 * and the shell's components are in src/main.tsx.
 *
 * The dev server pre-bundles @mantine/core (node_modules/.vite/deps), where Vite's own transform hooks never see
 * its files: the same transform goes to the pre-bundler, which keeps each stylesheet as an import of the bundle (Vite
 * leaves CSS out of pre-bundled code), in the order the modules run, as the build does. Dev loads every component's
 * stylesheet (the pre-bundle holds all of @mantine/core), but each after those of the components it is built from and
 * once only (main.tsx's imports are the same files), so the `mantine` layer cascades as in the build. (Importing the
 * whole stylesheet in dev instead put its rules ahead of main.tsx's per-component ones: UnstyledButton's reset, later
 * in the layer, won over every Button; e2e/dev-styles.spec.ts compares dev and build.)
 */
function mantineStylesPerComponent(): Plugin {
  // Components, and the shared parts under utils (InlineInput: the label beside a Switch, Checkbox or Radio).
  const MODULE = /@mantine[\\/]core[\\/]esm[\\/](?:components|utils)[\\/](?:.+[\\/])?(\w+)\.module\.mjs$/;
  const transform = {
    filter: { id: MODULE },
    handler(code: string, id: string) {
      const name = MODULE.exec(id)?.[1];
      return name
        ? { code: `import '@mantine/core/styles/${name}.layer.css';\n${code}`, map: null }
        : undefined;
    },
  };
  return {
    name: 'mantine-styles-per-component',
    enforce: 'pre',
    config: () => ({
      optimizeDeps: { rolldownOptions: { plugins: [{ name: 'mantine-styles-per-component', transform }] } },
    }),
    transform,
  };
}

/**
 * Demo mode's service worker, served by the dev server from the msw package itself: it never sits in public/,
 * so production builds do not ship it.
 */
function mockServiceWorker(): Plugin {
  const workerPath = createRequire(import.meta.url).resolve('msw/mockServiceWorker.js');
  return {
    name: 'mock-service-worker',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use('/mockServiceWorker.js', (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript');
        response.end(readFileSync(workerPath));
      });
    },
  };
}

/**
 * src/boot.ts, built on its own into one self-contained script and written into index.html ahead of the module
 * scripts, so that it runs while the page is parsed, before any of them (the server's Content-Security-Policy allows
 * it by hash, like the colour-scheme script), with what it reads: for each route of src/app/lazy-routes.ts (imported
 * here, at build time: the table is plain data), the built files of the modules it names (its screen and api module)
 * and of everything they import, beyond what index.html already loads, its first call (LazyRoute's `call`: a
 * calls module and the name of one of its first calls) and the extension it belongs to (LazyRoute's `feature`). Its own imports (the calls modules and what they use) are
 * bundled into it; it must import nothing at run time: checked here.
 */
function bootScript(): Plugin {
  const entry = 'src/boot.ts';
  let base = '/';
  let root = '';
  let mode = 'production';
  let bootCode = '';
  let routes: {
    path: string;
    signedIn: boolean;
    modules: string[];
    call?: LazyRoute['call'];
    feature?: LazyRoute['feature'];
  }[] = [];
  type Table = Record<'PUBLIC_ROUTES' | 'SIGNED_IN_ROUTES', LazyRoute[]>;
  return {
    name: 'boot-script',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root;
      mode = config.mode;
    },
    async buildStart() {
      const { build } = await import('vite');
      const built = await build({
        configFile: false,
        root,
        mode,
        logLevel: 'silent',
        resolve: { alias: { '@': join(root, 'src') } },
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
      const { tsImport } = await import('tsx/esm/api');
      const table = (await tsImport(join(root, 'src/app/lazy-routes.ts'), {
        parentURL: import.meta.url,
        tsconfig: join(root, 'tsconfig.app.json'),
      })) as Table;
      const describe = (signedIn: boolean) => (route: LazyRoute) => ({
        path: route.path,
        signedIn,
        modules: [route.screen.module, route.data?.module].filter((module) => module !== undefined),
        call: route.call,
        feature: route.feature,
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
        const table = routes.map(({ path, signedIn, modules, call, feature }) => [
          path,
          signedIn ? 1 : 0,
          [...new Set(modules.flatMap(filesOf))],
          ...(call || feature ? [call ? [call.module, call.name] : null] : []),
          ...(feature ? [feature] : []),
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

/**
 * The favicon as a data: URL in the built index.html: one request fewer while the first load's files queue for
 * HTTP/1.1's six connections (public/favicon.svg stays for anything that links it).
 */
function inlineFavicon(): Plugin {
  let publicDir = 'public';
  return {
    name: 'inline-favicon',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    transformIndexHtml(html) {
      const svg = readFileSync(join(publicDir, 'favicon.svg'), 'utf8').trim();
      return html.replace('href="/favicon.svg"', `href="data:image/svg+xml,${encodeURIComponent(svg)}"`);
    },
  };
}

/** Every chunk `fileName` statically imports, itself included: all loaded before it runs. */
function staticClosure(bundle: Rolldown.OutputBundle, fileName: string, found = new Set<string>()) {
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
 * A lazy import's preload list (Vite's __vite__mapDeps, written into the importing chunk) names only the files that
 * are not loaded already: not the importing chunk's own static imports (loaded before it runs), and not the
 * stylesheets index.html links. Listing them again only cost bytes in every chunk that imports lazily: the Export CSV
 * button's list of the export dialog's files was half vendor, index, list-kit and the entry's stylesheets, and the
 * entry's two stylesheets alone cost some 130 bytes gzip in a list's first load (index, list-kit, the list's chunks).
 * Scripts are left out by resolveDependencies; stylesheets, which Vite does not pass it, from the written lists.
 */
function preloadNewFilesOnly() {
  let bundle: Rolldown.OutputBundle = {};
  const capture: Plugin = {
    name: 'preload-new-files-only',
    apply: 'build',
    generateBundle(_options, output) {
      bundle = output;
    },
  };
  const resolveDependencies = (_file: string, deps: string[], { hostId }: { hostId: string }) => {
    const loaded = staticClosure(bundle, hostId);
    return deps.filter((dep) => !loaded.has(dep));
  };
  const linkedStylesheets: Plugin = {
    name: 'preload-no-linked-stylesheets',
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

const preloads = preloadNewFilesOnly();

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

export default defineConfig(({ mode }) => ({
  plugins: [
    react(),
    mantineStylesPerComponent(),
    bootScript(),
    inlineFavicon(),
    chunkModules(),
    ...preloads.plugins,
    precompress(),
    ...(mode === 'mock' ? [mockServiceWorker()] : []),
  ],
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      '@mocks': fileURLToPath(new URL('./mocks', import.meta.url)),
      '@contract': fileURLToPath(new URL('./contract', import.meta.url)),
    },
  },
  // Every screen is a lazy chunk: crawling them all up front spares the dev server a dependency re-bundle (and a
  // page reload) on the first visit to each screen.
  optimizeDeps: { entries: ['index.html', 'src/**/*.tsx', 'mocks/**/*.{ts,tsx}'] },
  server: {
    // In mock mode MSW answers in the browser; otherwise Vite forwards the API and uploaded media to the reference server.
    proxy:
      mode === 'mock'
        ? undefined
        : {
            '/api': { target: apiTarget, changeOrigin: true },
            '/uploads': { target: apiTarget, changeOrigin: true },
          },
  },
  build: {
    rolldownOptions: {
      output: {
        // Floating UI (popovers, tooltips, modals) gets its own chunk, so a screen without them does not
        // load it merely because the bundler grouped it with something that screen does use. React, the router,
        // React Query and ky, which every screen needs, travel as one chunk: split along the screens that first
        // used each piece, they came in four more files and compressed 4 KiB worse.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'floating-ui', priority: 5, test: /node_modules[\\/]@floating-ui[\\/]/ },
            {
              name: 'vendor',
              priority: 4,
              test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](?:query-core|react-query)|ky|zod)[\\/]|[\\/]src[\\/](?:lib[\\/](?:api-error|session)|config[\\/]env)\.ts$|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/](?:createReactComponent|defaultAttributes)|vite[\\/]preload-helper|rolldown[\\/]runtime/,
            },
            {
              // Mantine's core (Box, styles API, provider) and the few components the shell itself shows.
              name: 'mantine-base',
              priority: 3,
              test: /@mantine[\\/]core[\\/]esm[\\/](?:core[\\/](?:utils|styles-api|MantineProvider|InlineStyles|Box|factory)|components[\\/](?:Loader|Transition|UnstyledButton))[\\/]|@mantine[\\/]hooks[\\/]esm[\\/](?:use-isomorphic-effect|use-media-query|use-did-update|use-reduced-motion)[\\/]|[\\/]clsx[\\/]|@mantine[\\/]core[\\/]styles[\\/](?:baseline|default-css-variables|global|UnstyledButton|Loader|CloseButton|Input|Combobox|Badge|Anchor)\.layer\.css$/,
            },
            {
              // Mantine's three small surfaces (sign-in, dashboard, profiles, public pages, every form's error alert):
              // two files instead of six on the screens that show them.
              name: 'surfaces',
              priority: 2,
              test: /@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:Alert|Card|Paper)[\\/]|@mantine[\\/]core[\\/]styles[\\/](?:Alert|Card|Paper)\.layer\.css$/,
            },
            {
              // What a form screen needs beyond the shell (react-hook-form and its zod resolver, the password field,
              // the form actions, the sign-in form and its call): one file instead of seven on a cold /sign-in.
              name: 'form-kit',
              priority: 2,
              test: /node_modules[\\/](?:react-hook-form|@hookform)[\\/]|[\\/]src[\\/](?:components[\\/]form[\\/](?:password-field|form-actions|focus-first-error)\.tsx?|lib[\\/]form\.ts|features[\\/]auth[\\/](?:sign-in-form|api)\.tsx?)$|@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:PasswordInput)[\\/]|@mantine[\\/]hooks[\\/]esm[\\/]use-uncontrolled[\\/]|@mantine[\\/]core[\\/]styles[\\/](?:PasswordInput)\.layer\.css$/,
            },
            {
              // What a list screen needs beyond the shell (the shared table, its pagination and search box, the
              // inputs, the API client and resource helpers, and the user status call that the users and moderation
              // screens share): one request instead of about a dozen small ones,
              // each of which costs a round trip on HTTP/1.1's six connections.
              name: 'list-kit',
              priority: 2,
              test: /[\\/]src[\\/](?:components[\\/](?:page-card|data-table|paged-table|pagination-bar|busy-overlay|status-badge|error-state)\.tsx|lib[\\/](?:resource|schemas|api-client|search-box|user-status)\.ts)$|@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:Input|InputBase|CloseButton|TextInput|NativeSelect|Badge|Combobox[\\/]ComboboxChevron)[\\/]|@mantine[\\/]hooks[\\/]esm[\\/](?:use-id|use-debounced-callback|utils[\\/](?:random-id|use-callback-ref))[\\/]|@mantine[\\/]core[\\/]esm[\\/](?:components[\\/](?:Anchor|Combobox[\\/](?:Combobox\.module|get-parsed-combobox-data))|core[\\/]styles-api[\\/]use-resolved-styles-api)|@tabler[\\/]icons-react[\\/]dist[\\/]esm[\\/]icons[\\/]Icon(?:DatabaseOff|ChevronLeft|ChevronLeftPipe|ChevronRight|ChevronRightPipe)\.mjs$|zod[\\/]v4[\\/]mini[\\/]coerce/,
            },
          ],
        },
      },
    },
    // Chromium, Safari 17 and Firefox 115 preload modules natively; an older browser still loads every file, only
    // without the head start, so the polyfill is not worth its place in every first load.
    modulePreload: { polyfill: false, resolveDependencies: preloads.resolveDependencies },
    manifest: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
  },
  test: {
    // One worker per core (Vitest's default leaves one core to itself, which on two cores ran every file in turn).
    maxWorkers: '100%',
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          globals: true,
          include: ['tests/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
          exclude: ['**/node_modules/**', '**/*.isolated.test.{ts,tsx}'],
          setupFiles: ['./tests/setup.ts'],
          css: false,
          testTimeout: 20000,
          // Each worker keeps its jsdom and its loaded modules (React, Mantine, MSW, the app) from one test file to
          // the next instead of starting afresh per file: a third of the web tests' time went on starting. What a
          // test may leave behind, tests/setup.ts resets. A file that replaces modules (vi.mock, vi.resetModules) is
          // named *.isolated.test.ts(x) and runs in fresh modules below: the router keeps each screen's code once
          // loaded, so a mock would not reach a screen that an earlier file in the same worker has shown.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-isolated',
          environment: 'jsdom',
          globals: true,
          include: ['tests/**/*.isolated.test.{ts,tsx}', 'src/**/*.isolated.test.{ts,tsx}'],
          setupFiles: ['./tests/setup.ts'],
          css: false,
          testTimeout: 20000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          testTimeout: 20000,
        },
      },
    ],
  },
}));
