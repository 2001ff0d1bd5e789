import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from './env';

/** Text types the build precompresses (vite-plugins/output-files.ts, `precompress`); everything else is sent as it is. */
const TEXT_TYPE = /^(?:text\/|application\/(?:javascript|json|xml|manifest\+json)|image\/svg\+xml)/;

/**
 * CSP sources for the inline scripts of the built index.html (the colour scheme set before the first paint), so
 * the policy allows exactly those and no other inline script.
 */
export function inlineScriptSources(distDir: string | undefined): string[] {
  const file = distDir && join(distDir, 'index.html');
  if (!file || !existsSync(file)) return [];
  return [...readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code = '']) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`,
  );
}

/**
 * The built console: hashed assets cached for a year (a missing one is 404), index.html revalidated on every load and
 * served for deep links. Text files are sent as the build's `.br` or `.gz` twin when the browser accepts that
 * encoding (brotli first), and every text answer says `Vary: Accept-Encoding`, compressed or not, so that caches
 * keep one copy per encoding.
 */
export function serveConsole(app: Hono<AppEnv>, distDir: string) {
  if (!existsSync(join(distDir, 'index.html'))) return;
  const root = relative(process.cwd(), distDir) || '.';
  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.ok) c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  app.use('*', async (c, next) => {
    await next();
    const type = c.res.headers.get('content-type') ?? '';
    // index.html names the current hashed assets, so it is revalidated on every load, however it is reached.
    if (type.startsWith('text/html')) c.header('Cache-Control', 'no-cache');
    if (TEXT_TYPE.test(type) && !c.res.headers.get('vary')?.includes('Accept-Encoding'))
      c.header('Vary', 'Accept-Encoding', { append: true });
  });
  // The build's own records (dist/.vite: manifest, chunk contents) are not part of the console.
  app.get('/.vite/*', (c) => c.text('Not found', 404));
  const statics = { root, precompressed: true };
  app.get('*', serveStatic(statics));
  app.get('/assets/*', (c) => c.text('Not found', 404));
  // Deep links (/users/123, /faq/add) get the console, which routes them itself.
  app.get('*', serveStatic({ ...statics, path: 'index.html' }));
}
