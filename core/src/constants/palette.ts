/**
 * Theme colours: 14 presets (spec §5) or a custom `#RRGGBB` code. `themes.color_palette` stores
 * either a preset id or a hex code; `resolveThemeColor` turns both into a hex for display.
 */

export const PALETTE_COLORS = [
  'red',
  'red-orange',
  'orange',
  'yellow-orange',
  'yellow',
  'yellow-green',
  'green',
  'blue-green',
  'blue',
  'blue-violet',
  'violet',
  'red-violet',
  'black',
  'gray',
] as const;
export type PaletteColorId = (typeof PALETTE_COLORS)[number];

export interface PaletteColor {
  readonly label: string;
  readonly hex: string;
}

export const PALETTE = {
  red: { label: 'Vermelho', hex: '#E53935' },
  'red-orange': { label: 'Vermelho-alaranjado', hex: '#F4511E' },
  orange: { label: 'Laranja', hex: '#FB8C00' },
  'yellow-orange': { label: 'Amarelo-alaranjado', hex: '#FFB300' },
  yellow: { label: 'Amarelo', hex: '#FDD835' },
  'yellow-green': { label: 'Amarelo-esverdeado', hex: '#C0CA33' },
  green: { label: 'Verde', hex: '#43A047' },
  'blue-green': { label: 'Verde-azulado', hex: '#00897B' },
  blue: { label: 'Azul', hex: '#1E88E5' },
  'blue-violet': { label: 'Azul-violeta', hex: '#5E35B1' },
  violet: { label: 'Violeta', hex: '#8E24AA' },
  'red-violet': { label: 'Vermelho-violeta', hex: '#C2185B' },
  black: { label: 'Preto', hex: '#212121' },
  gray: { label: 'Cinza', hex: '#757575' },
} as const satisfies Record<PaletteColorId, PaletteColor>;

export const DEFAULT_THEME_COLOR: PaletteColorId = 'blue';

/** Hint under the custom colour field (spec §5). */
export const CUSTOM_HEX_HINT = 'Digite um código hexadecimal (ex: #FF0000)';

/** A stored theme colour: a preset id or a `#RRGGBB` code (upper-case once normalised). */
export type ThemeColor = PaletteColorId | `#${string}`;

const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

/** True for exactly `#RRGGBB` (either case). Short forms like `#F00` and names are rejected. */
export function isHexColor(value: unknown): value is `#${string}` {
  return typeof value === 'string' && HEX_COLOR.test(value);
}

export function isPaletteColorId(value: unknown): value is PaletteColorId {
  return typeof value === 'string' && Object.hasOwn(PALETTE, value);
}

/**
 * Validates and normalises user input for a theme colour: trims it, keeps a preset id as is and
 * upper-cases a hex code. Returns `null` when the input is neither.
 */
export function parseThemeColor(value: string): ThemeColor | null {
  const trimmed = value.trim();
  if (isPaletteColorId(trimmed)) return trimmed;
  if (isHexColor(trimmed)) return trimmed.toUpperCase() as `#${string}`;
  return null;
}

/**
 * The hex code to paint a theme with. Accepts a preset id or a hex code; anything else (an
 * absent value, a malformed code from old data) falls back to the default colour, so a card is
 * never left without an accent.
 */
export function resolveThemeColor(idOrHex: string | null | undefined): string {
  const parsed = idOrHex == null ? null : parseThemeColor(idOrHex);
  if (parsed === null) return PALETTE[DEFAULT_THEME_COLOR].hex;
  return isPaletteColorId(parsed) ? PALETTE[parsed].hex : parsed;
}
