// Pauta's Mantine theme: the brand pink (#ff1981) as a 10-shade primary scale, system fonts
// (the app downloads no fonts) and rounded surfaces.
import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';
import { Button, Card, createTheme, Paper } from '@mantine/core';
import { BRAND_COLOR } from '@pauta/core';

const brand: MantineColorsTuple = [
  '#fff0f6',
  '#ffdcea',
  '#ffb3d2',
  '#ff85b7',
  '#ff5a9e',
  '#ff3690',
  BRAND_COLOR,
  '#e4006d',
  '#c80060',
  '#a50050',
];

const systemFonts =
  "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  // Shade 6 is the brand pink itself, so filled buttons are exactly #ff1981 in both schemes.
  primaryShade: { light: 6, dark: 6 },
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '750' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  components: {
    Button: Button.extend({ defaultProps: { radius: 'md' } }),
    Card: Card.extend({ defaultProps: { radius: 'lg', withBorder: true, padding: 'lg' } }),
    Paper: Paper.extend({ defaultProps: { radius: 'lg' } }),
  },
});

// Pink *text* (links, outline buttons, light variants) on light backgrounds uses the darker
// shade 7 (4.6:1 on white) because #ff1981 reaches only 3.7:1; Mantine's default dimmed grey
// (3.3:1) is likewise darkened to 5.8:1. Both keep WCAG AA for small text.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5f6670',
    '--mantine-color-brand-text': brand[7],
    // Light variants (active menu entry, avatar initials) put pink text on a pale pink fill.
    '--mantine-color-brand-light-color': brand[7],
    '--mantine-color-brand-outline': brand[7],
    '--mantine-color-anchor': brand[7],
  },
  dark: {},
});
