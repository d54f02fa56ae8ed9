import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The text files of the build: scripts, styles, the page, icons and manifests. */
const COMPRESSIBLE = /\.(?:js|css|html|svg|json)$/;
/** Below this a compressed copy saves less than it costs to look for. */
const MIN_BYTES = 1024;

/** A brotli (`.br`) and a gzip (`.gz`) copy beside `file`, at the highest levels. */
export function writeCompressedCopies(file: string): void {
  const source = readFileSync(file);
  if (source.length < MIN_BYTES) return;
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
}

/**
 * Writes compressed copies beside each text file of the web build, which the server sends to
 * browsers that accept them (@fastify/static's `preCompressed`, in src/server/plugins/web-app.ts):
 * compressed once instead of on every request. Uncompressed, the welcome page's JavaScript is
 * about three times larger on the wire.
 */
export function precompressPlugin(): Plugin {
  let outDir = '';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        writeCompressedCopies(join(outDir, fileName));
      }
    },
  };
}
