/**
 * The console's test files still run against the old mock API (mocks/db.ts) while they move to the reference server
 * (tests/support/api-server.ts): vite.config.ts runs them in the 'web-legacy' project, with tests/support/legacy/'s
 * setup and render. A file leaves this list when it runs against the server.
 */
export const LEGACY_TEST_FILES: string[] = [
];
