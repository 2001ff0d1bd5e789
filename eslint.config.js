import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Every folder of src/features is a feature: a new one is fenced off from the others without editing this file.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      'dist',
      'coverage',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      // A two-file import loop that tests/project/lint-cycles.test.ts lints to prove import/no-cycle runs.
      'tests/project/fixtures/import-cycle',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { import: importPlugin },
    settings: {
      // eslint-plugin-import reads .ts and .tsx imports with this parser; without it, it reads none, and
      // import/no-cycle finds no loop (tests/project/lint-cycles.test.ts).
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // eslint-plugin-import with the pure-JS TypeScript resolver: the import-x / unrs-resolver pair needs native
      // bindings for every platform in the lock file, which this registry does not all carry (npm ci then fails).
      'import/resolver': {
        typescript: { project: ['tsconfig.app.json', 'tsconfig.node.json', 'server/tsconfig.json'] },
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import/no-cycle': 'error',
      'import/no-duplicates': 'error',
      'import/no-self-import': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': ['error', { allow: ['error', 'warn', 'info'] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'mocks/**/*.{ts,tsx}', 'tests/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      // Stored HTML goes through the one sanitising component, and nowhere else.
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render stored HTML with <SafeHtml> (src/components/safe-html.tsx), which sanitises it.',
        },
        {
          // The same prop smuggled in an object (spread into JSX, or given to createElement).
          selector:
            "Property[key.name='dangerouslySetInnerHTML'], Property[key.value='dangerouslySetInnerHTML']",
          message: 'Render stored HTML with <SafeHtml> (src/components/safe-html.tsx), which sanitises it.',
        },
        {
          selector: 'AssignmentExpression[left.property.name=/^(innerHTML|outerHTML)$/]',
          message: 'Render stored HTML with <SafeHtml> (src/components/safe-html.tsx), which sanitises it.',
        },
      ],
      // A catalogue screen loads its own catalogue's contract, not every catalogue's (features/catalogues/registry.ts).
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@contract/catalogues',
              allowTypeImports: true,
              message: "Import the catalogue's own contract module, @contract/catalogues/<name>.",
            },
          ],
        },
      ],
      // Features do not import each other; shared code lives in lib/ and components/, which import no feature.
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'Features stay independent: move what both need into src/lib or src/components.',
            })),
            { target: './src/lib', from: ['./src/features', './src/app', './src/components'] },
            { target: './src/components', from: ['./src/features', './src/app'] },
            { target: './src/features', from: './src/app' },
            { target: './src', from: ['./mocks', './tests', './server'], except: [] },
          ],
        },
      ],
    },
  },
  // The console (src), the reference server and the mocks share only contract/, the API's facts written once; their
  // tests may import anything.
  {
    files: ['contract/**/*.ts'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './contract',
              from: ['./src', './server', './mocks', './tests'],
              message:
                'contract/ is shared by the console, the server and the mocks, so it imports none of them.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    ignores: ['server/test/**'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './server',
              from: ['./src', './mocks'],
              message:
                'The server shares only contract/ with the console and the mocks: move the fact there.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['mocks/**/*.{ts,tsx}'],
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './mocks',
              from: ['./src', './server'],
              message: 'The mocks share only contract/ with the console and the server: move the fact there.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/components/safe-html.tsx'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/main.tsx'],
    rules: { 'import/no-restricted-paths': 'off' },
  },
  {
    files: ['server/**/*.ts', 'scripts/**/*.{mjs,ts}', 'e2e/**/*.ts'],
    rules: { 'no-console': 'off' },
  },
);
