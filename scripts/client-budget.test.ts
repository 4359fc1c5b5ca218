import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Manifest, measureRoutes, overBudget, routeFiles, staticClosure } from './client-budget.js';

// The shape of client/dist/.vite/manifest.json: the entry, the pages it imports on demand, and
// the shared chunks they import statically.
const manifest: Manifest = {
  'index.html': {
    file: 'assets/index.js',
    src: 'index.html',
    isEntry: true,
    imports: ['_vendor.js'],
    dynamicImports: [
      'src/pages/landing/LandingPage.tsx',
      'src/pages/auth/AuthPage.tsx',
      'src/app/SignedInApp.tsx',
    ],
  },
  '_vendor.js': { file: 'assets/vendor.js' },
  '_common.js': { file: 'assets/common.js', imports: ['index.html'] },
  '_auth.js': { file: 'assets/auth.js', imports: ['_common.js', 'index.html'] },
  '_index.css': { file: 'assets/index.css' },
  'src/pages/landing/LandingPage.tsx': {
    file: 'assets/LandingPage.js',
    isDynamicEntry: true,
    imports: ['index.html', '_common.js'],
  },
  'src/pages/auth/AuthPage.tsx': {
    file: 'assets/AuthPage.js',
    isDynamicEntry: true,
    imports: ['index.html', '_auth.js', '_index.css'],
    dynamicImports: ['src/pages/auth/schemas-lazy.ts'],
  },
  'src/pages/auth/schemas-lazy.ts': { file: 'assets/zod.js', isDynamicEntry: true },
  'src/app/SignedInApp.tsx': { file: 'assets/SignedInApp.js', isDynamicEntry: true, imports: ['index.html'] },
};

describe('routeFiles', () => {
  it("is the entry's and the page's static imports, transitively, never what they load on demand", () => {
    expect(routeFiles(manifest, 'src/pages/landing/LandingPage.tsx')).toEqual([
      'assets/LandingPage.js',
      'assets/common.js',
      'assets/index.js',
      'assets/vendor.js',
    ]);
    expect(routeFiles(manifest, 'src/pages/auth/AuthPage.tsx')).toEqual([
      'assets/AuthPage.js',
      'assets/auth.js',
      'assets/common.js',
      'assets/index.js',
      'assets/vendor.js',
    ]);
  });

  it('refuses a page the build does not have', () => {
    expect(() => staticClosure(manifest, ['src/pages/Nope.tsx'])).toThrow(/manifest sem/);
  });
});

describe('measureRoutes', () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'pauta-client-budget-'));
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  mkdirSync(path.join(dist, '.vite'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(manifest));
  // Random bytes: brotli cannot make them smaller, so the sizes are known (to a few bytes).
  const random = (n: number) => randomBytes(n);
  for (const [file, bytes] of [
    ['index.js', 60_000],
    ['vendor.js', 20_000],
    ['common.js', 1_000],
    ['auth.js', 30_000],
    ['LandingPage.js', 2_000],
    ['AuthPage.js', 2_000],
  ] as const)
    writeFileSync(path.join(dist, 'assets', file), random(bytes));

  it('adds up brotli (quality 11) sizes and fails a route over its budget', () => {
    const [landing, auth] = measureRoutes(dist, [
      { route: '/', page: 'src/pages/landing/LandingPage.tsx', budgetKb: 90 },
      { route: '/auth', page: 'src/pages/auth/AuthPage.tsx', budgetKb: 90 },
    ]);
    expect(landing!.brotli).toBeGreaterThanOrEqual(83_000);
    expect(landing!.brotli).toBeLessThan(84_000);
    expect(overBudget(landing!)).toBe(false);
    expect(auth!.brotli).toBeGreaterThan(113_000);
    expect(overBudget(auth!)).toBe(true);
  });
});
