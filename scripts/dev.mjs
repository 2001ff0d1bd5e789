#!/usr/bin/env node
// `npm run dev`: the reference server (restarting on change) and Vite with HMR in front of it.
// Vite proxies /api and /uploads to the server (vite.config.ts). Ctrl-C stops both.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);
const port = process.env.PORT ?? '3000';
// Where Vite's proxy finds the server (HOST, loopback unless set; one listening on every interface answers there too).
const host = process.env.HOST || '127.0.0.1';
const apiHost = ['0.0.0.0', '::'].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

const children = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', join(root, 'server', 'main.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: port },
  }),
  spawn(bin('vite'), [], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, API_PROXY_TARGET: `http://${apiHost}:${port}` },
  }),
];

let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 500).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(0));
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
