import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = process.cwd();
const read = (file: string) => readFileSync(join(root, file), 'utf8');
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
    expect(links.filter((target) => !existsSync(join(root, target)))).toEqual([]);
  });

  it.each(DOCS)('%s names only files that exist', (file) => {
    const paths = pathsIn(read(file));
    expect(paths.length).toBeGreaterThan(0);
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([]);
  });

  it.each(DOCS)('%s names only npm scripts that exist', (file) => {
    const scripts = Object.keys(
      (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts,
    );
    const named = [...read(file).matchAll(/`npm run ([\w:-]+)/g)].map(([, name]) => name!);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });
});
