// Builds the client when its bundle is missing or older than its sources, so that a fresh
// `npm install && npm start` serves the app with no separate build step.
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const CLIENT = path.join(ROOT, 'client');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function clientBuildIsStale(): boolean {
  const index = path.join(CLIENT, 'dist', 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  // The build's own configuration counts too (chunking, Mantine's styles, compression, the
  // prerendered pages).
  const buildFiles = [
    'client/vite.config.ts',
    'scripts/client-chunks.ts',
    'scripts/mantine-styles.ts',
    'scripts/precompress.ts',
    'scripts/prerender.ts',
    'scripts/client-budget.ts',
  ];
  return (
    [path.join(CLIENT, 'src'), path.join(CLIENT, 'public'), path.join(ROOT, 'core', 'src')].some(
      (dir) => existsSync(dir) && newestMtime(dir) > built,
    ) || buildFiles.some((file) => statSync(path.join(ROOT, file)).mtimeMs > built)
  );
}

/** Builds client/dist (assets pre-compressed by the config's plugin); returns Vite's output. */
export async function buildClient() {
  const { build } = await import('vite');
  return build({ root: CLIENT, configFile: path.join(CLIENT, 'vite.config.ts'), logLevel: 'warn' });
}
