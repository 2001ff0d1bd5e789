import { describe, expect, it } from 'vitest';

const TEXTS = import.meta.glob(['/README.md', '/docs/*.md', '/package.json'], {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;
/** Every file of the repository a doc may name (lazily globbed: only the names are read). */
const FILES = new Set(
  Object.keys(
    import.meta.glob([
      '/src/**',
      '/server/**',
      '/mocks/**',
      '/tests/**',
      '/e2e/**',
      '/scripts/**',
      '/docs/**',
      '/.ci/**',
      '!**/node_modules/**',
    ]),
  ).map((path) => path.slice(1)),
);
const FOLDERS = new Set(
  [...FILES].flatMap((file) =>
    file
      .split('/')
      .slice(0, -1)
      .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
  ),
);
const exists = (path: string) => FILES.has(path.replace(/\/$/, '')) || FOLDERS.has(path.replace(/\/$/, ''));
const read = (file: string) => TEXTS[`/${file}`]!;
const DOCS = ['README.md', 'docs/architecture.md', 'docs/performance.md', 'docs/api.md'];

/** Repository paths written in backticks (`src/lib/session.ts`, `e2e/budget.spec.ts`), without placeholders. */
function pathsIn(text: string): string[] {
  const found = new Set<string>();
  for (const [, path] of text.matchAll(/`((?:src|server|mocks|tests|e2e|scripts|docs|\.ci)\/[\w./-]+)`/g)) {
    if (!/[<>{}*]|\.\.\./.test(path!)) found.add(path!.replace(/[.,:]$/, ''));
  }
  return [...found];
}

describe('the docs', () => {
  it('keep the README short enough to read in five minutes', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(160);
  });

  it('link only to docs that exist', () => {
    const links = [...read('README.md').matchAll(/\]\(([^)]+)\)/g)].map(([, target]) => target!);
    expect(links).toEqual(
      expect.arrayContaining(['docs/architecture.md', 'docs/performance.md', 'docs/api.md']),
    );
    expect(links.filter((target) => !exists(target))).toEqual([]);
  });

  it.each(DOCS)('%s names only files that exist', (file) => {
    const paths = pathsIn(read(file));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((path) => !exists(path))).toEqual([]);
  });

  it.each(DOCS)('%s names only npm scripts that exist', (file) => {
    const scripts = Object.keys(
      (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts,
    );
    const named = [...read(file).matchAll(/`npm run ([\w:-]+)/g)].map(([, name]) => name!);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });
});
