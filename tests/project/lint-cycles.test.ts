import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import-cycle rule runs (eslint.config.js: import/no-cycle, with the TypeScript parser and resolver it needs to
 * read .ts and .tsx imports): a two-file loop fails the lint, a line does not. The fixtures are the lint's own
 * (tests/project/fixtures/import-cycle/, which `npm run lint` leaves out for the loop it holds).
 */

const FIXTURES = 'tests/project/fixtures/import-cycle';

/** The project's config as `npm run lint` reads it; `ignore: false` lets it read the fixtures it leaves out. */
const eslint = new ESLint({ ignore: false });

async function cycleMessages(files: string[]) {
  const results = await eslint.lintFiles(files.map((file) => `${FIXTURES}/${file}`));
  return results.flatMap((result) =>
    result.messages
      .filter((message) => message.ruleId === 'import/no-cycle' || message.fatal)
      .map((message) => `${result.filePath.slice(result.filePath.indexOf(FIXTURES))}: ${message.message}`),
  );
}

describe('import/no-cycle', () => {
  it('fails a two-file loop, in both files', { timeout: 120_000 }, async () => {
    expect(await cycleMessages(['loop-a.ts', 'loop-b.ts'])).toEqual([
      `${FIXTURES}/loop-a.ts: Dependency cycle detected.`,
      `${FIXTURES}/loop-b.ts: Dependency cycle detected.`,
    ]);
  });

  it('passes imports that make no loop', { timeout: 120_000 }, async () => {
    expect(await cycleMessages(['line-a.ts', 'line-b.ts'])).toEqual([]);
  });

  it('applies to the console, the server and the contract', { timeout: 120_000 }, async () => {
    for (const file of ['src/main.tsx', 'server/app.ts', 'contract/roles.ts']) {
      const config = (await eslint.calculateConfigForFile(file)) as {
        rules: Record<string, unknown[]>;
        settings: Record<string, unknown>;
      };
      expect(config.rules['import/no-cycle']?.[0], file).toBe(2);
      expect(config.settings['import/parsers'], file).toEqual({
        '@typescript-eslint/parser': ['.ts', '.tsx'],
      });
    }
  });
});
