import ts from 'typescript';
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
      '/contract/**',
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
const DOCS = [
  'README.md',
  'docs/architecture.md',
  'docs/performance.md',
  'docs/api.md',
  'docs/postgres.md',
  'docs/recipes.md',
];

/** Repository paths written in backticks (`src/lib/core/session.ts`, `e2e/budget.spec.ts`), without placeholders. */
function pathsIn(text: string): string[] {
  const found = new Set<string>();
  for (const [, path] of text.matchAll(
    /`((?:src|server|mocks|tests|e2e|scripts|docs|contract|\.ci)\/[\w./-]+)`/g,
  )) {
    if (!/[<>{}*]|\.\.\./.test(path!)) found.add(path!.replace(/[.,:]$/, ''));
  }
  return [...found];
}

/** The docs' TypeScript samples (```ts and ```tsx blocks), each with the doc it is in and its first line there. */
function samplesIn(file: string) {
  const text = read(file);
  return [...text.matchAll(/^```(tsx?)\n([\s\S]*?)^```$/gm)].map(([, lang, code], index) => ({
    name: `${file.replace(/[/.]/g, '-')}-sample-${index + 1}.${lang}`,
    file,
    line: text.slice(0, text.indexOf(code!)).split('\n').length,
    code: code!,
  }));
}

/**
 * Typechecks each sample as a module of the console (tsconfig.app.json's options and `@/` paths) placed in docs/:
 * what it imports must exist and be exported, and what it uses must have the types it is used with.
 */
function sampleProblems(samples: ReturnType<typeof samplesIn>) {
  // Vitest runs from the project's root.
  const root = ts.sys.getCurrentDirectory();
  const config = ts.getParsedCommandLineOfConfigFile(
    `${root}/tsconfig.app.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => {},
    },
  )!;
  const virtual = new Map(samples.map((sample) => [`${root}/docs/${sample.name}`, sample]));
  const host = ts.createCompilerHost(config.options);
  const { getSourceFile, fileExists } = host;
  host.getSourceFile = (path, language, ...rest) => {
    const sample = virtual.get(path);
    // `export {}` keeps a sample without imports or exports a module of its own.
    return sample
      ? ts.createSourceFile(path, `${sample.code}\nexport {};\n`, language, true)
      : getSourceFile(path, language, ...rest);
  };
  host.fileExists = (path) => virtual.has(path) || fileExists(path);
  const program = ts.createProgram([...virtual.keys()], config.options, host);
  return [...virtual].flatMap(([path, sample]) => {
    const source = program.getSourceFile(path)!;
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
      (diagnostic) =>
        `${sample.file}:${sample.line + source.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ')}`,
    );
  });
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

  it('hold only TypeScript samples that typecheck against the code', { timeout: 60_000 }, () => {
    const samples = DOCS.flatMap(samplesIn);
    expect(samples.length).toBeGreaterThan(0);
    expect(sampleProblems(samples)).toEqual([]);
  });

  it.each(DOCS)('%s names only npm scripts that exist', (file) => {
    const scripts = Object.keys(
      (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts,
    );
    const named = [...read(file).matchAll(/`npm run ([\w:-]+)/g)].map(([, name]) => name!);
    expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
  });
});
