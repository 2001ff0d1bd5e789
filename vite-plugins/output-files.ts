import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { gzipAsync } from '@gfx/zopfli';
import type { Plugin } from 'vite';

/** Which modules (and how many bytes of each) went into which chunk: dist/.vite/chunks.json, for the budget spec. */
export function chunkModules(): Plugin {
  let root = '';
  return {
    name: 'chunk-modules',
    apply: 'build',
    configResolved(config) {
      root = `${config.root}/`;
    },
    generateBundle(_options, bundle) {
      const chunks: Record<string, Record<string, number>> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks[output.fileName] = Object.fromEntries(
          Object.entries(output.modules).map(([id, module]) => [id.replace(root, ''), module.renderedLength]),
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: '.vite/chunks.json',
        source: JSON.stringify(chunks, null, 1),
      });
    },
  };
}

/**
 * A `.br` and a `.gz` twin beside every text file of the build (server/lib/console-assets.ts sends the one the browser
 * accepts), at the strongest levels, once per build; the gzip one by Zopfli (ordinary gzip, 3.5% smaller than zlib's).
 */
export function precompress(): Plugin {
  const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async closeBundle() {
      const files = readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      for (const file of files) {
        if (!TEXT.test(file) || file.startsWith('.vite')) continue;
        const path = join(outDir, file);
        const source = readFileSync(path);
        writeFileSync(`${path}.gz`, await gzipAsync(source, { numiterations: 5 }));
        writeFileSync(
          `${path}.br`,
          brotliCompressSync(source, {
            params: {
              [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
              [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
      }
    },
  };
}
