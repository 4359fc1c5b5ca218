// Pauta's Mantine theme: the brand pink (#ff1981) as a 10-shade primary scale, system fonts
// (the app downloads no fonts), rounded surfaces, and colours that meet WCAG 2.2 AA in both
// schemes (palette.ts picks the shades; docs/accessibility.md lists the pairs and ratios).
import type {
  AlertFactory,
  ButtonFactory,
  CardFactory,
  CheckboxFactory,
  CSSVariablesResolver,
  DrawerFactory,
  ExtendComponent,
  FactoryPayload,
  MantineColorsTuple,
  MantineThemeColors,
  MantineThemeComponent,
  MenuFactory,
  ModalFactory,
  NotificationFactory,
  PaperFactory,
  PasswordInputFactory,
  RadioFactory,
  VariantColorsResolver,
} from '@mantine/core';
import { createTheme, DEFAULT_THEME, defaultVariantColorsResolver, parseThemeColor } from '@mantine/core';
import { BRAND_COLOR, messages } from '@pauta/core';
import { contrast, darkScheme, lightScheme, surfaces, TEXT_RATIO } from './palette';

/**
 * Shade 6 is the brand pink itself: filled controls in the dark scheme (with black text, 5.7:1)
 * and the logo. The light scheme fills with shade 7 (white text 5.2:1); shades 7–9 are deep
 * pinks for text on white.
 */
export const brand: MantineColorsTuple = [
  '#fff0f6',
  '#ffdcea',
  '#ffb3d2',
  '#ff85b7',
  '#ff5a9e',
  '#ff3690',
  BRAND_COLOR,
  '#d6006b',
  '#b8005c',
  '#99004d',
];

const systemFonts =
  "Inter, ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif, 'Apple Color Emoji', 'Segoe UI Emoji'";

/**
 * Filled variants of a theme colour take their text colour from `--mantine-color-<c>-contrast`,
 * set per scheme below (white on the deep light-scheme fills, black on the bright dark-scheme
 * ones); everything else is Mantine's own resolver reading the per-scheme variables.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const result = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (input.variant === 'filled' && parsed.isThemeColor && parsed.shade === undefined)
    return { ...result, color: `var(--mantine-color-${parsed.color}-contrast)` };
  return result;
};

/**
 * `Component.extend` (Mantine's is the identity) with the component named by its type only: the
 * theme is part of the entry chunk every page loads, and importing `Modal` or `Menu` here put
 * their code (and Floating UI, the scroll lock, the transitions) in it. Each component's code
 * stays in the chunks of the pages that show it.
 */
const extend = <Payload extends FactoryPayload>(input: ExtendComponent<Payload>): MantineThemeComponent =>
  input as MantineThemeComponent;

