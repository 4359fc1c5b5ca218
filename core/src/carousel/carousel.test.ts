import { describe, expect, it } from 'vitest';
import { PALETTE, PALETTE_COLORS } from '../constants/palette.js';
import {
  CAROUSEL_SIZES,
  contrastRatio,
  layoutSlide,
  measureText,
  printableSlideText,
  SLIDE_BODY_MAX,
  SLIDE_TITLE_MAX,
  slideAltText,
  slideColors,
  slidesIssue,
  wrapText,
} from './carousel.js';

describe('wrapText', () => {
  it('keeps every line within the width and every word in order', () => {
    const text = 'Organize a vitrine com antecedência e aposte nas cores do Natal para atrair clientes';
    const lines = wrapText(text, 60, 500, true);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(measureText(line, 60, true)).toBeLessThanOrEqual(500);
    expect(lines.join(' ')).toBe(text);
  });

  it('cuts a word wider than a line (a long link) instead of overflowing sideways', () => {
    const word = 'https://exemplo.com.br/uma-pagina-com-um-endereco-muito-comprido';
    const lines = wrapText(word, 48, 400, false);
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(measureText(line, 48, false)).toBeLessThanOrEqual(400);
    expect(lines.join('')).toBe(word);
  });

  it('keeps the line breaks the person typed and drops empty paragraphs', () => {
    expect(wrapText('Primeiro\n\nSegundo', 40, 800, false)).toEqual(['Primeiro', 'Segundo']);
  });

  it('measures accented letters like their plain forms (pt-BR text is not squeezed)', () => {
    expect(measureText('ação', 50, false)).toBe(measureText('acao', 50, false));
    expect(measureText('ÇÃO', 50, true)).toBe(measureText('CAO', 50, true));
  });
});

describe('layoutSlide', () => {
  it('uses the largest sizes for a short cover and fits the box', () => {
    const layout = layoutSlide(
      { kind: 'cover', title: 'Pão caseiro', body: 'Arraste para o lado.' },
      'portrait',
    );
    expect(layout).toMatchObject({ width: 1080, height: 1350, overflow: false });
    expect(layout.title.fontSize).toBe(104);
    expect(layout.title.lines).toEqual(['Pão caseiro']);
  });

  it('shrinks the text as it grows, never past the box', () => {
    const short = layoutSlide({ kind: 'content', title: 'Ideia', body: 'Curto.' }, 'square');
    const long = layoutSlide(
      {
        kind: 'content',
        title: 'T'.repeat(10).split('').join(' palavra '),
        body: 'texto longo '.repeat(19).trim(),
      },
      'square',
    );
    expect(long.title.fontSize * 100 + long.body.fontSize).toBeLessThan(
      short.title.fontSize * 100 + short.body.fontSize,
    );
    const inner = 1080 - 2 * long.padding;
    for (const line of long.title.lines)
      expect(measureText(line, long.title.fontSize, true)).toBeLessThanOrEqual(inner);
    for (const line of long.body.lines)
      expect(measureText(line, long.body.fontSize, false)).toBeLessThanOrEqual(inner);
  });

  it('fits the longest allowed title and body on every kind and format without cutting', () => {
    const title = 'Palavra '.repeat(20).slice(0, SLIDE_TITLE_MAX).trim();
    const body = 'Texto '.repeat(60).slice(0, SLIDE_BODY_MAX).trim();
    for (const format of ['portrait', 'square'] as const)
      for (const kind of ['cover', 'content', 'cta'] as const) {
        const layout = layoutSlide({ kind, title, body }, format);
        expect(layout.overflow, `${kind} ${format}`).toBe(false);
        expect(layout.title.lines.join(' ')).toBe(title);
        expect(layout.body.lines.join(' ')).toBe(body);
      }
  });

  it('cuts text that cannot fit with "…" and says so', () => {
    const layout = layoutSlide(
      { kind: 'content', title: 'Título', body: 'muito texto '.repeat(200) },
      'square',
    );
    expect(layout.overflow).toBe(true);
    expect(layout.body.lines.at(-1)?.endsWith('…')).toBe(true);
    const used =
      layout.title.lines.length * layout.title.lineHeight +
      40 +
      layout.body.lines.length * layout.body.lineHeight;
    expect(used).toBeLessThanOrEqual(CAROUSEL_SIZES.square.height - 2 * layout.padding - 200 - 40);
  });
});

