import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium (no browser download) against the real reference server on a fresh DATA_DIR,
 * serving the production build. Set CHROMIUM_PATH to use another Chromium binary.
 *
 * Two lanes run side by side, each against a server and data of its own, one spec file at a time: "screens" (the axe
 * gate and the byte budget, which read every screen and write nothing, and demo mode's specs, which write to the demo's
 * own server and reset it) and "flows" (everything else). No spec sees another lane's writes, so the lanes cannot
 * disturb each other's data; each lane keeps the one-at-a-time order its specs were written for. The two take about
 * as long as each other (about 13 minutes each on a fresh clone here), so neither waits long for the other.
 */
const PORT = Number(process.env.E2E_PORT ?? 4179);
const baseURL = `http://127.0.0.1:${PORT}`;
// Demo mode (`npm run dev:mock`: Vite and a reference server of its own, MSW in the browser) for its specs.
const DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? PORT + 1);
process.env.E2E_DEMO_URL = `http://127.0.0.1:${DEMO_PORT}`;
const SCREENS_PORT = Number(process.env.E2E_SCREENS_PORT ?? PORT + 2);
const screensURL = `http://127.0.0.1:${SCREENS_PORT}`;
// Workers re-read this file; the servers are started once by the main process, so their data dirs are chosen once.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'admin-console-e2e-'));
process.env.E2E_SCREENS_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'admin-console-e2e-screens-'));
const SCREENS = /\/(a11y|budget|demo-mode|mail-demo)\.spec\.ts$/;

/** The reference server as `npm start` runs it, with the demo data, on `port` over `dataDir`. */
const referenceServer = (port: number, dataDir: string | undefined) => ({
  command: 'node scripts/start.mjs',
  url: `http://127.0.0.1:${port}/api/childsafetypolicy`,
  timeout: 240_000,
  reuseExistingServer: false,
  // Stopped as an operator would (SIGTERM), so that it stops its embedded PostgreSQL too; killed outright, it would
  // leave that cluster running on its temporary DATA_DIR.
  gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
  stdout: 'pipe' as const,
  env: {
    PORT: String(port),
    DATA_DIR: dataDir ?? '',
    ADMIN_EMAIL: 'admin@example.com',
    // ADMIN_PASSWORD unset: the published default, which the specs sign in with (e2e/support.ts) and which a first
    // start refuses when it is set explicitly.
    SEED_DEMO: '1',
    // The specs sign in with the password; e2e/two-factor.spec.ts sets two-factor up itself.
    TWO_FACTOR_REQUIRED: 'false',
  },
});

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // A limit per test against a hang, not a speed check: with the two lanes side by side on two cores, the longest
  // specs take half as long again as alone.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    // A trace of a test's retry (CI retries a failing test once), with its screencast: recording one for every test
    // doubled the run's time on two cores, and three quarters of that was the screencast. A failure's first attempt
    // leaves its screenshot and error; `npx playwright test --trace on` traces a local run.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    {
      name: 'screens',
      testMatch: SCREENS,
      workers: 1,
      use: { ...devices['Desktop Chrome'], baseURL: screensURL },
    },
    { name: 'flows', testIgnore: SCREENS, workers: 1, use: { ...devices['Desktop Chrome'] } },
  ],
  webServer: [
    {
      command: `node scripts/dev-mock.mjs --host 127.0.0.1 --port ${DEMO_PORT} --strictPort`,
      url: process.env.E2E_DEMO_URL,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      // The demo's reference server on ports of its own (DEMO_API_PORT and the next, for Reset data), stopped with
      // SIGTERM so that it stops its embedded PostgreSQL and removes its throwaway data.
      env: { DEMO_API_PORT: String(DEMO_PORT + 3) },
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 20_000 },
    },
    // In turn: the first builds the console when it is out of date, the second finds it built.
    referenceServer(PORT, process.env.E2E_DATA_DIR),
    referenceServer(SCREENS_PORT, process.env.E2E_SCREENS_DATA_DIR),
  ],
});
