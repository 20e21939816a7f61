import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text assets worth compressing; images and fonts in modern formats are compressed already. */
const compressible = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest)$/;

/** Below this a compressed copy saves less than the extra file costs. */
const MIN_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, at
 * the highest levels: compressed once here, never per request, and served by the server's
 * static handler (@fastify/static preCompressed) to browsers that accept them. It reads the
 * files as written (writeBundle), after every other plugin's last change to them.
 */
export function precompress(): Plugin {
  return {
    name: 'verity-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        Object.keys(bundle)
          .filter((fileName) => compressible.test(fileName))
          .map(async (fileName) => {
            const file = path.join(dir, fileName);
            const bytes = await readFile(file);
            if (bytes.length < MIN_BYTES) return;
            const [br, gzipped] = await Promise.all([
              brotli(bytes, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
                },
              }),
              gz(bytes, { level: 9 }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gzipped)]);
          }),
      );
    },
  };
}
