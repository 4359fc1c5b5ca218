import { csvMessages } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { parsePostsCsv } from './csv.service.js';

describe('parsePostsCsv', () => {
  it('drops the BOM and reads `;` with quotes, doubled quotes and line breaks inside', () => {
    const parsed = parsePostsCsv('\uFEFFtítulo;texto\r\n"A; B";"Diga ""oi""\r\nlinha 2"\r\nC;D\r\n');
    expect(parsed).toEqual({
      header: ['título', 'texto'],
      rows: [
        { line: 2, cells: ['A; B', 'Diga "oi"\r\nlinha 2'] },
        { line: 4, cells: ['C', 'D'] },
      ],
    });
  });

  it('reads `,` files (the header decides) and skips blank lines and lines of separators only', () => {
    const parsed = parsePostsCsv('título,texto\n"x, y",z\n\n,\nw,"1;2"\n');
    expect(parsed).toEqual({
      header: ['título', 'texto'],
      rows: [
        { line: 2, cells: ['x, y', 'z'] },
        { line: 5, cells: ['w', '1;2'] },
      ],
    });
  });

  it('refuses an empty file, one past 1 MB and a quote never closed, in pt-BR', () => {
    expect(parsePostsCsv('\uFEFF  \r\n')).toEqual({ fileError: csvMessages.file.empty });
    expect(parsePostsCsv(`a;b\n${'x'.repeat(1024 * 1024)}`)).toEqual({
      fileError: csvMessages.file.tooLarge(1),
    });
    expect(parsePostsCsv('a;b\nc;"d\n')).toEqual({ fileError: csvMessages.file.unreadable(2) });
  });
});