export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  // The same shades palette.ts picks for brand (the unit test holds them together).
  primaryShade: { light: 7, dark: 6 },
  variantColorResolver,
  fontFamily: systemFonts,
  headings: { fontFamily: systemFonts, fontWeight: '750' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  // Modals, menus, drawers and toasts appear without their motion when the system asks so.
  respectReducedMotion: true,
  focusRing: 'auto',
  components: {
    Button: extend<ButtonFactory>({ defaultProps: { radius: 'md' } }),
    Card: extend<CardFactory>({ defaultProps: { radius: 'lg', withBorder: true, padding: 'lg' } }),
    Paper: extend<PaperFactory>({ defaultProps: { radius: 'lg' } }),
    // The tick on a checked box is the filled colour's contrast colour, not always white.
    Checkbox: extend<CheckboxFactory>({
      vars: () => ({ root: { '--checkbox-icon-color': 'var(--mantine-primary-color-contrast)' } }),
    }),
    Radio: extend<RadioFactory>({
      vars: () => ({ root: { '--radio-icon-color': 'var(--mantine-primary-color-contrast)' } }),
    }),
    // Accessible names of the library's own controls, in pt-BR (Mantine's are English or none).
    // A dialog's <header> is not the page's banner landmark (axe: one banner per page).
    Modal: extend<ModalFactory>({
      defaultProps: {
        closeButtonProps: { 'aria-label': messages.common.close },
        attributes: { header: { role: 'presentation' } },
      },
    }),
    Drawer: extend<DrawerFactory>({
      defaultProps: {
        closeButtonProps: { 'aria-label': messages.common.close },
        attributes: { header: { role: 'presentation' } },
      },
    }),
    Notification: extend<NotificationFactory>({
      defaultProps: { closeButtonProps: { 'aria-label': messages.a11y.closeNotification } },
      // Mantine greys the message with gray-6 / dark-2 (3.3:1); the dimmed colour reads.
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
    // No focusable role=presentation placeholder inside role=menu (axe: aria-required-children);
    // Mantine still moves focus to the first item when the menu opens from the keyboard.
    Menu: extend<MenuFactory>({ defaultProps: { withInitialFocusPlaceholder: false } }),
    Alert: extend<AlertFactory>({ defaultProps: { closeButtonLabel: messages.common.close } }),
    // A toggle button: a constant name, its state in aria-pressed (Mantine sets it).
    PasswordInput: extend<PasswordInputFactory>({
      defaultProps: { visibilityToggleButtonProps: { 'aria-label': messages.auth.showPassword } },
    }),
    // By name (like every component here), so the date pickers' code stays in their views' chunks.
    DatePickerInput: {
      defaultProps: {
        previousLabel: messages.calendar.previousMonth,
        nextLabel: messages.calendar.nextMonth,
        clearButtonProps: { 'aria-label': messages.common.clear },
      },
    },
  },
});

type Vars = Record<string, string>;

/** The first candidate reaching 4.5:1 on every surface of the scheme. */
function firstReadable(candidates: string[], backgrounds: string[]): string {
  return (
    candidates.find((c) => backgrounds.every((bg) => contrast(c, bg) >= TEXT_RATIO)) ??
    candidates[candidates.length - 1]!
  );
}

/**
 * One colour's variables in one scheme: its filled background (and the shade it hovers to),
 * the text on it, its text and light-variant colours, and its outline.
 */
function colorVariables(name: string, scheme: ReturnType<typeof lightScheme>, hoverShade: number): Vars {
  const v = (shade: number) => `var(--mantine-color-${name}-${shade})`;
  return {
    [`--mantine-color-${name}-filled`]: v(scheme.filled),
    [`--mantine-color-${name}-filled-hover`]: v(hoverShade),
    [`--mantine-color-${name}-contrast`]: scheme.onFilled,
    [`--mantine-color-${name}-text`]: scheme.text,
    [`--mantine-color-${name}-light-color`]: scheme.lightColor,
    [`--mantine-color-${name}-outline`]: scheme.text,
  };
}

/** The variables of one scheme that name a role (dimmed, error, link…) rather than a colour. */
function roleVariables(scheme: Vars, dimmed: string): Vars {
  return {
    '--mantine-color-dimmed': dimmed,
    '--mantine-color-placeholder': dimmed,
    '--mantine-color-error': scheme['--mantine-color-red-text']!,
    '--mantine-color-anchor': scheme['--mantine-color-brand-text']!,
    '--mantine-primary-color-contrast': scheme['--mantine-color-brand-contrast']!,
  };
}

/** Per-scheme colour variables for every theme colour, from palette.ts. */
function paletteVariables(colors: MantineThemeColors): { light: Vars; dark: Vars } {
  const light: Vars = {};
  const dark: Vars = {};
  for (const name of Object.keys(colors)) {
    if (name === 'dark') continue;
    const tuple = colors[name]!;
    const l = lightScheme(tuple, colors);
    const d = darkScheme(tuple, colors);
    // Hover darkens a filled control in the light scheme and lightens it in the dark one.
    Object.assign(light, colorVariables(name, l, Math.min(l.filled + 1, 9)));
    Object.assign(dark, colorVariables(name, d, Math.max(d.filled - 1, 0)));
  }
  const c = colors;
  const lightDimmed = firstReadable([c.gray[6], '#5f6670', c.gray[7]], surfaces(c, 'light'));
  const darkDimmed = firstReadable([c.dark[2], '#a3a3a3', c.dark[1]], surfaces(c, 'dark'));
  Object.assign(light, roleVariables(light, lightDimmed));
  Object.assign(dark, roleVariables(dark, darkDimmed));
  return { light, dark };
}

const PALETTE = paletteVariables({ ...DEFAULT_THEME.colors, brand });

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: PALETTE.light,
  dark: PALETTE.dark,
});
