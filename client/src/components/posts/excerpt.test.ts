import { describe, expect, it } from 'vitest';
import { postExcerpt } from './excerpt';

describe('postExcerpt', () => {
  it('drops blank lines and joins the rest, so a short first line is followed by text, not by "…"', () => {
    expect(postExcerpt('Bom dia!\n\n\nHoje falamos de café especial.\n\n#cafe #barista')).toBe(
      'Bom dia! Hoje falamos de café especial. #cafe #barista',
    );
  });

  it('keeps a one-line text as it is and trims lines (Windows line ends too)', () => {
    expect(postExcerpt('Só uma linha.')).toBe('Só uma linha.');
    expect(postExcerpt('  Primeira  \r\n\r\n  Segunda ')).toBe('Primeira Segunda');
  });

  it('gives an empty excerpt for an empty or blank text', () => {
    expect(postExcerpt('')).toBe('');
    expect(postExcerpt(' \n \n')).toBe('');
  });
});
