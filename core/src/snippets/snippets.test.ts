import { describe, expect, it } from 'vitest';
import { snippetRefusalMessage } from '../messages/snippets.js';
import { appendSignature, insertAtCursor, normalizeHashtags, normalizeSnippet } from './snippets.js';

describe('normalizeHashtags', () => {
  it('gives each word one leading #, drops repeats (any case) and keeps the order', () => {
    expect(normalizeHashtags('bolo ##Bolo, #Doces\n#doces  pão_de_mel #')).toEqual({
      ok: true,
      text: '#bolo #Doces #pão_de_mel',
      tags: ['#bolo', '#Doces', '#pão_de_mel'],
    });
  });

  it('names the tag and the character a network would not accept', () => {
    const result = normalizeHashtags('#bolo #pé-de-moleque');
    expect(result).toEqual({
      ok: false,
      issue: { reason: 'TAG_INVALID', field: 'text', tag: '#pé-de-moleque', char: '-' },
    });
    if (!result.ok) {
      expect(snippetRefusalMessage(result.issue)).toBe(
        'A hashtag "#pé-de-moleque" tem um caractere que as redes não aceitam ("-"). Use só letras, números e _ e separe as hashtags com espaços.',
      );
    }
    expect(normalizeHashtags('#a#b')).toMatchObject({ ok: false, issue: { tag: '#a#b', char: '#' } });
    expect(normalizeHashtags('#2026')).toMatchObject({ ok: false, issue: { reason: 'TAG_ONLY_DIGITS' } });
  });

  it('refuses more than 30 tags', () => {
    const tags = Array.from({ length: 31 }, (_, i) => `t${i}`).join(' ');
    expect(normalizeHashtags(tags)).toMatchObject({ ok: false, issue: { reason: 'TOO_MANY_TAGS' } });
  });
});

describe('normalizeSnippet', () => {
  it('trims the name and a signature, keeping its line breaks', () => {
    expect(
      normalizeSnippet({ kind: 'signature', name: '  Loja   Centro ', text: '\r\nLinha 1\r\nLinha 2 \n' }),
    ).toEqual({
      ok: true,
      value: { kind: 'signature', name: 'Loja Centro', text: 'Linha 1\nLinha 2' },
    });
  });

  it('refuses an empty name or text and a long one', () => {
    expect(normalizeSnippet({ kind: 'signature', name: ' ', text: 'x' })).toMatchObject({
      issue: { reason: 'NAME_REQUIRED' },
    });
    expect(normalizeSnippet({ kind: 'hashtags', name: 'x', text: '#' })).toMatchObject({
      issue: { reason: 'TEXT_REQUIRED' },
    });
    expect(normalizeSnippet({ kind: 'signature', name: 'x', text: 'a'.repeat(501) })).toMatchObject({
      issue: { reason: 'TEXT_TOO_LONG' },
    });
    expect(normalizeSnippet({ kind: 'signature', name: 'x'.repeat(61), text: 'a' })).toMatchObject({
      issue: { reason: 'NAME_TOO_LONG' },
    });
  });
});

describe('insertAtCursor and appendSignature', () => {
  it('puts the snippet at the cursor with one space on each side where a word touches it', () => {
    expect(insertAtCursor('Bolo novo hoje', 4, 4, '#bolo')).toEqual({
      text: 'Bolo #bolo novo hoje',
      cursor: 10,
    });
    expect(insertAtCursor('Bolo ', 5, 5, '#bolo')).toEqual({ text: 'Bolo #bolo', cursor: 10 });
    expect(insertAtCursor('', 0, 0, '#bolo')).toEqual({ text: '#bolo', cursor: 5 });
    // A selection is replaced.
    expect(insertAtCursor('Bolo XX hoje', 5, 7, '#bolo')).toEqual({ text: 'Bolo #bolo hoje', cursor: 10 });
  });

  it('appends a signature after a blank line, once', () => {
    expect(appendSignature('Bolo novo hoje.  \n', 'Loja X')).toEqual({
      text: 'Bolo novo hoje.\n\nLoja X',
      cursor: 23,
    });
    expect(appendSignature('', 'Loja X')).toEqual({ text: 'Loja X', cursor: 6 });
    expect(appendSignature('Oi\n\nLoja X', 'Loja X')).toEqual({ text: 'Oi\n\nLoja X', cursor: 10 });
  });
});
