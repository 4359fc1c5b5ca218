// fontkit (a dependency of pdfkit) ships no types; the report's font coverage uses one function.
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Uint8Array): Font;
}
