// The first-visit JavaScript budget of the public pages (issue 29), read from the built client.
//
// A public page's initial JavaScript is what a phone downloads before the page can show: the
// entry chunk (index.html's script) and the page's own chunk (app/preload.ts starts it at
// start-up), each with the chunks it imports statically, transitively — never what is imported
// on demand (the signed-in app, the views, the toasts). Sizes are brotli at quality 11, as
// scripts/precompress.ts serves them: the bytes of the bodies, without HTTP headers (bench:client
// measures the wire, headers included, ~0.3 kB per file more).
//
// The graph comes from Vite's build manifest (client/dist/.vite/manifest.json, written by
// client/vite.config.ts; dot-folders are never served). The e2e tier checks it after
// `npm run build` (e2e/src/bundle-budget.e2e.test.ts); `npx tsx scripts/client-budget.ts` prints it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';

/** One entry of Vite's manifest.json (only the fields used here). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** A public route, the source file of its page chunk, and its budget in brotli kB (1000 bytes). */
export interface RouteBudget {
  route: string;
  page: string;
  budgetKb: number;
}

/** Issue 29: landing and /auth ≤ 150 kB of JS on the wire with brotli (bench:client adds headers). */
export const ROUTE_BUDGETS: readonly RouteBudget[] = [
  { route: '/', page: 'src/pages/landing/LandingPage.tsx', budgetKb: 150 },
  { route: '/auth', page: 'src/pages/auth/AuthPage.tsx', budgetKb: 150 },
];

/** The files `keys` load before running: each chunk and its static imports, transitively. */
export function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const files: string[] = [];
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest sem ${key}`);
    if (chunk.file.endsWith('.js')) files.push(chunk.file);
    for (const imported of chunk.imports ?? []) stack.push(imported);
  }
  return files.sort();
}

/** The key of index.html's entry chunk. */
export function entryKey(manifest: Manifest): string {
  const entries = Object.entries(manifest).filter(([, c]) => c.isEntry);
  if (entries.length !== 1) throw new Error(`o manifest tem ${entries.length} entradas, esperava 1`);
  return entries[0]![0];
}

/** The JS files a public route loads at start-up: the entry's closure and the page's. */
export function routeFiles(manifest: Manifest, page: string): string[] {
  return [...new Set(staticClosure(manifest, [entryKey(manifest), page]))].sort();
}

export const brotliSize = (body: Buffer) =>
  brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  }).length;

export interface RouteSize extends RouteBudget {
  files: { file: string; brotli: number }[];
  brotli: number;
}

/** Every budgeted route's initial JS in `dist` (client/dist), brotli bytes per file and in all. */
export function measureRoutes(dist: string, budgets: readonly RouteBudget[] = ROUTE_BUDGETS): RouteSize[] {
  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  return budgets.map((budget) => {
    const files = routeFiles(manifest, budget.page).map((file) => ({
      file,
      brotli: brotliSize(readFileSync(path.join(dist, file))),
    }));
    return { ...budget, files, brotli: files.reduce((sum, f) => sum + f.brotli, 0) };
  });
}

export const overBudget = (size: RouteSize) => size.brotli > size.budgetKb * 1000;

if (import.meta.main) {
  const dist = path.resolve(import.meta.dirname, '..', 'client', 'dist');
  let failed = false;
  for (const size of measureRoutes(dist)) {
    const verdict = overBudget(size) ? 'NOT MET' : 'met';
    failed ||= overBudget(size);
    process.stdout.write(
      `${verdict}  ${size.route}: ${(size.brotli / 1000).toFixed(1)} kB de JS em br ≤ ${size.budgetKb} kB\n`,
    );
    for (const f of size.files)
      process.stdout.write(`      ${(f.brotli / 1000).toFixed(1).padStart(6)}  ${f.file}\n`);
  }
  process.exitCode = failed ? 1 : 0;
}
