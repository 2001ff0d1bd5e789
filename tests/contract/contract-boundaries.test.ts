import { ESLint } from 'eslint';

/**
 * The console (src), the reference server and the mocks share only contract/ (eslint.config.js): each case lints one
 * import as if written in a file at `file`, and expects the boundary rule to refuse it or let it through.
 */
// The project's own configuration, found from the working directory (the repository's root, where Vitest runs).
// The snippets are linted as files that do not exist: the import-cycle rule, which reads each file from disk, is
// tests/project/lint-cycles.test.ts's to check, not these boundaries'.
const eslint = new ESLint({ overrideConfig: { rules: { 'import/no-cycle': 'off' } } });

async function boundaryProblems(file: string, from: string) {
  const [result] = await eslint.lintText(`import * as imported from '${from}';\nexport { imported };\n`, {
    filePath: file,
  });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'import/no-restricted-paths');
}

describe('src, server and mocks share only contract/', () => {
  it.each([
    ['server/lib/fixture.ts', '../../src/lib/format', 'The server shares only contract/'],
    ['server/routes/fixture.ts', '../../mocks/scenario', 'The server shares only contract/'],
    ['mocks/fixture.ts', '../server/lib/ids', 'The mocks share only contract/'],
    ['mocks/fixture.ts', '@/lib/format', 'The mocks share only contract/'],
    ['mocks/spec-only-handlers.ts', '@/lib/format', 'The mocks share only contract/'],
    // The catalogues' mock API reads contract/catalogues.ts, not the console's declarations.
    ['mocks/spec-only-handlers.ts', '@/features/catalogues/registry', 'The mocks share only contract/'],
    ['mocks/spec-only-handlers.ts', '@/lib/declared-columns', 'The mocks share only contract/'],
    ['contract/fixture.ts', '../src/lib/format', 'contract/ is shared by'],
    ['contract/fixture.ts', '../server/lib/ids', 'contract/ is shared by'],
    ['src/lib/fixture.ts', '../../server/lib/ids', ''],
    ['src/features/users/fixture.ts', '@mocks/scenario', ''],
  ])('%s may not import %s', { timeout: 60_000 }, async (file, from, says) => {
    const problems = await boundaryProblems(file, from);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.message).toContain(says);
  });

  it.each([
    ['server/lib/fixture.ts', '../../contract/csv'],
    ['mocks/fixture.ts', '@contract/csv'],
    ['src/lib/fixture.ts', '@contract/csv'],
    ['contract/fixture.ts', './csv'],
    ['mocks/spec-only-handlers.ts', '@contract/catalogues'],
    // Tests may import anything, the server's too.
    ['server/test/fixture.test.ts', '../../mocks/scenario'],
  ])('%s may import %s', { timeout: 60_000 }, async (file, from) => {
    expect(await boundaryProblems(file, from)).toEqual([]);
  });
});

describe("the console takes a catalogue's facts from that catalogue's own contract module", () => {
  async function restrictedImports(file: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath: file });
    return (result?.messages ?? []).filter(
      (message) => message.ruleId === '@typescript-eslint/no-restricted-imports',
    );
  }

  it.each([
    ['src/features/catalogues/fixture.ts', "import { CATALOGUE_API } from '@contract/catalogues';", 1],
    ['src/features/catalogues/fixture.ts', "import type { CatalogueName } from '@contract/catalogues';", 0],
    ['src/features/catalogues/fixture.ts', "import { hobbies } from '@contract/catalogues/hobbies';", 0],
    ['mocks/fixture.ts', "import { CATALOGUE_API } from '@contract/catalogues';", 0],
  ])('%s: %s (refusals: %i)', { timeout: 60_000 }, async (file, code, refusals) => {
    expect(await restrictedImports(file, `${code}\n`)).toHaveLength(refusals);
  });
});
