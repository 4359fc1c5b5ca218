// Build step: the public pages' first screen in their HTML (issue 29, LCP on a phone). Once the
// client build has written dist, a second build bundles client/src/prerender.tsx for Node, runs
// it for each path of PRERENDERED_PATHS, and writes dist/.prerendered/<name>.html: dist's
// index.html with
//   - the page's markup in #root, marked data-prerendered (main.tsx hydrates it) and inert until
//     then (app/App.tsx lifts it): a tap or keystroke before React runs would be lost,
//   - the page's title,
//   - the stylesheets of the page's chunks, linked (the first paint needs them; the entry's is
//     there already), and a modulepreload of each of its chunks, so that they download with the
//     entry instead of after it has run,
//   - an inline script that sets Mantine's colour scheme before the first paint (Mantine's own
//     ColorSchemeScript, as text; the web puts its hash in the CSP: server/src/http/static-assets.ts).
// The web sends such a page to a request without a session cookie only (server/src/app.ts).
// dist/.prerendered is a dot-folder: never served by path. scripts/precompress.ts compresses it.
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Plugin } from 'vite';
import { entryKey, type Manifest, ROUTE_BUDGETS, staticClosure } from './client-budget.js';

/** Where the prerendered pages go, inside dist. */
export const PRERENDERED_DIR = '.prerendered';

/** The file of a prerendered path: `/` → index.html, `/auth` → auth.html. */
export function prerenderedFileName(pathname: string): string {
  return pathname === '/' ? 'index.html' : `${pathname.slice(1).replaceAll('/', '-')}.html`;
}

/**
 * Sets `data-mantine-color-scheme` on <html> from the choice Mantine keeps in localStorage (light
 * when none), before anything paints: Mantine's colour variables hang on that attribute, which the
 * running app sets itself. What Mantine's ColorSchemeScript writes, for `defaultColorScheme="light"`.
 */
export const COLOR_SCHEME_SCRIPT =
  'try{var s=localStorage.getItem("mantine-color-scheme-value");' +
  'var c=s==="light"||s==="dark"||s==="auto"?s:"light";' +
  'if(c==="auto")c=matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light";' +
  'document.documentElement.setAttribute("data-mantine-color-scheme",c)}catch(e){}';

/** Every stylesheet and every JS file the page chunk `page` loads before it runs (entry excluded). */
export function pageAssets(manifest: Manifest, page: string): { css: string[]; js: string[] } {
  const entry = entryKey(manifest);
  const entryFiles = new Set(staticClosure(manifest, [entry]));
  const css: string[] = [];
  const seen = new Set<string>();
  // Depth first, imports before the chunk: the stylesheets in the order the app would add them.
  const visit = (key: string) => {
    if (seen.has(key) || key === entry) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest sem ${key}`);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
  };
  visit(page);
  const js = staticClosure(manifest, [page]).filter((file) => !entryFiles.has(file));
  return { css, js };
}

export interface DocumentParts {
  /** dist/index.html as the build wrote it. */
  template: string;
  markup: string;
  title: string;
  css: readonly string[];
  js: readonly string[];
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** index.html with the page in it (see the top of this file). */
export function prerenderedDocument({ template, markup, title, css, js }: DocumentParts): string {
  const replace = (html: string, search: RegExp, by: string) => {
    if (!search.test(html)) throw new Error(`index.html sem ${search}`);
    return html.replace(search, () => by);
  };
  const links = [
    ...css.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    ...js.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
  ].join('\n    ');
  let html = replace(
    template,
    /<meta charset="UTF-8" \/>/,
    `<meta charset="UTF-8" />\n    <script>${COLOR_SCHEME_SCRIPT}</script>`,
  );
  html = replace(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  html = replace(html, /\n {2}<\/head>/, `\n    ${links}\n  </head>`);
  html = replace(html, /<div id="root"><\/div>/, `<div id="root" data-prerendered="" inert>${markup}</div>`);
  return html;
}

interface PrerenderModule {
  PRERENDERED_PATHS: readonly string[];
  renderPublicPage(pathname: string): Promise<{ html: string; title: string }>;
}

/** Vite plugin (client build only): writes dist/.prerendered after the bundle is written. */
export function prerenderPublicPages(options: { configFile: string; entry: string }): Plugin {
  let root = '';
  let outDir = '';
  let define: Record<string, string> | undefined;
  return {
    name: 'pauta-prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
      define = config.define;
    },
    // Before precompress's closeBundle, which then compresses these pages too.
    writeBundle: {
      sequential: true,
      async handler() {
        // Bundled for Node next to node_modules, so that its imports of React and Mantine resolve.
        const serverOut = path.join(root, 'node_modules', '.pauta-prerender');
        const { build } = await import('vite');
        await build({
          root,
          configFile: options.configFile,
          logLevel: 'warn',
          // The client build's constants, to the letter: the render must be the browser's.
          define,
          build: { ssr: options.entry, outDir: serverOut, emptyOutDir: true, minify: false },
        });
        try {
          const [entryFile] = (await readdir(serverOut)).filter((f) => /^prerender\.m?js$/.test(f));
          if (!entryFile) throw new Error(`${serverOut} sem prerender.js`);
          const module = (await import(
            pathToFileURL(path.join(serverOut, entryFile)).href
          )) as PrerenderModule;
          const manifest = JSON.parse(
            await readFile(path.join(outDir, '.vite', 'manifest.json'), 'utf8'),
          ) as Manifest;
          const template = await readFile(path.join(outDir, 'index.html'), 'utf8');
          await mkdir(path.join(outDir, PRERENDERED_DIR), { recursive: true });
          for (const pathname of module.PRERENDERED_PATHS) {
            const budget = ROUTE_BUDGETS.find((b) => b.route === pathname);
            if (!budget) throw new Error(`${pathname}: sem página em ROUTE_BUDGETS`);
            const { html: markup, title } = await module.renderPublicPage(pathname);
            const { css, js } = pageAssets(manifest, budget.page);
            const document = prerenderedDocument({ template, markup, title, css, js });
            await writeFile(path.join(outDir, PRERENDERED_DIR, prerenderedFileName(pathname)), document);
          }
        } finally {
          await rm(serverOut, { recursive: true, force: true });
        }
      },
    },
  };
}
