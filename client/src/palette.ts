// Colour pairs that meet WCAG 2.2 AA in both colour schemes, computed from the theme's own
// colour tuples: which shade fills a button and which text colour sits on it, which shade is
// used for coloured text (links, outline and light variants, `c="red"`), and the dimmed, error
// and placeholder greys. theme.ts turns these into Mantine CSS variables per scheme; the client
// test palette.test.ts checks the resulting pairs (docs/accessibility.md lists the values).
import type { MantineColorsTuple, MantineThemeColors } from '@mantine/core';
import { darken } from '@mantine/core';

/** AA for normal text. */
export const TEXT_RATIO = 4.5;
/** AA for UI components and graphics (borders of controls, focus rings, icons). */
const UI_RATIO = 3;

function channel(value: number): number {
  const v = value / 255;
  return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
}

/** `#rgb`, `#rrggbb` or `rgb(r, g, b)` / `rgba(r, g, b, a)` (alpha ignored) → [r, g, b]. */
function parseColor(color: string): [number, number, number] {
  const hex = color.trim().match(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i);
  if (hex) {
    const digits = hex[1]!.length === 3 ? [...hex[1]!].map((d) => d + d).join('') : hex[1]!;
    const n = Number.parseInt(digits, 16);
    return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  }
  const rgb = color.match(/^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/i);
  if (rgb) return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3])];
  throw new Error(`cor não reconhecida: ${color}`);
}

function luminance(color: string): number {
  const [r, g, b] = parseColor(color).map(channel) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio, 1 to 21. */
export function contrast(a: string, b: string): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function passesAll(color: string, backgrounds: string[], ratio: number): boolean {
  return backgrounds.every((bg) => contrast(color, bg) >= ratio);
}

const WHITE = '#ffffff';
const BLACK = '#000000';

/** The surfaces coloured text and controls sit on: body, cards/inputs, and the grey panels. */
export function surfaces(colors: MantineThemeColors, scheme: 'light' | 'dark'): string[] {
  return scheme === 'light'
    ? [WHITE, colors.gray[0], colors.gray[1]]
    : [colors.dark[7], colors.dark[6], colors.dark[8], colors.dark[5]];
}

/** Background of Mantine's `light` variant in the dark scheme (Mantine's own formula). */
export function darkLightBackground(tuple: MantineColorsTuple): string {
  return darken(tuple[9], 0.5);
}

/** Hover background of the `light` variant in the dark scheme (Mantine's own formula). */
export function darkLightHover(tuple: MantineColorsTuple): string {
  return darken(tuple[9], 0.3);
}

/** Light scheme: the first of shades 6–9 readable on every background, else shade 9 darkened. */
function darkestNeeded(tuple: MantineColorsTuple, backgrounds: string[]): string {
  for (let s = 6; s <= 9; s++) if (passesAll(tuple[s]!, backgrounds, TEXT_RATIO)) return tuple[s]!;
  for (let amount = 0.1; amount < 1; amount += 0.1) {
    const darker = darken(tuple[9], amount);
    if (passesAll(darker, backgrounds, TEXT_RATIO)) return darker;
  }
  return BLACK;
}

/** Dark scheme: the first of shades 4–0 readable on every background, else white. */
function lightestNeeded(tuple: MantineColorsTuple, backgrounds: string[]): string {
  for (let s = 4; s >= 0; s--) if (passesAll(tuple[s]!, backgrounds, TEXT_RATIO)) return tuple[s]!;
  return WHITE;
}

interface SchemeColor {
  /** Text in the light variant (Badge, Avatar, active nav): on its fill and its hover fill. */
  lightColor: string;
  /** Shade index of the filled background (buttons, badges, avatars, checkboxes). */
  filled: number;
  /** Text and icon colour on the filled background. */
  onFilled: string;
  /**
   * Coloured text on the page and in light/outline/subtle variants: a shade of the tuple, or
   * shade 9 darkened further (yellow and orange have no shade dark enough).
   */
  text: string;
}

/**
 * Light scheme. Filled: from `preferred` towards darker shades, the first with white text at
 * 4.5:1 (so it also stands 4.5:1 off a white page); colours too pale for white at any shade
 * (yellow, lime) keep `preferred` with black text. Text: from shade 6 towards 9, the first
 * reaching 4.5:1 on every light surface and on the variant's pale background (shade 1).
 */
export function lightScheme(
  tuple: MantineColorsTuple,
  colors: MantineThemeColors,
  preferred = 6,
): SchemeColor {
  let filled = -1;
  for (let s = preferred; s <= 9; s++)
    if (contrast(WHITE, tuple[s]!) >= TEXT_RATIO) {
      filled = s;
      break;
    }
  const onFilled = filled === -1 ? BLACK : WHITE;
  if (filled === -1) filled = preferred;
  const backgrounds = [...surfaces(colors, 'light'), tuple[1]];
  const text = darkestNeeded(tuple, surfaces(colors, 'light'));
  // The light variant sits on shade 1 and hovers to shade 2.
  const lightColor = darkestNeeded(tuple, backgrounds.concat(tuple[2]));
  return { filled, onFilled, text, lightColor };
}

/**
 * Dark scheme. Filled: from `preferred` towards lighter shades, the first with black text at
 * 4.5:1 that also stands 3:1 off every dark surface (a control must be seen on the page).
 * Text: from shade 4 towards 0, the first reaching 4.5:1 on every dark surface and on the
 * light variant's background.
 */
export function darkScheme(
  tuple: MantineColorsTuple,
  colors: MantineThemeColors,
  preferred = 6,
): SchemeColor {
  const pages = surfaces(colors, 'dark');
  let filled = 0;
  for (let s = preferred; s >= 0; s--)
    if (contrast(BLACK, tuple[s]!) >= TEXT_RATIO && passesAll(tuple[s]!, pages, UI_RATIO)) {
      filled = s;
      break;
    }
  const text = lightestNeeded(tuple, pages);
  const lightColor = lightestNeeded(tuple, [...pages, darkLightBackground(tuple), darkLightHover(tuple)]);
  return { filled, onFilled: BLACK, text, lightColor };
}
