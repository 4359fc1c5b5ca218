import { describe, expect, it } from 'vitest';
import { splitPostText } from './post-text.js';

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
