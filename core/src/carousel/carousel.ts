/**
 * AI carousels (issue 30 item 8, docs/carousel.md): the slides' shape and limits, the colours a
 * theme paints them with, and the text layout the renderer draws line by line. Pure: the server's
 * renderer (satori + resvg) draws exactly the lines computed here, so what is tested here is what
 * the image shows.
 */
import { resolveThemeColor } from '../constants/palette.js';

/** Slides the AI writes (cover, one idea per slide, call to action). */
export const CAROUSEL_AI_MIN_SLIDES = 5;
export const CAROUSEL_AI_MAX_SLIDES = 10;
/** Slides a carousel may keep after editing (a carousel of one image is not a carousel). */
export const CAROUSEL_MIN_SLIDES = 2;
export const CAROUSEL_MAX_SLIDES = 10;
export const SLIDE_TITLE_MAX = 80;
export const SLIDE_BODY_MAX = 240;

export const SLIDE_KINDS = ['cover', 'content', 'cta'] as const;
export type SlideKind = (typeof SLIDE_KINDS)[number];

export const CAROUSEL_FORMATS = ['portrait', 'square'] as const;
export type CarouselFormat = (typeof CAROUSEL_FORMATS)[number];

export const CAROUSEL_SIZES = {
  portrait: { width: 1080, height: 1350 },
  square: { width: 1080, height: 1080 },
} as const satisfies Record<CarouselFormat, { width: number; height: number }>;

export interface CarouselSlide {
  /** Stable across edits and reorders (a uuid), so a re-render replaces the right image. */
  id: string;
  kind: SlideKind;
  title: string;
  body: string;
}

export type SlideIssue =
  | { reason: 'TITLE_REQUIRED'; index: number }
  | { reason: 'TITLE_TOO_LONG'; index: number }
  | { reason: 'BODY_TOO_LONG'; index: number }
  | { reason: 'TOO_FEW'; min: number }
  | { reason: 'TOO_MANY'; max: number };

/** The first problem of a list of slides, or null when every slide can be rendered. */
export function slidesIssue(slides: readonly Pick<CarouselSlide, 'title' | 'body'>[]): SlideIssue | null {
  if (slides.length < CAROUSEL_MIN_SLIDES) return { reason: 'TOO_FEW', min: CAROUSEL_MIN_SLIDES };
  if (slides.length > CAROUSEL_MAX_SLIDES) return { reason: 'TOO_MANY', max: CAROUSEL_MAX_SLIDES };
  for (const [index, slide] of slides.entries()) {
    if (slide.title.trim() === '') return { reason: 'TITLE_REQUIRED', index };
    if ([...slide.title].length > SLIDE_TITLE_MAX) return { reason: 'TITLE_TOO_LONG', index };
    if ([...slide.body].length > SLIDE_BODY_MAX) return { reason: 'BODY_TOO_LONG', index };
  }
  return null;
}

// ---- colours -----------------------------------------------------------------------------

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

