import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeServer } from './harness';

const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))});`;
const HTML = '<!doctype html><div id="root"></div>';

/** A built console as the build leaves it: every text file with its .br and .gz twins, except one. */
function builtConsole() {
  const distDir = mkdtempSync(join(tmpdir(), 'console-dist-'));
  mkdirSync(join(distDir, 'assets'));
  const write = (path: string, text: string, twins = true) => {
    writeFileSync(join(distDir, path), text);
    if (!twins) return;
    writeFileSync(join(distDir, `${path}.br`), brotliCompressSync(text));
    writeFileSync(join(distDir, `${path}.gz`), gzipSync(text));
  };
  write('index.html', HTML);
  write('assets/index-abc123.js', SCRIPT);
  write('assets/index-abc123.css', 'body{margin:0}');
  write('assets/plain-abc123.js', SCRIPT, false);
  mkdirSync(join(distDir, '.vite'));
  write('.vite/manifest.json', '{}', false);
  return distDir;
}

async function get(app: Awaited<ReturnType<typeof makeServer>>['app'], path: string, encoding?: string) {
  const response = await app.request(path, { headers: encoding ? { 'Accept-Encoding': encoding } : {} });
  return { response, body: Buffer.from(await response.arrayBuffer()) };
}

describe('the built console', () => {
  it('sends scripts as brotli when the browser accepts it, gzip when only that, and plain otherwise', async () => {
    const { app } = await makeServer({ distDir: builtConsole() });

    const br = await get(app, '/assets/index-abc123.js', 'gzip, deflate, br, zstd');
    expect(br.response.status).toBe(200);
    expect(br.response.headers.get('content-encoding')).toBe('br');
    expect(br.response.headers.get('content-type')).toMatch(/javascript/);
    expect(br.response.headers.get('vary')).toContain('Accept-Encoding');
    expect(br.response.headers.get('cache-control')).toContain('immutable');
    expect(brotliDecompressSync(br.body).toString()).toBe(SCRIPT);
    expect(br.body.length).toBeLessThan(SCRIPT.length / 10);

    const gzip = await get(app, '/assets/index-abc123.js', 'gzip, deflate');
    expect(gzip.response.headers.get('content-encoding')).toBe('gzip');
    expect(gzip.response.headers.get('vary')).toContain('Accept-Encoding');
    expect(gunzipSync(gzip.body).toString()).toBe(SCRIPT);

    const plain = await get(app, '/assets/index-abc123.js');
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    expect(plain.response.headers.get('vary')).toContain('Accept-Encoding');
    expect(plain.body.toString()).toBe(SCRIPT);
  });

  it('compresses stylesheets and index.html, also for deep links, and keeps index.html revalidated', async () => {
    const { app } = await makeServer({ distDir: builtConsole() });

    const css = await get(app, '/assets/index-abc123.css', 'br');
    expect(css.response.headers.get('content-encoding')).toBe('br');
    expect(css.response.headers.get('content-type')).toMatch(/text\/css/);

    for (const path of ['/', '/users/6b031d25a3c0598c11d2a564']) {
      const page = await get(app, path, 'gzip, br');
      expect(page.response.headers.get('content-encoding')).toBe('br');
      expect(page.response.headers.get('content-type')).toMatch(/text\/html/);
      expect(page.response.headers.get('cache-control')).toBe('no-cache');
      expect(page.response.headers.get('vary')).toContain('Accept-Encoding');
      expect(brotliDecompressSync(page.body).toString()).toBe(HTML);
    }
  });

  it('sends a file without twins as it is, and a missing asset is 404 in any encoding', async () => {
    const { app } = await makeServer({ distDir: builtConsole() });
    const plain = await get(app, '/assets/plain-abc123.js', 'br, gzip');
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    expect(plain.body.toString()).toBe(SCRIPT);

    const missing = await get(app, '/assets/gone-abc123.js', 'br, gzip');
    expect(missing.response.status).toBe(404);
    expect(missing.response.headers.get('content-encoding')).toBeNull();

    // The build's manifest stays private.
    expect((await get(app, '/.vite/manifest.json')).response.status).toBe(404);
  });
});
