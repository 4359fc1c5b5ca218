// Vite build and dev server for the Pauta web client. In development the API lives on the
// Express server (PORT, default 3000); these prefixes are proxied to it so cookies stay same-origin.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { clientCodeSplitting, PROBE_ENV, probeRoots } from '../scripts/client-chunks.ts';
import { mantineComponentStyles } from '../scripts/mantine-styles.ts';
import { precompress } from '../scripts/precompress.ts';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

// `/auth` and `/auth/callback` are client pages; only the OAuth redirect routes belong to the server.
const serverPrefixes = ['/trpc', '/auth/oauth', '/api', '/media', '/healthz', '/readyz'];
const proxy = Object.fromEntries(serverPrefixes.map((prefix) => [prefix, { target: apiTarget }]));

const configFile = fileURLToPath(import.meta.url);
const root = path.dirname(configFile);

export default defineConfig(async ({ command }) => {
  // A production build first bundles once to learn which pages use which module, then cuts the
  // chunks from that (scripts/client-chunks.ts); the probe itself uses the bundler's chunking.
  const probing = process.env[PROBE_ENV] === '1';
  const usage = command === 'build' && !probing ? await probeRoots(root, configFile) : null;
  // Each Mantine component brings its own stylesheet (scripts/mantine-styles.ts).
  const plugins = [react(), mantineComponentStyles({ entry: path.join(root, 'src/main.tsx') })];
  return {
    // precompress: a .br and a .gz next to every text file of dist, served by the web process.
    plugins: probing ? plugins : [...plugins, precompress()],
    // The server's CSP is `script-src 'self'`: index.html loads one external module and nothing
    // may add an inline script (no Mantine ColorSchemeScript; the color scheme is set at runtime).
    build: {
      outDir: 'dist',
      // dist/.vite/manifest.json: the chunk graph the JS budget of the public pages is checked on
      // (scripts/client-budget.ts); dot-folders are never served.
      manifest: !probing,
      ...(usage ? { rolldownOptions: { output: { codeSplitting: clientCodeSplitting(usage) } } } : {}),
    },
    server: { proxy },
    preview: { proxy },
  };
});
