import { describe, expect, it } from 'vitest';
import {
  CUSTOM_HEX_HINT,
  DEFAULT_THEME_COLOR,
  isHexColor,
  isPaletteColorId,
  PALETTE,
  PALETTE_COLORS,
  parseThemeColor,
  resolveThemeColor,
} from './palette.js';

describe('PALETTE', () => {
  it('has the 14 preset colours of the spec, each with a label and a valid hex', () => {
    expect(PALETTE_COLORS).toHaveLength(14);
    expect(Object.keys(PALETTE).sort()).toEqual([...PALETTE_COLORS].sort());
    for (const id of PALETTE_COLORS) {
      expect(PALETTE[id].label).not.toBe('');
      expect(isHexColor(PALETTE[id].hex)).toBe(true);
    }
  });

  it('defaults to blue and keeps the custom hint verbatim', () => {
    expect(DEFAULT_THEME_COLOR).toBe('blue');
    expect(CUSTOM_HEX_HINT).toBe('Digite um código hexadecimal (ex: #FF0000)');
  });
});

describe('isHexColor', () => {
  it.each(['#FF0000', '#ff0000', '#aBc123', '#000000', '#FFFFFF'])('accepts %s', (value) => {
    expect(isHexColor(value)).toBe(true);
  });

  it.each([
    'FF0000',
    '#F00',
    '#FF00000',
    '#FF000',
    '#GG0000',
    '#FF0000 ',
    ' #FF0000',
    '#FF0000\n',
    '',
    '#',
    'red',
  ])('rejects %j', (value) => {
    expect(isHexColor(value)).toBe(false);
  });

  it('rejects non-strings', () => {
    expect(isHexColor(null)).toBe(false);
    expect(isHexColor(0xff0000)).toBe(false);
    expect(isHexColor(undefined)).toBe(false);
  });
});

describe('isPaletteColorId', () => {
  it('knows the presets and nothing inherited from Object', () => {
    expect(isPaletteColorId('blue-violet')).toBe(true);
    expect(isPaletteColorId('Blue')).toBe(false);
    expect(isPaletteColorId('toString')).toBe(false);
    expect(isPaletteColorId('__proto__')).toBe(false);
  });
});

describe('parseThemeColor', () => {
  it('keeps a preset id', () => {
    expect(parseThemeColor('red-violet')).toBe('red-violet');
  });

  it('trims and upper-cases a hex code', () => {
    expect(parseThemeColor('  #ff19a1 ')).toBe('#FF19A1');
  });

  it('rejects anything else', () => {
    expect(parseThemeColor('purple')).toBeNull();
    expect(parseThemeColor('#12345')).toBeNull();
    expect(parseThemeColor('')).toBeNull();
  });
});

describe('resolveThemeColor', () => {
  it('maps a preset id to its hex', () => {
    expect(resolveThemeColor('red')).toBe(PALETTE.red.hex);
    expect(resolveThemeColor('gray')).toBe(PALETTE.gray.hex);
  });

  it('returns a custom hex normalised', () => {
    expect(resolveThemeColor('#00ff7f')).toBe('#00FF7F');
  });

  it('falls back to the default colour for absent or malformed values', () => {
    const blue = PALETTE.blue.hex;
    expect(resolveThemeColor(null)).toBe(blue);
    expect(resolveThemeColor(undefined)).toBe(blue);
    expect(resolveThemeColor('')).toBe(blue);
    expect(resolveThemeColor('#F00')).toBe(blue);
    expect(resolveThemeColor('purple')).toBe(blue);
  });
});
