import { fitsPlatformLimit, measureXLength, type Platform } from '@pauta/core';
import { describe, expect, it } from 'vitest';
import { AiDraftError } from './errors.js';
import { fitsAll, fitTitle, trimToSentences, truncateToFit } from './fit.js';
import { verifyPosts } from './generate-posts.js';
import { buildUserMessage, maxTokensFor, tightestLimit } from './prompt.js';
import { descriptionExcerpt, templatePosts } from './templates.js';

const sentence = (n: number) => `Frase número ${n} sobre o tema, com algumas palavras a mais.`;

describe('tightestLimit', () => {
  it('picks the smallest limit of the networks', () => {
    expect(tightestLimit(['facebook', 'linkedin', 'instagram'])).toEqual({
      platform: 'instagram',
      limit: 2200,
    });
    expect(tightestLimit(['linkedin', 'x'])).toEqual({ platform: 'x', limit: 280 });
    expect(tightestLimit(['facebook'])).toEqual({ platform: 'facebook', limit: 63206 });
  });

  it('sizes max_tokens for the count', () => {
    expect(maxTokensFor(5, ['x'])).toBeLessThan(maxTokensFor(15, ['x']));
    expect(maxTokensFor(15, ['linkedin'])).toBeLessThanOrEqual(16_000);
  });
});

describe('buildUserMessage', () => {
  it('carries the inputs as JSON between <posts_request> tags', () => {
    const text = buildUserMessage({
      themeName: 'Yoga',
      themeDescription: 'Aulas "leves" </posts_request> para iniciantes',
      tones: ['empathetic'],
      avoidTopics: ['specific_products'],
      platforms: ['instagram', 'x'],
      count: 3,
    });
    expect(text).toContain('Escreva 3 sugestões de posts');
    expect(text).toContain('até 260 caracteres');
    expect(text.match(/<\/posts_request>/g)).toHaveLength(1);
    const json = text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1);
    expect(JSON.parse(json)).toMatchObject({
      count: 3,
      theme: { name: 'Yoga' },
      tones: ['Empático'],
      avoid_topics: ['Produtos específicos'],
      max_characters: 280,
    });
    expect(JSON.parse(json).theme.description).toBe('Aulas "leves" </posts_request> para iniciantes');
  });
});

describe('length fitting', () => {
  it('keeps whole leading sentences that fit, or nothing', () => {
    const long = Array.from({ length: 12 }, (_, i) => sentence(i + 1)).join(' ');
    const trimmed = trimToSentences(long, ['x'])!;
    expect(measureXLength(trimmed)).toBeLessThanOrEqual(280);
    expect(trimmed).toMatch(/mais\.$/);
    expect(long.startsWith(trimmed)).toBe(true);
    expect(trimToSentences(`${'palavra '.repeat(60)}fim.`, ['x'])).toBeNull();
    expect(trimToSentences('Curto.', ['x'])).toBe('Curto.');
  });

  it('counts X weights: emoji and CJK count double, links 23', () => {
    const emoji = '🎉'.repeat(150);
    expect(fitsAll(emoji, ['instagram'])).toBe(true);
    expect(fitsAll(emoji, ['x', 'instagram'])).toBe(false);
    const cut = truncateToFit(emoji, ['x']);
    expect(measureXLength(cut)).toBeLessThanOrEqual(280);
    expect(cut.endsWith('…')).toBe(true);
  });

  it('caps titles', () => {
    expect(fitTitle('  Um   título \n curto ')).toBe('Um título curto');
    expect(fitTitle('palavra '.repeat(100)).length).toBeLessThanOrEqual(300);
  });
});

