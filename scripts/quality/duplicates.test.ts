import { describe, expect, it } from 'vitest';
import { isImportListRun, isProductionFile, parseRows } from './duplicates.js';

describe('quality:duplicates', () => {
  it('counts only production source files', () => {
    expect(isProductionFile('server/src/posts/posts.service.ts')).toBe(true);
    expect(isProductionFile('client/src/views/Home.tsx')).toBe(true);
    expect(isProductionFile('server/src/posts/posts.service.test.ts')).toBe(false);
    expect(isProductionFile('db/migrations/2026-01-01T00-00-init.ts')).toBe(false);
    expect(isProductionFile('client/src/test-utils/render.tsx')).toBe(false);
    expect(isProductionFile('client/src/vite-env.d.ts')).toBe(false);
    expect(isProductionFile('docs/networks.md')).toBe(false);
  });

  it('tells a wrapped import list from repeated code', () => {
    const imports = [
      'import {',
      '  type HttpContext,',
      '  isObject,',
      '  numberField,',
      '  publishError as failure,',
      "} from '../publishing/http.js';",
    ];
    expect(isImportListRun(imports)).toBe(true);
    const code = [
      '  const result = await sendRequest(ctx, url, {',
      "    method: 'POST',",
      '    headers: auth(target),',
      '    body,',
      '  });',
      '  if (!result.ok) throw failure(ctx, result);',
    ];
    expect(isImportListRun(code)).toBe(false);
    expect(isImportListRun(['// only a comment', ''])).toBe(false);
  });

  it("reads the tool's rows and which are boilerplate", () => {
    const output = [
      '3 pairs of places (10 files read), each sharing runs of 6 or more identical or same-shape lines (2 by shape alone, 1 of those marked boilerplate)',
      'D1 a.ts:10-24 ~ b.ts:40-54 (+2 more runs)',
      'D2 c.tsx:1-8 ~ d.tsx:3-10 shape',
      'D3 e.ts:5-11 ~ f.ts:5-11 shape boilerplate',
    ].join('\n');
    expect(
      parseRows(output).map((row) => [row.id, row.file, row.from, row.to, row.boilerplate, row.moreRuns]),
    ).toEqual([
      ['D1', 'a.ts', 10, 24, false, true],
      ['D2', 'c.tsx', 1, 8, false, false],
      ['D3', 'e.ts', 5, 11, true, false],
    ]);
  });
});