describe('slideColors', () => {
  it('paints cover and call to action in the theme colour, with readable text on every preset', () => {
    for (const id of PALETTE_COLORS)
      for (const kind of ['cover', 'content', 'cta'] as const) {
        const colors = slideColors(id, kind);
        expect(contrastRatio(colors.title, colors.background), `${id} ${kind}`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(colors.body, colors.background), `${id} ${kind}`).toBeGreaterThanOrEqual(4.5);
        expect(contrastRatio(colors.accent, colors.background), `${id} ${kind}`).toBeGreaterThanOrEqual(3);
      }
    expect(slideColors('violet', 'cover').background).toBe(PALETTE.violet.hex);
    expect(slideColors('violet', 'cover').title).toBe('#FFFFFF');
    expect(slideColors('yellow', 'cta').title).toBe('#1A1A1A');
  });

  it('takes a custom hex and falls back to the default colour for garbage', () => {
    expect(slideColors('#00FF00', 'cover').background).toBe('#00FF00');
    expect(slideColors('nope', 'cover').background).toBe(PALETTE.blue.hex);
    expect(slideColors(null, 'cta').background).toBe(PALETTE.blue.hex);
  });

  it('tints content slides with the colour (light background, dark text)', () => {
    const colors = slideColors('green', 'content');
    expect(colors.title).toBe('#1A1A1A');
    expect(contrastRatio(colors.background, '#FFFFFF')).toBeLessThan(1.2);
  });
});

describe('slidesIssue', () => {
  const slide = { title: 'Título', body: '' };
  it('accepts 2 to 10 slides within the limits', () => {
    expect(slidesIssue([slide, slide])).toBeNull();
    expect(slidesIssue(Array(10).fill(slide))).toBeNull();
  });
  it('names the first slide at fault', () => {
    expect(slidesIssue([slide])).toEqual({ reason: 'TOO_FEW', min: 2 });
    expect(slidesIssue(Array(11).fill(slide))).toEqual({ reason: 'TOO_MANY', max: 10 });
    expect(slidesIssue([slide, { title: '  ', body: '' }])).toEqual({ reason: 'TITLE_REQUIRED', index: 1 });
    expect(slidesIssue([slide, { title: 'á'.repeat(SLIDE_TITLE_MAX + 1), body: '' }])).toEqual({
      reason: 'TITLE_TOO_LONG',
      index: 1,
    });
    // Counted in characters, not UTF-16 units: 240 accented letters are fine.
    expect(slidesIssue([slide, { title: 'x', body: 'ç'.repeat(SLIDE_BODY_MAX) }])).toBeNull();
    expect(slidesIssue([slide, slide, { title: 'x', body: 'ç'.repeat(SLIDE_BODY_MAX + 1) }])).toEqual({
      reason: 'BODY_TOO_LONG',
      index: 2,
    });
  });
});

describe('slideAltText', () => {
  it('joins title and text on one line', () => {
    expect(slideAltText({ title: ' Dica 1 ', body: 'Faça\nisso.' })).toBe('Dica 1 — Faça isso.');
    expect(slideAltText({ title: 'Capa', body: '' })).toBe('Capa');
  });
});

describe('printableSlideText', () => {
  it('leaves out emoji the font cannot draw and keeps pt-BR letters', () => {
    expect(printableSlideText('✨ Ação 💬 já! 👍🏽')).toBe('Ação já!');
    expect(
      layoutSlide({ kind: 'content', title: '💬 Dica', body: 'Olá ✨ pão' }, 'square').body.lines,
    ).toEqual(['Olá pão']);
  });
});
