// The heat map's colours (docs/best-time.md): a ramp from a quiet to a strong blue per colour
// scheme, and for each cell the text colour (black or white) with the higher contrast, which is
// always at least 4.5:1 — the values are printed in the cells, so colour is never the only cue.

type Rgb = readonly [number, number, number];

const RAMPS: Record<'light' | 'dark', { low: Rgb; high: Rgb }> = {
  // Mantine gray.0 → blue.9
  light: { low: [248, 249, 250], high: [24, 100, 171] },
  // Mantine dark.6 → blue.4
  dark: { low: [44, 46, 51], high: [77, 171, 247] },
};

function channel(value: number): number {
  const c = value / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function luminance([r, g, b]: Rgb): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two colours. */
export function contrast(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const BLACK: Rgb = [0, 0, 0];
const WHITE: Rgb = [255, 255, 255];

/** Background and text of a cell whose strength is `t` (0 = the grid's worst, 1 = its best). */
export function heatColors(t: number, scheme: 'light' | 'dark'): { background: Rgb; text: Rgb } {
  const clamped = Math.min(1, Math.max(0, Number.isFinite(t) ? t : 0));
  const { low, high } = RAMPS[scheme];
  const background = low.map((v, i) => Math.round(v + (high[i]! - v) * clamped)) as unknown as Rgb;
  const text = contrast(background, BLACK) >= contrast(background, WHITE) ? BLACK : WHITE;
  return { background, text };
}

export const rgb = ([r, g, b]: Rgb) => `rgb(${r} ${g} ${b})`;
