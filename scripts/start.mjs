#!/usr/bin/env node
// `npm start`: builds the console when dist/ is missing or older than its sources, then runs the reference server,
// which serves the console and the API on one port. Ctrl-C stops it cleanly; data stays in DATA_DIR.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const bin = (name) => join(root, 'node_modules', '.bin', name);

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newestMtime(join(path, entry))));
}

const builtAt = newestMtime(join(root, 'dist', 'index.html'));
const sourcesAt = Math.max(
  ...['src', 'public', 'index.html', 'vite.config.ts', 'vite-plugins', 'package.json'].map((path) =>
    newestMtime(join(root, path)),
  ),
);
if (builtAt < sourcesAt) {
  console.log('Building the console…');
  const build = spawnSync(bin('vite'), ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(bin('tsx'), [join(root, 'server', 'main.ts')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
