// The first-visit JavaScript of the public pages stays within budget (issue 29): measured on the
// client that `npm run test:e2e` has just built (`npm run build`), from its build manifest —
// the entry and the page's chunk with their static imports, brotli at quality 11 (the bodies;
// bench:client measures the wire). Details and figures: docs/performance.md, "First visit".
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { measureRoutes, overBudget, ROUTE_BUDGETS } from '../../scripts/client-budget.js';

const DIST = path.resolve(import.meta.dirname, '../../client/dist');

describe('first-visit JavaScript of the public pages', () => {
  for (const size of measureRoutes(DIST)) {
    it(`${size.route}: ≤ ${size.budgetKb} kB of JS in brotli`, () => {
      const files = size.files.map((f) => `${(f.brotli / 1000).toFixed(1)} kB ${f.file}`).join(', ');
      expect(
        overBudget(size),
        `${size.route}: ${(size.brotli / 1000).toFixed(1)} kB > ${size.budgetKb} kB (${files})`,
      ).toBe(false);
    });
  }

  it('budgets every public page the issue names', () => {
    expect(ROUTE_BUDGETS.map((b) => b.route)).toEqual(['/', '/auth']);
  });
});
