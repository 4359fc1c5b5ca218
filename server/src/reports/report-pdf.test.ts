// The PDF's text from people (names, posts, the note): accents and the symbols of post texts
// ("−", "→", "•", "✓") are drawn with the embedded font and read back by a PDF reader; what the font
// has no glyph for (colour emoji) is left out instead of coming out as empty boxes.
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { ReportData } from './report-data.js';
import { drawable, renderReportPdf } from './report-pdf.js';

const none = { current: null, previous: null, changePct: null };

function data(): ReportData {
  const post = {
    id: 'p1',
    title: 'Promoção de Natal 🎄',
    content: 'Pão de mel ☕🎉 com 20% off — só hoje! Preço −15% → R$ 9,90 • entrega ✓',
    url: null,
    publishedAt: '2026-11-10T13:00:00.000Z',
    reach: 1234,
    likes: 56,
    comments: 7,
    engagement: 5.1,
    thumbKey: null,
    altText: null,
  };
  return {
    client: { name: 'Padaria 🥐 São João', color: '#2f9e44', logoKey: null },
    period: { from: '2026-11-01', to: '2026-11-30' },
    previous: { from: '2026-10-01', to: '2026-10-31' },
    timeZone: 'America/Sao_Paulo',
    summary: {
      published: { current: 1, previous: 0, changePct: null },
      planned: { current: 1, previous: 0, changePct: null },
      reach: { current: 1234, previous: null, changePct: null },
      engagement: { current: 4.2, previous: 5, changePct: -16 },
      followerGrowth: none,
      followers: null,
    },
    networks: [
      {
        platform: 'instagram',
        label: 'Instagram',
        published: { current: 1, previous: 0, changePct: null },
        planned: { current: 1, previous: 0, changePct: null },
        reach: { current: 1234, previous: null, changePct: null },
        likes: none,
        comments: none,
        engagement: none,
        followers: { start: null, end: null, growth: none },
        best: [post],
        worst: [],
      },
    ],
    cadence: [{ day: '2026-11-10', published: 1, planned: 1 }],
    bestTimes: [],
    approval: null,
  };
}

describe('report PDF text', () => {
  it('drawable keeps accents and symbols the font draws, drops what it cannot (colour emoji)', () => {
    expect(drawable('Café ☕ “ótimo” — até já… −3 → • ✓')).toBe('Café ☕ “ótimo” — até já… −3 → • ✓');
    // 🎉 and 🙌 have no glyph in DejaVu Sans; the emoji presentation selector goes with them.
    expect(drawable('Oi 🎉!')).toBe('Oi!');
    expect(drawable('Valeu 🙌🏽\ufe0f')).toBe('Valeu');
    // "Fancy" letters people paste into posts: the regular face has them, the bold one does not.
    expect(drawable('𝖮𝖿𝖾𝗋𝗍𝖺 do dia')).toBe('𝖮𝖿𝖾𝗋𝗍𝖺 do dia');
    expect(drawable('𝖮𝖿𝖾𝗋𝗍𝖺 do dia', 'bold')).toBe('do dia');
  });

  it('a post, a name and a note with emoji come out as their words, with no stray glyphs', async () => {
    const pdf = await renderReportPdf({
      data: data(),
      analysis: { source: 'local', text: 'Foram publicados 1 posts no período.' },
      note: 'Obrigado pela parceria! 🙌',
      generatedAt: new Date('2026-12-01T12:00:00Z'),
    });
    const doc = await getDocumentProxy(new Uint8Array(pdf));
    const text = (await extractText(doc, { mergePages: true })).text as string;
    expect(text).toContain('Padaria São João');
    expect(text).toContain('Promoção de Natal');
    expect(text).toContain('Pão de mel ☕ com 20% off — só hoje! Preço −15% → R$ 9,90 • entrega ✓');
    expect(text).toContain('Obrigado pela parceria!');
    expect(text).not.toMatch(/[&Ø<ß‰🎉🙌]/u);
    expect(text).toContain('sem base de comparação');
    // Engagement 4,2% against 5,0%: a change of −0,8 percentage points (not −16% of the rate).
    expect(text).toContain('−0,8 p.p.');
    expect(text).not.toContain('−16,0%');
    // The font is embedded (a subset: its name has the six-letter tag) and no standard font is used.
    const raw = pdf.toString('latin1');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+DejaVuSans/);
    expect(raw).toMatch(/\/FontFile2/);
    expect(raw).not.toContain('/Helvetica');
  });
});