/** WCAG relative luminance of `#RRGGBB`. */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two `#RRGGBB` colours (1..21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

function mix(a: string, b: string, weightOfB: number): string {
  const ca = channels(a);
  const cb = channels(b);
  return toHex([0, 1, 2].map((i) => ca[i]! + (cb[i]! - ca[i]!) * weightOfB) as [number, number, number]);
}

const INK = '#1A1A1A';
const PAPER = '#FFFFFF';

export interface SlideColors {
  background: string;
  title: string;
  body: string;
  accent: string;
}

/**
 * The colours of a slide from the theme's colour (a preset id or `#RRGGBB`). Cover and call to
 * action are painted in the theme colour, with white or near-black text, whichever contrasts
 * more (a mid-tone colour is deepened just enough to reach 4.5:1); content slides are a light
 * tint of it with dark text and the colour, darkened until it reads, as the accent bar. Every
 * text colour reaches WCAG's 4.5:1 on its background.
 */
export function slideColors(themeColor: string | null | undefined, kind: SlideKind): SlideColors {
  const base = resolveThemeColor(themeColor);
  if (kind === 'content') {
    const background = mix(base, PAPER, 0.9);
    let accent = base;
    for (let step = 0; step < 10 && contrastRatio(accent, background) < 3; step++) {
      accent = mix(accent, INK, 0.2);
    }
    return { background, title: INK, body: '#333333', accent };
  }
  const text = contrastRatio(PAPER, base) >= contrastRatio(INK, base) ? PAPER : INK;
  // A mid-tone colour (red #E53935: 4.2:1 with white) is deepened, or lightened, just enough.
  let background = base;
  for (let step = 0; step < 12 && contrastRatio(text, background) < 4.5; step++) {
    background = mix(background, text === PAPER ? '#000000' : PAPER, 0.08);
  }
  return { background, title: text, body: text, accent: text };
}

// ---- layout ------------------------------------------------------------------------------

/**
 * Advance widths in em of the bundled font (Inter, bold for titles, regular for bodies), by
 * character class, rounded up so an estimated line is never narrower than the drawn one.
 */
function charWidthEm(char: string, bold: boolean): number {
  const extra = bold ? 0.04 : 0;
  if (char === ' ') return 0.26;
  if (/[iIl.,;:!'|’`´]/.test(char)) return 0.3 + extra;
  if (/[fjrt()[\]{}"\-“”]/.test(char)) return 0.4 + extra;
  if (/[mwMW@%]/.test(char)) return 0.9 + extra;
  if (/[A-ZÀ-ÖØ-Þ0-9#&?]/.test(char)) return 0.72 + extra;
  return 0.6 + extra;
}

const UNPRINTABLE = /\p{Extended_Pictographic}|\u200D|\uFE0E|\uFE0F|[\u{1F3FB}-\u{1F3FF}]/gu;

/**
 * The slide's text without what the bundled font cannot draw (emoji and their joiners), which
 * would show as empty boxes on the image; spaces left double are closed up.
 */
export function printableSlideText(text: string): string {
  return text
    .replace(UNPRINTABLE, '')
    .replace(/[ \t]{2,}/g, ' ')
    .replace(/^[ \t]+|[ \t]+$/gm, '');
}

/** Estimated width in px of a text at a font size. */
export function measureText(text: string, fontSize: number, bold: boolean): number {
  let em = 0;
  for (const char of text) em += charWidthEm(char, bold);
  return em * fontSize;
}

/**
 * Greedy word wrap into lines of at most `maxWidth` px. A word wider than a line is cut at the
 * character that does not fit (a long URL), never overflowing the box sideways.
 */
export function wrapText(text: string, fontSize: number, maxWidth: number, bold: boolean): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split(/\n/)) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter((w) => w !== '')) {
      const candidate = line === '' ? word : `${line} ${word}`;
      if (measureText(candidate, fontSize, bold) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line !== '') lines.push(line);
      line = '';
      let rest = word;
      while (measureText(rest, fontSize, bold) > maxWidth) {
        let cut = 1;
        while (cut < rest.length && measureText(rest.slice(0, cut + 1), fontSize, bold) <= maxWidth) cut++;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    if (line !== '') lines.push(line);
  }
  return lines;
}

export interface TextBlockLayout {
  fontSize: number;
  lineHeight: number;
  lines: string[];
}

export interface SlideLayout {
  width: number;
  height: number;
  padding: number;
  title: TextBlockLayout;
  body: TextBlockLayout;
  /** The text did not fit even at the smallest size: the last line ends in "…". */
  overflow: boolean;
}

const TITLE_SIZES: Record<SlideKind, number[]> = {
  cover: [104, 96, 88, 80, 72, 64, 56],
  content: [72, 66, 60, 54, 48],
  cta: [88, 80, 72, 64, 56],
};
const BODY_SIZES = [48, 44, 40, 36, 32];
const LINE_HEIGHT = 1.2;
const BODY_LINE_HEIGHT = 1.35;
const GAP = 40;

function block(text: string, fontSize: number, width: number, bold: boolean, lh: number): TextBlockLayout {
  return {
    fontSize,
    lineHeight: Math.round(fontSize * lh),
    lines: text.trim() === '' ? [] : wrapText(text, fontSize, width, bold),
  };
}

function heightOf(b: TextBlockLayout): number {
  return b.lines.length * b.lineHeight;
}

function ellipsize(b: TextBlockLayout, maxLines: number, width: number, bold: boolean): TextBlockLayout {
  if (b.lines.length <= maxLines) return b;
  const lines = b.lines.slice(0, Math.max(0, maxLines));
  if (lines.length > 0) {
    let last = `${lines[lines.length - 1]}…`;
    while (last.length > 1 && measureText(last, b.fontSize, bold) > width)
      last = `${last.slice(0, -2).trimEnd()}…`;
    lines[lines.length - 1] = last;
  }
  return { ...b, lines };
}

/**
 * Where a slide's text goes: the largest title and body sizes (title first) whose wrapped lines
 * fit the text box (the slide minus padding, the header with the logo and the footer with the
 * page counter). Text that does not fit at the smallest sizes is cut with "…" and `overflow` set;
 * the slide limits (SLIDE_TITLE_MAX, SLIDE_BODY_MAX) keep that from happening in practice. Emoji
 * are left out (printableSlideText).
 */
export function layoutSlide(
  slide: Pick<CarouselSlide, 'kind' | 'title' | 'body'>,
  format: CarouselFormat,
): SlideLayout {
  const { width, height } = CAROUSEL_SIZES[format];
  const padding = 96;
  const boxWidth = width - 2 * padding;
  // Header (logo row) 120 px and footer (counter) 80 px, plus the accent bar on content slides.
  const boxHeight = height - 2 * padding - 120 - 80 - (slide.kind === 'content' ? 40 : 0);
  slide = { kind: slide.kind, title: printableSlideText(slide.title), body: printableSlideText(slide.body) };
  const titleSizes = TITLE_SIZES[slide.kind];
  for (const titleSize of titleSizes) {
    for (const bodySize of BODY_SIZES) {
      const title = block(slide.title, titleSize, boxWidth, true, LINE_HEIGHT);
      const body = block(slide.body, bodySize, boxWidth, false, BODY_LINE_HEIGHT);
      const total = heightOf(title) + (body.lines.length > 0 ? GAP + heightOf(body) : 0);
      if (total <= boxHeight) return { width, height, padding, title, body, overflow: false };
    }
  }
  const title = block(slide.title, titleSizes.at(-1)!, boxWidth, true, LINE_HEIGHT);
  const titleLines = Math.max(1, Math.floor(boxHeight / title.lineHeight));
  const cutTitle = ellipsize(title, titleLines, boxWidth, true);
  const body = block(slide.body, BODY_SIZES.at(-1)!, boxWidth, false, BODY_LINE_HEIGHT);
  const room = boxHeight - heightOf(cutTitle) - GAP;
  const cutBody = ellipsize(body, Math.max(0, Math.floor(room / body.lineHeight)), boxWidth, false);
  return { width, height, padding, title: cutTitle, body: cutBody, overflow: true };
}

/** The alt text of a slide's image: what it says, as one line. */
export function slideAltText(slide: Pick<CarouselSlide, 'title' | 'body'>): string {
  return [slide.title.trim(), slide.body.trim()]
    .filter((t) => t !== '')
    .join(' — ')
    .replace(/\s+/g, ' ');
}
