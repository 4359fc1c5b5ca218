// Production build of the Node processes (`npm run build`, after the client): each entry point is
// bundled by esbuild into dist/ as ES modules with source maps. The @pauta/* workspace packages are
// compiled into the bundle (they ship TypeScript source); every other package stays an `import`
// resolved from node_modules at run time, so the runtime needs only the production dependencies
// (`npm ci --omit=dev`) — no tsx, Vite or test libraries. Started by scripts/run.mjs, which turns
// source maps on (stack traces point at the TypeScript files).
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
export const DIST = path.join(ROOT, 'dist');

/** Workspaces whose code runs in production; their `dependencies` are what the runtime installs. */
export const RUNTIME_WORKSPACES = ['core', 'db', 'networks', 'server', 'worker'];

/**
 * Entry points shared with the launcher (scripts/run.mjs): name → TypeScript source and dist/ path.
 * The web bundle must stay two levels below the root: it finds the client at
 * `import.meta.dirname/../../client/dist` (server/src/web.ts), from source and from dist alike.
 */
export const ENTRY_POINTS: Record<string, { source: string; dist: string }> = JSON.parse(
  readFileSync(path.join(import.meta.dirname, 'entry-points.json'), 'utf8'),
);

/** Bare imports stay external unless they name a workspace package (`@pauta/...`). */
const externalThirdParty: Plugin = {
  name: 'external-third-party',
  setup(b) {
    // Node built-ins and third-party packages (`express`, `pg/lib/…`): imported from node_modules.
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pauta/') ? undefined : { path: args.path, external: true },
    );
  },
};

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
}

/** The folder Node would load package `name` from, looking up from `dir` (node_modules lookup). */
function packageDir(dir: string, name: string): string | null {
  for (let d = dir; ; d = path.dirname(d)) {
    const candidate = path.join(d, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(d) === d) return null;
  }
}

function productionDependencies(): Set<string> {
  const names = new Set<string>();
  for (const workspace of RUNTIME_WORKSPACES) {
    const manifest = JSON.parse(readFileSync(path.join(ROOT, workspace, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    for (const name of Object.keys(manifest.dependencies ?? {})) names.add(name);
  }
  return names;
}

/**
 * What would break the compiled output in a production install, one line each:
 * - a third-party import that is not a `dependencies` entry of a runtime workspace (a dev dependency
 *   is absent after `npm ci --omit=dev`);
 * - a package that resolves from `outdir` to another copy than from the source that imports it (npm
 *   nests a package under server/node_modules on a version conflict: from dist/ that copy is missed).
 */
export function runtimeProblems(metafile: Metafile, outdir: string): string[] {
  const builtins = new Set(builtinModules);
  const allowed = productionDependencies();
  const problems = new Set<string>();
  for (const [input, meta] of Object.entries(metafile.inputs)) {
    for (const imported of meta.imports) {
      if (!imported.external || imported.path.startsWith('node:') || builtins.has(imported.path)) continue;
      const name = packageName(imported.path);
      if (!allowed.has(name)) {
        problems.add(`${name}: importado por ${input}, mas não é dependência de produção (dependencies)`);
        continue;
      }
      const fromSource = packageDir(path.dirname(path.join(ROOT, input)), name);
      const fromDist = packageDir(outdir, name);
      if (fromSource !== fromDist) {
        problems.add(
          `${name}: ${input} usa ${fromSource ?? '(nada)'}, o compilado usaria ${fromDist ?? '(nada)'}`,
        );
      }
    }
  }
  return [...problems];
}

export async function buildServer(options: { outdir?: string } = {}) {
  const outdir = options.outdir ?? DIST;
  rmSync(outdir, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.values(ENTRY_POINTS).map((entry) => ({
      in: path.join(ROOT, entry.source),
      out: entry.dist,
    })),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    legalComments: 'none',
    plugins: [externalThirdParty],
    metafile: true,
    logLevel: 'warning',
  });
  const problems = runtimeProblems(result.metafile, outdir);
  if (problems.length) {
    throw new Error(
      `O código compilado não rodaria numa instalação de produção:\n  ${problems.join('\n  ')}`,
    );
  }
  return result;
}

if (process.argv[1] === import.meta.filename) {
  const started = performance.now();
  const result = await buildServer();
  const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;
  for (const [file, meta] of Object.entries(result.metafile.outputs)) {
    if (file.endsWith('.js')) process.stdout.write(`  ${file}  ${kb(meta.bytes)}\n`);
  }
  process.stdout.write(
    `Servidor, worker e ferramentas compilados em dist/ (${Math.round(performance.now() - started)} ms).\n`,
  );
}
