// How the client bundle is cut into chunks (client/vite.config.ts → rolldown's codeSplitting).
//
// Every page is loaded on demand (client/src/app/preload.ts, views/registry.ts): the public pages,
// the signed-in app's shell and each of its views, and inside views the charts and the calendar.
// Left to itself the bundler gives every combination of pages sharing a module its own chunk:
// ~150 files, up to 90 requests for one view, each with ~1 kB of response headers. Instead, a
// module shared by several pages goes to the first of these chunks that fits the pages using it
// (its "roots"):
//
//   index   everything the entry needs (React, Mantine's provider, tRPC, the messages): one file.
//   common  used by the landing page, /auth and others (layout components).
//   welcome used by the landing page and others but not /auth (its icons, the grid): the landing
//           loads index + common + welcome + itself.
//   auth    used by /auth and others but not the landing (forms, inputs): /auth loads index +
//           common + auth + itself.
//   public  used by the other public pages (reset, privacy policy, data deletion) and others.
//   shell   used by the signed-in app's shell (and maybe views): loaded with any view.
//   lib-*   a heavy library used by a few views only (dates, zod, sanitizer…): loaded just there.
//   views   used by three or more views.
//   (else)  used by two pages only: the bundler's own chunk for that pair (the theme form of
//           create/edit, the post dialog of the two post lists).
//
// Which pages use a module is only known precisely after tree-shaking (an app file imports from
// `@mantine/core`'s index, which re-exports every component), so the build first bundles once
// with the bundler's own chunking (`probeRoots`, no output written) and reads, for every module,
// the pages whose chunks load it. bench:client checks the result: bytes and requests per page,
// each view its own chunk, charts and calendar only where they appear.
import path from 'node:path';

/** Set while the probe build runs, so that its configuration leaves chunking to the bundler. */
export const PROBE_ENV = 'PAUTA_CHUNK_PROBE';

/** For each module id: the roots (a lazily imported module, or `entry`) whose pages load it. */
export type ModuleRoots = Map<string, ReadonlySet<string>>;

interface ProbeChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  isDynamicEntry: boolean;
  imports: readonly string[];
  moduleIds: readonly string[];
}

/** Module → roots, from a build cut by the bundler itself (one chunk per set of users). */
export function rootsFromChunks(chunks: readonly ProbeChunk[]): ModuleRoots {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const usedBy = new Map<string, Set<string>>();
  for (const root of chunks) {
    if (!root.isEntry && !root.isDynamicEntry) continue;
    const label = root.isEntry ? 'entry' : (root.facadeModuleId ?? root.fileName);
    const stack = [root.fileName];
    const seen = new Set(stack);
    while (stack.length > 0) {
      const chunk = byFile.get(stack.pop()!);
      if (!chunk) continue;
      for (const id of chunk.moduleIds) {
        const roots = usedBy.get(id) ?? new Set<string>();
        roots.add(label);
        usedBy.set(id, roots);
      }
      for (const file of chunk.imports) {
        if (!seen.has(file)) {
          seen.add(file);
          stack.push(file);
        }
      }
    }
  }
  return usedBy;
}

/** Bundles the client once without writing, with the bundler's own chunking. */
export async function probeRoots(root: string, configFile: string): Promise<ModuleRoots> {
  const { build } = await import('vite');
  // Build configuration (loaded by vite.config.ts, where Node cannot load a workspace package's
  // TypeScript): it sets the flag itself instead of going through scripts/env.ts.
  process.env[PROBE_ENV] = '1';
  try {
    const result = await build({
      root,
      configFile,
      logLevel: 'silent',
      build: { write: false, minify: false },
    });
    const outputs = Array.isArray(result) ? result : [result];
    const chunks: ProbeChunk[] = [];
    for (const output of outputs) {
      if (!('output' in output)) continue;
      for (const item of output.output) if (item.type === 'chunk') chunks.push(item);
    }
    return rootsFromChunks(chunks);
  } finally {
    delete process.env[PROBE_ENV];
  }
}

/** Libraries big enough to stay out of the shared chunks (each gets its own when shared). */
const HEAVY =
  /[\\/]node_modules[\\/](?:@mantine[\\/])?(dates|charts|zod|dompurify|recharts|react-number-format)[\\/]/;

const posix = (id: string) => id.split(path.sep).join('/');
const isLanding = (id: string) => posix(id).endsWith('/src/pages/landing/LandingPage.tsx');
const isAuthPage = (id: string) => posix(id).endsWith('/src/pages/auth/AuthPage.tsx');
const isPublicPage = (id: string) => posix(id).includes('/src/pages/');
const isShell = (id: string) => posix(id).endsWith('/src/app/SignedInApp.tsx');

/** The shared chunk `moduleId` belongs to, or null to leave it where the bundler puts it. */
export function sharedChunkName(moduleId: string, usage: ModuleRoots): string | null {
  const roots = usage.get(moduleId);
  if (!roots || roots.has('entry') || roots.size < 2) return null;
  const list = [...roots];
  const landing = list.some(isLanding);
  const auth = list.some(isAuthPage);
  if (landing && auth) return 'common';
  if (landing) return 'welcome';
  if (auth) return 'auth';
  if (list.some(isPublicPage)) return 'public';
  if (list.some(isShell)) return 'shell';
  const heavy = HEAVY.exec(posix(moduleId));
  if (heavy) return `lib-${heavy[1]}`;
  if (roots.size >= 3) return 'views';
  return null;
}

/**
 * rolldown's `output.codeSplitting`: one group per kind of shared chunk, in the order above. A
 * group takes its modules and (but for libraries) what they import that no earlier group took.
 */
export function clientCodeSplitting(usage: ModuleRoots) {
  const group = (kind: string, priority: number, includeDependenciesRecursively = true) => ({
    debugName: kind,
    name: (moduleId: string) => {
      const name = sharedChunkName(moduleId, usage);
      return name !== null && (name === kind || name.startsWith(`${kind}-`)) ? name : null;
    },
    priority,
    includeDependenciesRecursively,
  });
  return {
    groups: [
      { name: 'index', tags: ['$initial' as const], priority: 10 },
      group('common', 9),
      group('welcome', 9),
      group('auth', 8),
      group('public', 7),
      group('shell', 6),
      // Only the library's own modules: what they import from Mantine is shared with others.
      group('lib', 5, false),
      group('views', 4),
    ],
  };
}