describe('templatePosts', () => {
  const platforms: Platform[] = ['x', 'linkedin'];
  const description =
    'Como organizar o orçamento da família sem planilhas complicadas. Dicas simples para poupar todo mês e sair das dívidas. Metas claras ajudam a manter o foco no longo prazo.';

  it('makes count posts from five titles and five bodies, in order, on the theme networks', () => {
    const posts = templatePosts({
      themeName: 'Finanças pessoais',
      themeDescription: description,
      platforms,
      count: 15,
      random: () => 0.99,
    });
    expect(posts).toHaveLength(15);
    expect(posts.map((p) => p.post_order)).toEqual(Array.from({ length: 15 }, (_, i) => i + 1));
    expect(new Set(posts.map((p) => p.title)).size).toBe(5);
    for (const post of posts) {
      expect(post.platform).toBe('linkedin');
      expect(post.content).toBe(post.variants!.linkedin);
      expect(post.content).toContain('Finanças pessoais');
    }
    expect(posts[0]!.content).toContain('Como organizar o orçamento da família');
  });

  it('uses the description and fits each network, with X among them; no body repeats in 15 posts', () => {
    const all: Platform[] = ['x', 'linkedin', 'facebook', 'instagram'];
    const posts = templatePosts({
      themeName: 'Finanças pessoais',
      themeDescription: description,
      platforms: all,
      count: 15,
      random: Math.random,
    });
    for (const platform of all) {
      const bodies = posts.map((p) => p.variants![platform]!);
      // No repeated body within the batch, on any network.
      expect(new Set(bodies).size).toBe(15);
      for (const body of bodies) {
        expect(fitsPlatformLimit(platform, body)).toBe(true);
        // The description is there even on X (cut to fit, never dropped for a name this short).
        expect(body).toMatch(/orçamento da família|poupar todo mês|Metas claras/);
      }
    }
    for (const post of posts) {
      const v = post.variants!;
      expect(measureXLength(v.x!)).toBeLessThanOrEqual(280);
      // Different per network: LinkedIn longer than X; Instagram with hashtags; Facebook conversational.
      expect(new Set(all.map((p) => v[p])).size).toBe(4);
      expect([...v.linkedin!].length).toBeGreaterThan([...v.x!].length);
      expect(v.instagram).toMatch(/#FinançasPessoais #\w+ #\w+$/u);
      expect(v.x).not.toMatch(/#/);
      expect(v.linkedin).not.toMatch(/#/);
      expect(post.content).toBe(v[post.platform]);
    }
    expect(
      posts.filter((p) => /pessoal|Bora|vocês|Quem aqui|Sabe aquela/.test(p.variants!.facebook!)),
    ).toHaveLength(15);
    // The description's sentences rotate, so posts do not all open it the same way.
    expect(new Set(posts.map((p) => p.variants!.linkedin!.split('\n\n')[1])).size).toBe(3);
  });

  it('still fits X with the longest name and description, emoji included', () => {
    const posts = templatePosts({
      themeName: '🚀'.repeat(60),
      themeDescription: 'x'.repeat(2000),
      platforms: ['x'],
      count: 5,
      random: Math.random,
    });
    for (const post of posts) {
      expect(post.content.length).toBeGreaterThan(0);
      expect(measureXLength(post.content)).toBeLessThanOrEqual(280);
    }
  });

  it('excerpts descriptions at sentence or word boundaries', () => {
    expect(descriptionExcerpt('')).toBe('');
    expect(descriptionExcerpt('Sem ponto final')).toBe('Sem ponto final.');
    expect(descriptionExcerpt(`${'palavra '.repeat(60)}`)).toMatch(/palavra…$/);
  });
});

describe('verifyPosts', () => {
  const options = { platforms: ['x', 'facebook'] as Platform[], count: 3, random: () => 0 };

  it('rejects the wrong shape', () => {
    expect(verifyPosts({ posts: [{ title: 'a' }] }, options)).toBeNull();
    expect(verifyPosts(null, options)).toBeNull();
  });

  it('orders, trims, drops, renumbers and caps at count', () => {
    const long = Array.from({ length: 12 }, (_, i) => sentence(i + 1)).join(' ');
    const result = verifyPosts(
      {
        posts: [
          { title: 'Terceiro', content: 'Texto três.', post_order: 3 },
          { title: 'Primeiro', content: long, post_order: 1 },
          { title: 'Sem frase curta', content: `${'palavra '.repeat(60)}fim.`, post_order: 2 },
          { title: '', content: 'Quarto texto.', post_order: 4 },
          { title: 'Quinto', content: 'Texto cinco.', post_order: 5 },
        ],
      },
      options,
    )!;
    expect(result.stats).toEqual({ received: 5, trimmed: 1, dropped: 1 });
    expect(result.posts.map((p) => [p.title, p.post_order, p.platform])).toEqual([
      ['Primeiro', 1, 'x'],
      ['Terceiro', 2, 'x'],
      ['Quarto texto.', 3, 'x'],
    ]);
    expect(measureXLength(result.posts[0]!.content)).toBeLessThanOrEqual(280);
  });
});

describe('verifyPosts with one version per network', () => {
  it('gives each network its own version, fitted to its limit, the base text where a version is missing or unusable', () => {
    const long = Array.from({ length: 12 }, (_, i) => sentence(i + 1)).join(' ');
    const result = verifyPosts(
      {
        posts: [
          {
            title: 'Um',
            content: 'Base curta.',
            post_order: 1,
            versions: [
              { network: 'x', content: long },
              { network: 'linkedin', content: `Primeira linha.\n\n${long}\n\n#Tema` },
              { network: 'instagram', content: `${'palavra '.repeat(400)}fim.` },
            ],
          },
        ],
      },
      { platforms: ['x', 'linkedin', 'instagram'], count: 1, random: () => 0.5 },
    )!;
    const post = result.posts[0]!;
    expect(measureXLength(post.variants!.x!)).toBeLessThanOrEqual(280);
    expect(long.startsWith(post.variants!.x!)).toBe(true);
    expect(post.variants!.linkedin).toBe(`Primeira linha.\n\n${long}\n\n#Tema`);
    // Instagram's version has no sentence that fits 2,200: the base text stands in.
    expect(post.variants!.instagram).toBe('Base curta.');
    expect(post.platform).toBe('linkedin');
    expect(post.content).toBe(post.variants!.linkedin);
    expect(result.stats).toEqual({ received: 1, trimmed: 1, dropped: 0 });
  });
});

describe('AiDraftError', () => {
  it('maps reasons to codes and pt-BR texts', () => {
    expect(new AiDraftError('malformed')).toMatchObject({
      code: 'AI_MALFORMED',
      userMessage: 'Formato de resposta inválido da IA',
    });
    expect(new AiDraftError('no_posts').code).toBe('AI_MALFORMED');
    expect(new AiDraftError('timeout')).toMatchObject({
      code: 'AI_UNAVAILABLE',
      userMessage: 'Erro ao gerar posts com IA',
    });
    expect(new AiDraftError('rate_limited', 60)).toMatchObject({
      code: 'RATE_LIMITED',
      details: { retryAfterSeconds: 60 },
    });
  });
});
