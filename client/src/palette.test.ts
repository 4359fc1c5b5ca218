// The theme's actual colour pairs, resolved from the CSS variables Mantine will emit for each
// scheme, against WCAG 2.2 AA: 4.5:1 for text, 3:1 for controls and the focus ring.
import type { MantineColorsTuple } from '@mantine/core';
import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, darkLightBackground, darkLightHover, surfaces } from './palette';
import { brand, cssVariablesResolver, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const colors = merged.colors;
type Scheme = 'light' | 'dark';

/** Every CSS variable of a scheme as the browser sees it: Mantine's defaults, then ours. */
function variables(scheme: Scheme): Record<string, string> {
  const base = defaultCssVariablesResolver(merged);
  const ours = cssVariablesResolver(merged);
  return { ...base.variables, ...base[scheme], ...ours.variables, ...ours[scheme] };
}

/** Follows var(--x) references down to a colour. */
function resolve(value: string, vars: Record<string, string>): string {
  let current = value.trim();
  for (let i = 0; i < 10; i++) {
    const ref = current.match(/^var\((--[\w-]+)\)$/);
    if (!ref) return current;
    const next = vars[ref[1]!];
    if (next === undefined) throw new Error(`variável não definida: ${ref[1]}`);
    current = next.trim();
  }
  throw new Error(`referência circular: ${value}`);
}

const SCHEMES: Scheme[] = ['light', 'dark'];
// The colours the app passes to components (color="…") besides brand.
const APP_COLORS = [
  'brand',
  'gray',
  'red',
  'teal',
  'green',
  'yellow',
  'orange',
  'blue',
  'grape',
  'violet',
  'cyan',
];

/** The light variant's fill and its hover fill. */
function lightBackgrounds(name: string, scheme: Scheme): string[] {
  const tuple = colors[name] as MantineColorsTuple;
  return scheme === 'light' ? [tuple[1], tuple[2]] : [darkLightBackground(tuple), darkLightHover(tuple)];
}

describe.each(SCHEMES)('%s scheme', (scheme) => {
  const vars = variables(scheme);
  const get = (name: string) => resolve(`var(${name})`, vars);
  const pages = surfaces(colors, scheme);

  it('primary button: its text on the filled pink reaches 4.5:1, the pink itself 3:1 off every surface', () => {
    const filled = get('--mantine-primary-color-filled');
    const hover = get('--mantine-primary-color-filled-hover');
    const text = get('--mantine-color-brand-contrast');
    expect(contrast(text, filled)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(text, hover)).toBeGreaterThanOrEqual(4.5);
    for (const page of pages) expect(contrast(filled, page)).toBeGreaterThanOrEqual(3);
    // Keeps the identity: a pink (red channel well above green).
    const [r, g] = [Number.parseInt(filled.slice(1, 3), 16), Number.parseInt(filled.slice(3, 5), 16)];
    expect(r - g).toBeGreaterThan(150);
  });

  it('focus ring (the primary filled colour) stands 3:1 off every surface', () => {
    const ring = get('--mantine-primary-color-filled');
    for (const page of pages) expect(contrast(ring, page)).toBeGreaterThanOrEqual(3);
  });

  it('links and brand text reach 4.5:1 on every surface', () => {
    for (const page of pages) {
      expect(contrast(get('--mantine-color-anchor'), page)).toBeGreaterThanOrEqual(4.5);
      expect(contrast(get('--mantine-color-brand-text'), page)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('dimmed, placeholder and error text reach 4.5:1 on every surface', () => {
    for (const page of pages)
      for (const name of ['--mantine-color-dimmed', '--mantine-color-placeholder', '--mantine-color-error'])
        expect(contrast(get(name), page), `${name} on ${page}`).toBeGreaterThanOrEqual(4.5);
  });

  it.each(APP_COLORS)('%s: filled badge/button, light badge and avatar, outline and subtle text', (name) => {
    const filled = get(`--mantine-color-${name}-filled`);
    const onFilled = get(`--mantine-color-${name}-contrast`);
    expect(contrast(onFilled, filled), 'text on filled').toBeGreaterThanOrEqual(4.5);
    // Light variant (Badge, Avatar, active menu entry): coloured text on the pale/dim fill.
    const lightColor = get(`--mantine-color-${name}-light-color`);
    for (const bg of lightBackgrounds(name, scheme))
      expect(contrast(lightColor, bg), `light variant on ${bg}`).toBeGreaterThanOrEqual(4.5);
    for (const page of pages) {
      expect(contrast(lightColor, page), 'subtle variant').toBeGreaterThanOrEqual(4.5);
      expect(contrast(get(`--mantine-color-${name}-outline`), page), 'outline').toBeGreaterThanOrEqual(4.5);
      expect(contrast(get(`--mantine-color-${name}-text`), page), 'c= text').toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe('brand palette', () => {
  it('keeps #ff1981 as shade 6 and fills the dark scheme with it', () => {
    expect(brand[6]).toBe('#ff1981');
    expect(resolve('var(--mantine-primary-color-filled)', variables('dark'))).toBe('#ff1981');
    expect(resolve('var(--mantine-primary-color-filled)', variables('light'))).toBe(brand[7]);
  });

  it('contrast() matches known WCAG ratios', () => {
    expect(contrast('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrast('#ffffff', '#ff1981')).toBeCloseTo(3.68, 2);
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});
