// Build-time compression of the client bundle: next to every text file of client/dist (scripts,
// styles, the HTML, SVG…) a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy, each
// written only when smaller than the file itself. The web process (server/src/http/static-assets.ts)
// sends the best copy the browser accepts, so no request ever pays for compression.
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth compressing (images and fonts are compressed already). */
export const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;

export interface PrecompressResult {
  /** Text files looked at. */
  files: number;
  /** `.br` and `.gz` files written. */
  written: number;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? listFiles(full) : Promise.resolve(entry.isFile() ? [full] : []);
    }),
  );
  return nested.flat();
}

/** Writes `<file>.br` and `<file>.gz` for every compressible file under `dir`. */
export async function precompressDir(dir: string): Promise<PrecompressResult> {
  const files = (await listFiles(dir)).filter((file) => COMPRESSIBLE.test(file));
  let written = 0;
  await Promise.all(
    files.map(async (file) => {
      const body = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
      ]);
      for (const [suffix, compressed] of [
        ['.br', br],
        ['.gz', gz],
      ] as const) {
        if (compressed.length >= body.length) continue;
        await writeFile(`${file}${suffix}`, compressed);
        written += 1;
      }
    }),
  );
  return { files: files.length, written };
}

/** Vite plugin: compresses the build output once it is written (public files included). */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'pauta-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      if (!(await stat(outDir).catch(() => null))?.isDirectory()) return;
      await precompressDir(outDir);
    },
  };
}
