// Vite build and dev server for the Pauta web client. In development the API lives on the
// Express server (PORT, default 3000); these prefixes are proxied to it so cookies stay same-origin.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from '../scripts/precompress';

const apiTarget = `http://127.0.0.1:${process.env.PORT ?? 3000}`;

// `/auth` and `/auth/callback` are client pages; only the OAuth redirect routes belong to the server.
const serverPrefixes = ['/trpc', '/auth/oauth', '/api', '/healthz', '/readyz'];
const proxy = Object.fromEntries(serverPrefixes.map((prefix) => [prefix, { target: apiTarget }]));

export default defineConfig({
  // precompress: a .br and a .gz next to every text file of dist, served by the web process.
  plugins: [react(), precompress()],
  // The server's CSP is `script-src 'self'`: index.html loads one external module and nothing
  // may add an inline script (no Mantine ColorSchemeScript; the color scheme is set at runtime).
  build: { outDir: 'dist' },
  server: { proxy },
  preview: { proxy },
});
