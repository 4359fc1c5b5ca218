// The PDF's text from people (names, posts, the note) with emoji and symbols the standard fonts
// cannot draw: those are left out instead of coming out as wrong glyphs; accents stay.
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import type { ReportData } from './report-data.js';
import { drawable, formatChange, renderReportPdf } from './report-pdf.js';

const none = { current: null, previous: null, changePct: null };

function data(): ReportData {
  const post = {
    id: 'p1',
    title: 'Promoção de Natal 🎄',
    content: 'Pão de mel ☕🎉 com 20% off — só hoje!',
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
      engagement: none,
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
  it('drawable keeps Portuguese and WinAnsi punctuation, drops emoji, turns U+2212 into -', () => {
    expect(drawable('Café ☕ “ótimo” — até já… −3')).toBe('Café “ótimo” — até já… -3');
    expect(drawable('Oi 🎉!')).toBe('Oi!');
    expect(formatChange(-3)).toBe('-3,0%');
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
    expect(text).toContain('Pão de mel com 20% off — só hoje!');
    expect(text).toContain('Obrigado pela parceria!');
    expect(text).not.toMatch(/[&Ø<ß‰]/);
    expect(text).toContain('sem base de comparação');
  });
});
