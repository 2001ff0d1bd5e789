import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { bootScript } from './vite-plugins/boot-script.ts';
import { mantineStylesPerComponent } from './vite-plugins/mantine-styles-per-component.ts';
import { mockServiceWorker } from './vite-plugins/mock-service-worker.ts';
import { chunkModules, precompress } from './vite-plugins/output-files.ts';
import { readRouteTable } from './vite-plugins/route-table.ts';

const apiTarget = process.env.API_PROXY_TARGET ?? 'http://localhost:3000';

const reactRouterBuild = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command, mode }) => ({
  plugins: [
    react(),
    mantineStylesPerComponent(),
    bootScript(readRouteTable),
    chunkModules(),
    precompress(),
    ...(mode === 'mock' ? [mockServiceWorker()] : []),
  ],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      { find: '@mocks', replacement: fileURLToPath(new URL('./mocks', import.meta.url)) },
      { find: '@contract', replacement: fileURLToPath(new URL('./contract', import.meta.url)) },
      // React Router 7's package points every bundler at its development build, dev-only warnings switched on
      // (remix-run/react-router#14102); a build takes the production build it ships beside it.
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterBuild('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') },
          ]
        : []),
    ],
  },
  // Crawled up front: spares the dev server a re-bundle and a reload on the first visit to each lazy screen.
  optimizeDeps: { entries: ['index.html', 'src/**/*.tsx', 'mocks/browser.tsx'] },
  server: {
    // The API and uploaded media go to the reference server; in demo mode (scripts/dev-mock.mjs) the panel's Reset.
    proxy: {
      '/api': { target: apiTarget, changeOrigin: true },
      '/uploads': { target: apiTarget, changeOrigin: true },
      ...(mode === 'mock' && process.env.DEMO_CONTROL_TARGET
        ? { '/__demo': { target: process.env.DEMO_CONTROL_TARGET } }
        : {}),
    },
  },
  build: {
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, the router and React Query, which every screen runs, as one file rather than split along the
            // screens that first used each.
            {
              name: 'vendor',
              test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|react-router-dom|@tanstack[\\/](?:query-core|react-query))[\\/]/,
              priority: 20,
            },
            // What many screens share (Mantine's common components, the list and form machinery), as one file rather
            // than split by the exact set of screens that use each: a first load fetched 38-52 files of 1-2 KiB
            // each, and LCP paid a round trip for every six (docs/performance.md). Naming nothing, by how widely a
            // module is shared: 28 of the build's 91 lazy entries (screens, dialogs, declarations) or more, about a
            // third. Fewer pulled what only forms and dialogs use (the form machinery; the popovers' floating-ui, 25
            // KiB, once the issue-43 screens made it 24-27 entries') onto every list, over /users' byte guard; more
            // left the small files. e2e/budget.spec.ts says when growth moves a library across.
            { name: 'common', minShareCount: 28, priority: 10 },
          ],
        },
      },
    },
    // Chromium, Safari 17 and Firefox 115 preload modules natively.
    modulePreload: { polyfill: false },
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
          setupFiles: ['./tests/support/setup.ts'],
          // The reference server's PostgreSQL and the demo data's template database (tests/support/api-server.ts).
          globalSetup: ['tests/support/global-setup.ts'],
          hookTimeout: 60000,
          css: false,
          testTimeout: 20000,
          // Each worker keeps its jsdom and its loaded modules (React, Mantine, MSW, the app) from one test file to
          // the next instead of starting afresh per file: a third of the web tests' time went on starting. What a
          // test may leave behind, tests/support/setup.ts resets. A file that replaces modules (vi.mock, vi.resetModules) is
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
          setupFiles: ['./tests/support/setup.ts'],
          // The reference server's PostgreSQL and the demo data's template database (tests/support/api-server.ts).
          globalSetup: ['tests/support/global-setup.ts'],
          hookTimeout: 60000,
          css: false,
          testTimeout: 20000,
        },
      },
      {
        extends: true,
        test: {
          name: 'build',
          environment: 'node',
          include: ['vite-plugins/**/*.test.ts'],
          testTimeout: 120000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // A PostgreSQL for server/test/postgres (TEST_DATABASE_URL, or an embedded one started for the run).
          globalSetup: ['server/test/postgres/global-setup.ts'],
          testTimeout: 20000,
          // A file's beforeAll makes its database and server, and some send a few hundred requests through them.
          hookTimeout: 60000,
        },
      },
    ],
  },
}));
