// Vite build and dev server for the Pauta web client. In development the API lives on the
// Express server (PORT, default 3000); these prefixes are proxied to it so cookies stay same-origin.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { clientCodeSplitting, PROBE_ENV, probeRoots } from '../scripts/client-chunks.ts';
import { mantineComponentStyles } from '../scripts/mantine-styles.ts';
import { precompress } from '../scripts/precompress.ts';
import { prerenderPublicPages } from '../scripts/prerender.ts';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

// `/auth` and `/auth/callback` are client pages; only the OAuth redirect routes belong to the server.
const serverPrefixes = ['/trpc', '/auth/oauth', '/api', '/media', '/healthz', '/readyz'];
const proxy = Object.fromEntries(serverPrefixes.map((prefix) => [prefix, { target: apiTarget }]));

const configFile = fileURLToPath(import.meta.url);
const root = path.dirname(configFile);

export default defineConfig(async ({ command, isSsrBuild }) => {
  // The public pages' first screen rendered for the HTML (scripts/prerender.ts) is a second,
  // Node build of client/src/prerender.tsx: React, no chunking, nothing written to dist.
  if (isSsrBuild) return { plugins: [react()], build: { manifest: false } };
  // A production build first bundles once to learn which pages use which module, then cuts the
  // chunks from that (scripts/client-chunks.ts); the probe itself uses the bundler's chunking.
  const probing = process.env[PROBE_ENV] === '1';
  const usage = command === 'build' && !probing ? await probeRoots(root, configFile) : null;
  // The footer's year in the prerendered pages (components/PublicLayout.tsx); the Node build of
  // scripts/prerender.ts gets this same `define`.
  const define = { 'import.meta.env.PAUTA_BUILD_YEAR': JSON.stringify(String(new Date().getFullYear())) };
  // Each Mantine component brings its own stylesheet (scripts/mantine-styles.ts).
  const plugins = [react(), mantineComponentStyles({ entry: path.join(root, 'src/main.tsx') })];
  return {
    define,
    // prerender: dist/.prerendered/<page>.html, the landing and /auth with their markup.
    // precompress: a .br and a .gz next to every text file of dist, served by the web process.
    plugins: probing
      ? plugins
      : [
          ...plugins,
          prerenderPublicPages({ configFile, entry: path.join(root, 'src/prerender.tsx') }),
          precompress(),
        ],
    // The server's CSP is `script-src 'self'` plus the hash of the one inline script of the
    // prerendered pages (the colour scheme before the first paint, scripts/prerender.ts); index.html
    // loads one external module, and nothing else may add an inline script.
    build: {
      outDir: 'dist',
      // dist/.vite/manifest.json: the chunk graph the JS budget of the public pages is checked on
      // (scripts/client-budget.ts) and the prerendered pages link; dot-folders are never served.
      manifest: !probing,
      ...(usage ? { rolldownOptions: { output: { codeSplitting: clientCodeSplitting(usage) } } } : {}),
    },
    server: { proxy },
    preview: { proxy },
  };
});
