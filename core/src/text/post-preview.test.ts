import { describe, expect, it } from 'vitest';
import { measureXLength } from './post-length.js';
import { FEED_CUTS, previewCut, splitPostText } from './post-preview.js';

const words = (count: number) => Array.from({ length: count }, (_, i) => `palavra${i}`).join(' ');

describe('previewCut', () => {
  it('never cuts a short text', () => {
    for (const platform of ['x', 'linkedin', 'facebook', 'instagram'] as const) {
      expect(previewCut(platform, 'Olá, mundo!\nSegunda linha')).toEqual({
        visible: 'Olá, mundo!\nSegunda linha',
        hidden: '',
        truncated: false,
        overflow: '',
      });
    }
  });

  it('cuts LinkedIn at about 210 characters, at a word, with the rest hidden', () => {
    const text = words(40);
    const cut = previewCut('linkedin', text);
    expect(cut.truncated).toBe(true);
    expect([...cut.visible].length).toBeLessThanOrEqual(210);
    expect([...cut.visible].length).toBeGreaterThan(180);
    expect(text.startsWith(cut.visible)).toBe(true);
    expect(cut.visible.endsWith(' ')).toBe(false);
    expect(/^palavra\d+$/.test(cut.visible.split(' ').at(-1)!)).toBe(true);
    expect(`${cut.visible}${cut.hidden}`.replace(/\s+/g, ' ')).toBe(text);
  });

  it('cuts LinkedIn after 3 lines and Instagram after 2, whatever the length', () => {
    const text = 'Um\nDois\nTrês\nQuatro';
    expect(previewCut('linkedin', text)).toMatchObject({ visible: 'Um\nDois\nTrês', truncated: true });
    expect(previewCut('instagram', text)).toMatchObject({ visible: 'Um\nDois', truncated: true });
    expect(previewCut('facebook', text).truncated).toBe(false);
    expect(previewCut('facebook', 'a\nb\nc\nd\ne\nf')).toMatchObject({
      visible: 'a\nb\nc\nd\ne',
      truncated: true,
    });
  });

  it('cuts Instagram at about 125 and Facebook at about 480 characters', () => {
    const long = words(100);
    const insta = previewCut('instagram', long);
    expect([...insta.visible].length).toBeLessThanOrEqual(125);
    expect([...insta.visible].length).toBeGreaterThan(100);
    const face = previewCut('facebook', long);
    expect([...face.visible].length).toBeLessThanOrEqual(480);
    expect([...face.visible].length).toBeGreaterThan(450);
    expect(previewCut('facebook', 'a'.repeat(480)).truncated).toBe(false);
    expect(previewCut('facebook', 'a'.repeat(481)).truncated).toBe(true);
  });

  it('shows all of an X post up to 280 weighted characters and marks what lies beyond', () => {
    expect(previewCut('x', 'a'.repeat(280))).toMatchObject({ visible: 'a'.repeat(280), overflow: '' });
    const emoji = '😀'.repeat(150); // 300 weighted
    const cut = previewCut('x', emoji);
    expect(cut.truncated).toBe(false);
    expect(measureXLength(cut.visible)).toBe(280);
    expect(cut.overflow).toBe('😀'.repeat(10));
  });

  it('labels the expander as each network does', () => {
    expect(FEED_CUTS.linkedin.more).toBe('…ver mais');
    expect(FEED_CUTS.facebook.more).toBe('Ver mais');
    expect(FEED_CUTS.instagram.more).toBe('mais');
  });
});

describe('splitPostText', () => {
  it('finds links, hashtags and mentions, leaving punctuation and e-mails as text', () => {
    expect(
      splitPostText('Veja https://pauta.app/x. #Dica e @maria; email a@b.com ou www.site.com.br'),
    ).toEqual([
      { kind: 'text', text: 'Veja ' },
      { kind: 'link', text: 'https://pauta.app/x', href: 'https://pauta.app/x' },
      { kind: 'text', text: '. ' },
      { kind: 'hashtag', text: '#Dica' },
      { kind: 'text', text: ' e ' },
      { kind: 'mention', text: '@maria' },
      { kind: 'text', text: '; email a@b.com ou ' },
      { kind: 'link', text: 'www.site.com.br', href: 'https://www.site.com.br' },
    ]);
  });

  it('keeps accents in hashtags and plain text whole', () => {
    expect(splitPostText('#Educação\nlinha')).toEqual([
      { kind: 'hashtag', text: '#Educação' },
      { kind: 'text', text: '\nlinha' },
    ]);
    expect(splitPostText('sem nada')).toEqual([{ kind: 'text', text: 'sem nada' }]);
  });
});
