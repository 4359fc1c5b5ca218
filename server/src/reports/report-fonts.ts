// The PDF's embedded font (docs/reports.md "The PDF"): DejaVu Sans, regular and bold, from the npm
// package @fontsource/dejavu-sans (installed with the server's dependencies; nothing is downloaded
// at run time). Its "latin" files are the whole DejaVu Sans (about 6,000 glyphs: Latin, Greek,
// Cyrillic, arrows, math, "−", "•", box drawing, many monochrome symbols and some emoji), so
// accented text and the symbols of post texts are drawn, and pdfkit (fontkit) embeds only the
// glyphs a report uses (a subset), as real text a reader can select and search.
//
// The package ships WOFF (zlib-compressed tables). fontkit reads WOFF, but decompresses its tables
// again for every glyph lookup: a report took about a second with the WOFF and 20 ms with the same
// font as TrueType. So each file is turned into its TrueType tables once per process (WOFF 1.0 is
// the sfnt tables, each deflated), parsed once by fontkit, and the parsed font is handed to every
// document (pdfkit 0.20 accepts a fontkit font; each document still makes its own subset), which
// saves parsing ~1.5 MB of tables per report.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';

const require = createRequire(import.meta.url);

const FILES = {
  regular: '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff',
  bold: '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff',
} as const;

/** The names the PDF's drawing code uses (registered on each document). */
export const REPORT_FONT = { regular: 'Report', bold: 'Report-Bold' } as const;

const WOFF_SIGNATURE = 0x774f4646; // 'wOFF'

/** A WOFF 1.0 file as the TrueType/OpenType file it wraps (its tables inflated, 4-byte aligned). */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.length < 44 || woff.readUInt32BE(0) !== WOFF_SIGNATURE) throw new Error('não é um arquivo WOFF');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  const out = Buffer.alloc(woff.readUInt32BE(16));
  out.writeUInt32BE(flavor, 0);
  out.writeUInt16BE(numTables, 4);
  const entrySelector = Math.floor(Math.log2(numTables));
  const searchRange = 16 * 2 ** entrySelector;
  out.writeUInt16BE(searchRange, 6);
  out.writeUInt16BE(entrySelector, 8);
  out.writeUInt16BE(numTables * 16 - searchRange, 10);
  let offset = 12 + 16 * numTables;
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + 20 * i;
    const tag = woff.readUInt32BE(entry);
    const at = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const checksum = woff.readUInt32BE(entry + 16);
    const stored = woff.subarray(at, at + compressed);
    const table = compressed < length ? inflateSync(stored) : stored;
    if (table.length !== length) throw new Error('tabela WOFF com tamanho errado');
    const record = 12 + 16 * i;
    out.writeUInt32BE(tag, record);
    out.writeUInt32BE(checksum, record + 4);
    out.writeUInt32BE(offset, record + 8);
    out.writeUInt32BE(length, record + 12);
    table.copy(out, offset);
    offset += (length + 3) & ~3;
  }
  return out;
}

interface LoadedFonts {
  /** fontkit fonts, typed as what pdfkit's `registerFont` declares (it also takes a fontkit font). */
  regular: PDFKit.Mixins.PDFFontSource;
  bold: PDFKit.Mixins.PDFFontSource;
  /** Which characters each face draws (bold lacks ~140 of regular's, e.g. math sans-serif letters). */
  coverage: Record<'regular' | 'bold', { hasGlyphForCodePoint(codePoint: number): boolean }>;
}

let loaded: LoadedFonts | null = null;

/** The fonts as TrueType, read and converted on first use and kept for the process. */
export function reportFonts(): LoadedFonts {
  if (!loaded) {
    const regular = fontkit.create(woffToSfnt(readFileSync(require.resolve(FILES.regular))));
    const bold = fontkit.create(woffToSfnt(readFileSync(require.resolve(FILES.bold))));
    loaded = {
      regular: regular as unknown as PDFKit.Mixins.PDFFontSource,
      bold: bold as unknown as PDFKit.Mixins.PDFFontSource,
      coverage: { regular, bold },
    };
  }
  return loaded;
}
