import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * End-to-end tests: Debian's Chromium (no browser download) against the real reference server on a fresh DATA_DIR,
 * serving the production build. Set CHROMIUM_PATH to use another Chromium binary.
 */
const PORT = Number(process.env.E2E_PORT ?? 4179);
const baseURL = `http://127.0.0.1:${PORT}`;
// Demo mode (`npm run dev:mock`: the console alone, MSW in the browser) for the specs that test it.
const DEMO_PORT = Number(process.env.E2E_DEMO_PORT ?? PORT + 1);
process.env.E2E_DEMO_URL = `http://127.0.0.1:${DEMO_PORT}`;
// Workers re-read this file; the server is started once by the main process, so its data dir is chosen once.
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'admin-console-e2e-'));

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
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
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    {
      command: `vite --mode mock --host 127.0.0.1 --port ${DEMO_PORT} --strictPort`,
      url: process.env.E2E_DEMO_URL,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
    },
    {
      command: 'node scripts/start.mjs',
      url: `${baseURL}/api/childsafetypolicy`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      env: {
        PORT: String(PORT),
        DATA_DIR: process.env.E2E_DATA_DIR,
        ADMIN_EMAIL: 'admin@example.com',
        ADMIN_PASSWORD: 'Admin@123',
        SEED_DEMO: '1',
      },
    },
  ],
});
