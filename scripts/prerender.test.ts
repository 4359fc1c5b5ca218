import { describe, expect, it } from 'vitest';
import type { Manifest } from './client-budget.js';
import { COLOR_SCHEME_SCRIPT, pageAssets, prerenderedDocument, prerenderedFileName } from './prerender.js';

// The shape Vite writes for client/index.html (dist/index.html).
const TEMPLATE = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <title>Pauta</title>
    <script type="module" crossorigin src="/assets/index-E1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-E1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

const MANIFEST: Manifest = {
  'index.html': {
    file: 'assets/index-E1.js',
    isEntry: true,
    imports: ['_vendor-V1.js'],
    css: ['assets/index-E1.css'],
    dynamicImports: ['src/pages/landing/LandingPage.tsx'],
  },
  '_vendor-V1.js': { file: 'assets/vendor-V1.js' },
  '_common-C1.js': { file: 'assets/common-C1.js', imports: ['index.html'], css: ['assets/common-C1.css'] },
  '_welcome-W1.js': {
    file: 'assets/welcome-W1.js',
    imports: ['_common-C1.js', 'index.html', '_vendor-V1.js'],
    css: ['assets/welcome-W1.css'],
  },
  'src/pages/landing/LandingPage.tsx': {
    file: 'assets/LandingPage-L1.js',
    isDynamicEntry: true,
    imports: ['index.html', '_welcome-W1.js', '_common-C1.js'],
    dynamicImports: ['src/views/Later.tsx'],
    css: ['assets/LandingPage-L1.css'],
  },
  'src/views/Later.tsx': { file: 'assets/Later-X1.js', isDynamicEntry: true, css: ['assets/Later-X1.css'] },
};

describe('pageAssets', () => {
  it("lists the page's chunks and stylesheets, imports first, without the entry's or what loads later", () => {
    expect(pageAssets(MANIFEST, 'src/pages/landing/LandingPage.tsx')).toEqual({
      css: ['assets/common-C1.css', 'assets/welcome-W1.css', 'assets/LandingPage-L1.css'],
      js: ['assets/LandingPage-L1.js', 'assets/common-C1.js', 'assets/welcome-W1.js'],
    });
  });

  it('fails on a page the manifest does not have', () => {
    expect(() => pageAssets(MANIFEST, 'src/pages/Nope.tsx')).toThrow(/Nope/);
  });
});

describe('prerenderedDocument', () => {
  const html = prerenderedDocument({
    template: TEMPLATE,
    markup: '<main><h1>Olá</h1></main>',
    title: 'Entrar · Pauta & cia <beta>',
    css: ['assets/common-C1.css'],
    js: ['assets/LandingPage-L1.js'],
  });

  it('puts the markup in #root, marked for hydration and inert until then', () => {
    expect(html).toContain('<div id="root" data-prerendered="" inert><main><h1>Olá</h1></main></div>');
  });

  it('sets the colour scheme first, then the title (escaped), then links the page stylesheets and chunks', () => {
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf(`<script>${COLOR_SCHEME_SCRIPT}</script>`)).toBeGreaterThan(head.indexOf('charset'));
    expect(head.indexOf(`<script>${COLOR_SCHEME_SCRIPT}</script>`)).toBeLessThan(head.indexOf('<link'));
    expect(head).toContain('<title>Entrar · Pauta &amp; cia &lt;beta&gt;</title>');
    expect(head).not.toContain('<title>Pauta</title>');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/common-C1.css">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/LandingPage-L1.js">');
    // The entry's own tags stay as Vite wrote them.
    expect(head).toContain('<script type="module" crossorigin src="/assets/index-E1.js"></script>');
    // One inline script, the colour scheme (the CSP allows it by its hash).
    expect(html.match(/<script>/g)).toHaveLength(1);
  });

  it('fails loudly when index.html no longer has what it fills in', () => {
    const parts = { markup: '', title: 'Pauta', css: [], js: [] };
    expect(() =>
      prerenderedDocument({ ...parts, template: TEMPLATE.replace('<div id="root"></div>', '') }),
    ).toThrow(/root/);
    expect(() =>
      prerenderedDocument({ ...parts, template: TEMPLATE.replace(/<title>.*<\/title>/, '') }),
    ).toThrow(/title/);
  });
});

describe('prerenderedFileName', () => {
  it('names / index.html and any other path after itself', () => {
    expect(prerenderedFileName('/')).toBe('index.html');
    expect(prerenderedFileName('/auth')).toBe('auth.html');
  });
});

describe('COLOR_SCHEME_SCRIPT', () => {
  /** Runs the script against a stand-in browser; returns the attribute it set, if any. */
  function run(stored: string | null | Error, prefersDark = false): string | undefined {
    let set: string | undefined;
    const localStorage = {
      getItem: () => {
        if (stored instanceof Error) throw stored;
        return stored;
      },
    };
    const matchMedia = () => ({ matches: prefersDark });
    const document = {
      documentElement: {
        setAttribute: (name: string, value: string) => {
          expect(name).toBe('data-mantine-color-scheme');
          set = value;
        },
      },
    };
    new Function('localStorage', 'matchMedia', 'document', COLOR_SCHEME_SCRIPT)(
      localStorage,
      matchMedia,
      document,
    );
    return set;
  }

  it("applies the stored choice, light when none or unknown (the app's defaultColorScheme)", () => {
    expect(run('dark')).toBe('dark');
    expect(run('light', true)).toBe('light');
    expect(run(null, true)).toBe('light');
    expect(run('purple')).toBe('light');
  });

  it('follows the system for "auto", and never throws (storage blocked)', () => {
    expect(run('auto', true)).toBe('dark');
    expect(run('auto', false)).toBe('light');
    expect(run(new Error('SecurityError'))).toBeUndefined();
  });
});
