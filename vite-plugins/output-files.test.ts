import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildFixture } from './fixture/build-fixture';
import { chunkModules, precompress } from './output-files';

describe('output files', () => {
  it('lists the modules of each chunk, and writes a .br and a .gz twin of every text file', async () => {
    const outDir = mkdtempSync(join(tmpdir(), 'output-files-'));
    await buildFixture([chunkModules(), precompress()], { write: true, outDir, emptyOutDir: true });
    const chunks = JSON.parse(readFileSync(join(outDir, '.vite/chunks.json'), 'utf8')) as Record<
      string,
      Record<string, number>
    >;
    const withKit = Object.entries(chunks).filter(([, modules]) => 'kit.ts' in modules);
    expect(withKit).toHaveLength(1);
    expect(withKit[0]![1]['kit.ts']).toBeGreaterThan(0);

    const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' });
    const text = files.filter((file) => /\.(?:js|css|html)$/.test(file));
    expect(text.length).toBeGreaterThan(3);
    for (const file of text) {
      const source = readFileSync(join(outDir, file));
      expect(gunzipSync(readFileSync(join(outDir, `${file}.gz`))), file).toEqual(source);
      expect(brotliDecompressSync(readFileSync(join(outDir, `${file}.br`))), file).toEqual(source);
    }
    expect(files.some((file) => file.startsWith('.vite') && /\.(?:gz|br)$/.test(file))).toBe(false);
  });
});
