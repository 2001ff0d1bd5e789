#!/usr/bin/env node
// `npm run dev:mock`: demo mode. The reference server with its demo data on a throwaway DATA_DIR, and Vite (mode
// "mock") in front of it, whose page starts MSW's worker as the demo panel's backend-state layer (mocks/browser.tsx):
// every call goes through to the server unless the panel bends it (slow, errors, an expired token, empty lists,
// SPEC-only). "Reset data" asks this script (POST /__demo/reset, proxied by Vite) to start the server again on fresh
// demo data. Arguments are Vite's (e.g. --host 127.0.0.1 --port 5180 --strictPort). Ctrl-C stops both and removes the
// data.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const apiPort = Number(process.env.DEMO_API_PORT ?? 3100);
const controlPort = apiPort + 1;
const apiUrl = `http://127.0.0.1:${apiPort}`;

/** The server now running, and its data directory. */
let api;

function startApi() {
  const dataDir = mkdtempSync(join(tmpdir(), 'admin-console-demo-'));
  // The published default password (README), which a first start refuses when ADMIN_PASSWORD sets it explicitly.
  const { ADMIN_PASSWORD: _unset, ...inherited } = process.env;
  const child = spawn(bin('tsx'), [join(root, 'server', 'main.ts')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...inherited,
      HOST: '127.0.0.1',
      PORT: String(apiPort),
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      // The demo signs in with the published password; two-factor can be tried from the profile.
      TWO_FACTOR_REQUIRED: 'false',
      ADMIN_EMAIL: 'admin@example.com',
    },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  api = { child, dataDir, exited };
  return api;
}

async function answering(deadline = Date.now() + 120_000) {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${apiUrl}/api/childsafetypolicy`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('The demo server did not start');
}

/** Stops the server (SIGTERM: it stops its embedded PostgreSQL) and removes its data. */
async function stopApi() {
  const running = api;
  api = undefined;
  if (!running) return;
  if (running.child.exitCode === null && running.child.signalCode === null) running.child.kill('SIGTERM');
  await running.exited;
  rmSync(running.dataDir, { recursive: true, force: true });
}

// POST /__demo/reset starts a reset and answers at once (it takes some seconds); GET /__demo/status says whether
// one is still under way ({"resetting":true}), so that the panel reloads the page once the fresh server answers.
let resetting;
const control = createServer((request, response) => {
  if (request.method === 'POST' && request.url === '/__demo/reset') {
    resetting ??= stopApi()
      .then(() => startApi())
      .then(() => answering())
      .catch((error) => console.error('Reset data failed:', error))
      .finally(() => (resetting = undefined));
    response.writeHead(202).end();
  } else if (request.method === 'GET' && request.url === '/__demo/status') {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ resetting: resetting !== undefined, running: api !== undefined }));
  } else response.writeHead(404).end();
});
control.listen(controlPort, '127.0.0.1');

startApi();
// Vite after the server answers, so that the first page finds the API (a first start seeds for some seconds).
await answering();
const vite = spawn(bin('vite'), ['--mode', 'mock', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    API_PROXY_TARGET: apiUrl,
    DEMO_CONTROL_TARGET: `http://127.0.0.1:${controlPort}`,
  },
});

let stopping = false;
async function stopAll(code) {
  if (stopping) return;
  stopping = true;
  vite.kill('SIGTERM');
  control.close();
  await stopApi();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stopAll(0));
vite.on('exit', (code) => void stopAll(code ?? 0));
