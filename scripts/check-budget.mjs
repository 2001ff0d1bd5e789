#!/usr/bin/env node
// The bundle budget (issue: cold load of /users ≤ 160 KiB of JavaScript, gzip; heavy libraries only where used).
// Reads the production build's manifest, follows static imports from the entry plus each screen's module, and sums
// the gzip size of every JavaScript file the browser must fetch before that screen can render.
// Usage: node scripts/check-budget.mjs [--report]   (run `vite build` first)
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = 'dist';
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const chunkModules = JSON.parse(readFileSync(join(dist, '.vite/chunks.json'), 'utf8'));

const KIB = 1024;
const BUDGETS = [
  { route: '/users', module: 'src/features/users/users-list-page.tsx', maxKiB: 160 },
  // Every catalogue list (/university, /hobbies, /setting…) is this one screen.
  {
    route: '/university (any catalogue list)',
    module: 'src/features/catalogues/catalogue-list-page.tsx',
    maxKiB: 160,
  },
  {
    route: '/contact-us (any read-only list)',
    module: 'src/features/read-only-lists/paged-list-page.tsx',
    maxKiB: 160,
  },
];
/** Libraries that belong only to the screens that use them, never to the first load of a list. */
const HEAVY = [
  '@tiptap/',
  '@mantine/tiptap',
  '@mantine/dates',
  '@mantine/carousel',
  'embla-carousel',
  'dompurify',
  'prosemirror',
  'msw',
  '@tanstack/react-query-devtools',
];

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file))
    gzipCache.set(file, gzipSync(readFileSync(join(dist, file)), { level: 9 }).length);
  return gzipCache.get(file);
}

function closure(key, files = new Set()) {
  const entry = manifest[key];
  if (!entry) throw new Error(`${key} is not in the build manifest`);
  if (files.has(entry.file)) return files;
  files.add(entry.file);
  for (const imported of entry.imports ?? []) closure(imported, files);
  return files;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const shell = closure(entryKey);

function routeLoad(moduleKey) {
  const files = closure(moduleKey, new Set(shell));
  const js = [...files].filter((file) => file.endsWith('.js'));
  const bytes = js.reduce((sum, file) => sum + gzipSize(file), 0);
  const modules = js.flatMap((file) => Object.keys(chunkModules[file] ?? {}));
  return { js, bytes, modules };
}

let failed = false;
for (const budget of BUDGETS) {
  const { bytes, modules } = routeLoad(budget.module);
  const heavy = HEAVY.filter((name) => modules.some((id) => id.includes(`node_modules/${name}`)));
  const ok = bytes <= budget.maxKiB * KIB && heavy.length === 0;
  failed ||= !ok;
  console.log(
    `${ok ? 'ok  ' : 'FAIL'} ${budget.route}: ${(bytes / KIB).toFixed(1)} KiB gzip of JavaScript (budget ${budget.maxKiB} KiB)` +
      (heavy.length ? `; must not load: ${heavy.join(', ')}` : ''),
  );
}

if (process.argv.includes('--report')) {
  console.log('\n| screen module | first-load JS (gzip) | of which its own chunks |');
  console.log('|---|---:|---:|');
  const shellBytes = [...shell]
    .filter((f) => f.endsWith('.js'))
    .reduce((sum, file) => sum + gzipSize(file), 0);
  console.log(`| (shell: entry and its imports) | ${(shellBytes / KIB).toFixed(1)} KiB | |`);
  for (const key of Object.keys(manifest)
    .filter((k) => manifest[k].isDynamicEntry && k.startsWith('src/'))
    .sort()) {
    const { bytes } = routeLoad(key);
    console.log(
      `| ${key} | ${(bytes / KIB).toFixed(1)} KiB | ${((bytes - shellBytes) / KIB).toFixed(1)} KiB |`,
    );
  }
}

process.exit(failed ? 1 : 0);
