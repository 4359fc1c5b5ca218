// The production build: bundles that import only production dependencies, never a workspace
// package or a dev tool, and a check that refuses an import a production install would not have.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, ENTRY_POINTS, packageName, runtimeProblems } from './build-server.js';

let outdir: string;
let metafile: Metafile;

beforeAll(async () => {
  // Inside the repo (dist-test-*), so node_modules resolves from it as it does from dist/.
  outdir = mkdtempSync(path.join(import.meta.dirname, '..', 'dist-test-'));
  metafile = (await buildServer({ outdir })).metafile;
}, 60_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** The bare specifiers a compiled file imports (static and dynamic). */
function importsOf(file: string): Set<string> {
  const code = readFileSync(file, 'utf8');
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:from|import)\s*\(?\s*"([^"./][^"]*)"/g)) found.add(m[1]!);
  return found;
}

describe('npm run build (server, worker, tools)', () => {
  it('writes one ES module with a source map per entry point', () => {
    for (const { dist } of Object.values(ENTRY_POINTS)) {
      const js = path.join(outdir, `${dist}.js`);
      expect(readFileSync(js, 'utf8')).toMatch(/\/\/# sourceMappingURL=[\w-]+\.js\.map\s*$/);
      const map = JSON.parse(readFileSync(`${js}.map`, 'utf8')) as { sources: string[] };
      expect(map.sources.some((s) => s.endsWith('.ts'))).toBe(true);
    }
  });

  it('inlines the workspace packages and imports no dev tool', () => {
    const web = importsOf(path.join(outdir, 'server/main.js'));
    const worker = importsOf(path.join(outdir, 'worker/main.js'));
    for (const specifiers of [web, worker]) {
      const names = [...specifiers].filter((s) => !s.startsWith('node:')).map(packageName);
      expect(names.filter((n) => n.startsWith('@pauta/'))).toEqual([]);
      for (const dev of ['tsx', 'vite', 'vitest', 'esbuild', 'typescript', 'pino-pretty', 'fast-check']) {
        expect(names).not.toContain(dev);
      }
    }
    expect(web).toContain('express');
    expect(worker).toContain('bullmq');
  });

  it('finds nothing wrong with the real build, and names an import a production install lacks', () => {
    expect(runtimeProblems(metafile, outdir)).toEqual([]);
    const input = 'server/src/main.ts';
    const withDevImport: Metafile = {
      outputs: {},
      inputs: {
        [input]: { bytes: 1, imports: [{ path: 'vitest', kind: 'import-statement', external: true }] },
      },
    };
    expect(runtimeProblems(withDevImport, outdir)).toEqual([
      `vitest: importado por ${input}, mas não é dependência de produção (dependencies)`,
    ]);
  });
});
