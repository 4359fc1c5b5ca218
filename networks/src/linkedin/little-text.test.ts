import { describe, expect, it } from 'vitest';
import { escapeLittleText } from './little-text.js';

describe('escapeLittleText', () => {
  it('escapes every reserved character with a backslash', () => {
    for (const char of ['|', '{', '}', '@', '[', ']', '(', ')', '<', '>', '#', '*', '_', '~']) {
      expect(escapeLittleText(`a${char}b`)).toBe(`a\\${char}b`);
    }
  });

  it('escapes a backslash once, and before what follows it', () => {
    expect(escapeLittleText('C:\\temp')).toBe('C:\\\\temp');
    expect(escapeLittleText('\\#')).toBe('\\\\\\#');
  });

  it('leaves ordinary pt-BR text, punctuation and emoji alone', () => {
    const text =
      'Promoção de verão: 20% off! Só hoje, às 18h — confira. 🎉 "aspas" e \'apóstrofo\' + $ & ? / : ;';
    expect(escapeLittleText(text)).toBe(text);
  });

  it('escapes a realistic post', () => {
    expect(escapeLittleText('Dica #1: use (sempre) @pauta_app [grátis] <3 *agora* ~hoje~')).toBe(
      'Dica \\#1: use \\(sempre\\) \\@pauta\\_app \\[grátis\\] \\<3 \\*agora\\* \\~hoje\\~',
    );
  });
});
