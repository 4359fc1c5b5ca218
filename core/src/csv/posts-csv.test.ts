import { describe, expect, it } from 'vitest';
import { csvMessages } from '../messages/csv.js';
import {
  buildPostsCsv,
  checkPostCsvRow,
  mapCsvHeader,
  POST_CSV_COLUMNS,
  type PostCsvContext,
  parseCsvDate,
  parseCsvTime,
  platformFromCsv,
  postsCsvTemplate,
} from './posts-csv.js';

const TZ = 'America/Sao_Paulo';
// 2026-11-28 12:00 in São Paulo (UTC-3).
const now = new Date('2026-11-28T15:00:00Z');
const context: PostCsvContext = {
  themes: [
    { id: 't1', name: 'Promoções de Verão', networks: ['linkedin', 'x'] },
    { id: 't2', name: 'Dicas', networks: ['instagram'] },
  ],
  accounts: { linkedin: { username: 'loja' }, x: { username: 'lojax' } },
  timeZone: TZ,
  now,
};
const { index } = mapCsvHeader([...POST_CSV_COLUMNS]);
const row = (over: Partial<Record<(typeof POST_CSV_COLUMNS)[number], string>> = {}) => {
  const base = {
    título: 'Título',
    tema: 'Promoções de Verão',
    rede: 'LinkedIn',
    conta: '',
    data: '15/01/2027',
    hora: '10:00',
    texto: 'Olá',
    imagem: '',
    status: '',
    ...over,
  };
  return POST_CSV_COLUMNS.map((c) => base[c]);
};
const check = (cells: string[]) =>
  checkPostCsvRow(cells, { line: 2, index, columns: POST_CSV_COLUMNS.length, context });

describe('mapCsvHeader', () => {
  it('finds columns in any order, case and accents, and names the missing required ones', () => {
    const { index: found, missing } = mapCsvHeader(['TEXTO', 'Titulo', 'rede', 'Data']);
    expect(found).toMatchObject({ texto: 0, título: 1, rede: 2, data: 3 });
    expect(missing).toEqual(['tema', 'hora']);
  });
});

describe('platformFromCsv', () => {
  it('reads the id or the pt-BR label of the registry, any case', () => {
    expect(platformFromCsv('LinkedIn')).toBe('linkedin');
    expect(platformFromCsv('linkedin (página)')).toBe('linkedin_page');
    expect(platformFromCsv('linkedin_page')).toBe('linkedin_page');
    expect(platformFromCsv('X (Twitter)')).toBe('x');
    expect(platformFromCsv('x')).toBe('x');
    expect(platformFromCsv('Twitter')).toBe('x');
    expect(platformFromCsv('Google Meu Negócio')).toBe('google_business');
    expect(platformFromCsv('Orkut')).toBeNull();
  });
});

describe('parseCsvDate / parseCsvTime', () => {
  it('accepts dd/mm/aaaa of a real day and HH:mm of a 24-hour clock', () => {
    expect(parseCsvDate('05/01/2027')).toEqual({ year: 2027, month: 1, day: 5 });
    expect(parseCsvDate('29/02/2028')).toEqual({ year: 2028, month: 2, day: 29 });
    expect(parseCsvDate('29/02/2027')).toBeNull();
    expect(parseCsvDate('2027-01-05')).toBeNull();
    expect(parseCsvDate('31/04/2027')).toBeNull();
    expect(parseCsvTime('9:05')).toEqual({ hour: 9, minute: 5 });
    expect(parseCsvTime('24:00')).toBeNull();
    expect(parseCsvTime('10h')).toBeNull();
  });
});

describe('checkPostCsvRow', () => {
  it('turns a good row into a post at the local time of the person', () => {
    const result = check(row());
    expect(result.errors).toEqual([]);
    expect(result.draft).toEqual({
      themeId: 't1',
      platform: 'linkedin',
      title: 'Título',
      content: 'Olá',
      scheduledFor: new Date('2027-01-15T13:00:00Z'),
    });
  });

  it('names every row error in pt-BR', () => {
    const m = csvMessages.row;
    expect(check(row({ tema: '' })).errors).toEqual([m.themeMissing]);
    expect(check(row({ tema: 'Natal' })).errors).toEqual([m.themeUnknown('Natal')]);
    expect(check(row({ rede: '' })).errors).toEqual([m.networkMissing]);
    expect(check(row({ rede: 'Orkut' })).errors).toEqual([m.networkUnknown('Orkut')]);
    expect(check(row({ tema: 'Dicas' })).errors).toEqual([m.networkNotInTheme('LinkedIn', 'Dicas')]);
    expect(check(row({ tema: 'Dicas', rede: 'Instagram' })).errors).toEqual([
      m.networkNotConnected('Instagram'),
    ]);
    expect(check(row({ conta: '@outra' })).errors).toEqual([m.accountUnknown('@outra', 'LinkedIn')]);
    expect(check(row({ data: '' })).errors).toEqual([m.dateMissing]);
    expect(check(row({ data: '2027-01-15' })).errors).toEqual([m.dateInvalid('2027-01-15')]);
    expect(check(row({ hora: '' })).errors).toEqual([m.timeMissing]);
    expect(check(row({ hora: '25:00' })).errors).toEqual([m.timeInvalid('25:00')]);
    expect(check(row({ data: '28/11/2026', hora: '11:59' })).errors).toEqual([m.past]);
    expect(check(row({ data: '01/01/2030' })).errors).toEqual([m.beyondHorizon]);
    expect(check(row({ texto: '   ' })).errors).toEqual([m.textEmpty]);
    expect(check(row({ rede: 'X', texto: 'a'.repeat(281) })).errors).toEqual([
      m.textTooLong('X (Twitter)', 281, 280),
    ]);
    expect(check(row({ título: 't'.repeat(301) })).errors).toEqual([m.titleTooLong(300)]);
    expect(check([...row(), 'extra']).errors).toEqual([m.columnCount(10, 9)]);
    expect(check(row({ tema: '' })).draft).toBeUndefined();
  });

  it('accepts the connected account by its username, with or without @, any case', () => {
    expect(check(row({ conta: '@Loja' })).errors).toEqual([]);
    expect(check(row({ conta: 'loja' })).errors).toEqual([]);
  });

  it('leaves an http(s) image address to the server, refuses any other, and warns about a missing title', () => {
    const w = csvMessages.warning;
    const withUrl = check(row({ imagem: 'https://exemplo.com/a.jpg' }));
    expect(withUrl.warnings).toEqual([]);
    expect(withUrl.errors).toEqual([]);
    expect(withUrl.draft).toBeDefined();
    for (const bad of [
      'ftp://exemplo.com/a.jpg',
      'exemplo.com/a.jpg',
      'https://user:senha@exemplo.com/a.jpg',
    ]) {
      const refused = check(row({ imagem: bad }));
      expect(refused.errors).toEqual([csvMessages.row.imageNotHttp(bad)]);
      expect(refused.draft).toBeUndefined();
    }
    const untitled = check(row({ título: '', texto: 'Primeira linha\nsegunda' }));
    expect(untitled.warnings).toEqual([w.titleFromText]);
    expect(untitled.draft?.title).toBe('Primeira linha');
  });

  it("takes the export's apostrophe off a cell that would be a formula", () => {
    expect(check(row({ texto: "'=1+1" })).draft?.content).toBe('=1+1');
    expect(check(row({ texto: "'não é fórmula" })).draft?.content).toBe("'não é fórmula");
  });
});

describe('buildPostsCsv', () => {
  it('writes a BOM, the header, `;` and CRLF, quoting only what needs it, and defuses formulas', () => {
    const csv = buildPostsCsv([
      {
        título: 'A; B',
        tema: 'T',
        rede: 'LinkedIn',
        conta: '',
        data: '15/01/2027',
        hora: '10:00',
        texto: 'Diga "oi"\nlinha 2',
        imagem: '',
        status: '=HYPERLINK("x")',
      },
    ]);
    expect(csv.startsWith('\uFEFFtítulo;tema;rede;conta;data;hora;texto;imagem;status\r\n')).toBe(true);
    expect(csv).toContain(
      '"A; B";T;LinkedIn;;15/01/2027;10:00;"Diga ""oi""\nlinha 2";;"\'=HYPERLINK(""x"")"\r\n',
    );
  });

  it('makes a template with the header and one example row a week ahead', () => {
    const csv = postsCsvTemplate({ now, timeZone: TZ, themeName: 'Dicas', network: 'instagram' });
    const lines = csv.slice(1).split('\r\n');
    expect(lines[0]).toBe(POST_CSV_COLUMNS.join(';'));
    expect(lines[1]).toMatch(/^Lançamento da coleção de verão;Dicas;Instagram;;05\/12\/2026;10:00;"Chegou/);
  });
});
