// The spec's local fallback drafts (§7): five title templates, and bodies filled with the theme's
// name and description in each network's voice, a random network of the theme, sequential
// post_order. Each network's body fits that network's limit (the description shrinks first).
import type { Platform } from '@pauta/core';
import type { DraftPost } from '@pauta/core/schemas/theme';
import { cleanText, fitsAll, fitTitle, truncateToFit } from './fit.js';

export type { DraftPost };

const TITLE_TEMPLATES: readonly ((name: string) => string)[] = [
  (name) => `${name}: o que você precisa saber`,
  (name) => `Dicas práticas sobre ${name}`,
  (name) => `Por que vale a pena falar de ${name}`,
  (name) => `${name} na prática`,
  (name) => `Vamos conversar sobre ${name}?`,
];

/**
 * Per network, five leads and five closes in that network's voice (X short and direct, LinkedIn
 * longer and professional, Facebook conversational, Instagram with hashtags). Post i takes lead
 * i mod 5 and close (i + ⌊i/5⌋) mod 5: 15 posts, 15 different (lead, close) pairs.
 */
interface NetworkStyle {
  leads: readonly ((name: string) => string)[];
  closes: readonly string[];
  /** Text between paragraphs. */
  joiner: string;
  /** How much of the description a post carries (code points). */
  excerptChars: number;
  hashtags: boolean;
}

const STYLES: Record<Platform, NetworkStyle> = {
  x: {
    leads: [
      (name) => `${name}:`,
      (name) => `Sobre ${name}:`,
      (name) => `${name} em poucas palavras:`,
      (name) => `Fica a dica sobre ${name}:`,
      (name) => `Pensando em ${name}?`,
    ],
    closes: ['O que você acha?', 'Concorda?', 'Salve para depois.', 'Compartilhe!', 'Conta aqui embaixo.'],
    joiner: ' ',
    excerptChars: 220,
    hashtags: false,
  },
  linkedin: {
    leads: [
      (name) => `${name} é um tema que merece atenção estratégica de profissionais e organizações.`,
      (name) =>
        `Nos últimos tempos, tenho observado como ${name} influencia resultados e decisões no dia a dia.`,
      (name) => `Uma reflexão profissional sobre ${name}, a partir da experiência prática.`,
      (name) => `Quem trabalha com ${name} sabe: consistência e método fazem a diferença.`,
      (name) => `Três pontos que considero essenciais quando falamos de ${name}.`,
    ],
    closes: [
      'Como você e sua equipe têm lidado com isso? Compartilhe sua experiência nos comentários.',
      'Se este conteúdo foi útil, compartilhe com a sua rede e acompanhe as próximas publicações.',
      'Qual aprendizado você acrescentaria? Vamos trocar ideias nos comentários.',
      'Que prática você já adotou e recomenda? Deixe sua visão nos comentários.',
      'Vale a discussão: que resultados você já observou na prática?',
    ],
    joiner: '\n\n',
    excerptChars: 600,
    hashtags: false,
  },
  facebook: {
    leads: [
      (name) => `Oi, pessoal! Hoje eu quero bater um papo sobre ${name}.`,
      (name) => `Sabe aquela conversa sobre ${name} que sempre aparece? Então, vamos lá!`,
      (name) => `Bora falar de ${name}? É mais simples do que parece.`,
      (name) => `Uma coisa que aprendi sobre ${name} e quero dividir com vocês:`,
      (name) => `Quem aqui também se interessa por ${name}?`,
    ],
    closes: [
      'Conta pra gente nos comentários o que você acha!',
      'Marca aquele amigo que precisa ver isso.',
      'Curtiu? Compartilha com quem vai gostar também!',
      'E aí, já passou por isso? Comenta aqui!',
      'Salva esse post pra lembrar depois, combinado?',
    ],
    joiner: '\n\n',
    excerptChars: 400,
    hashtags: false,
  },
  instagram: {
    leads: [
      (name) => `✨ ${name}: o que você precisa saber.`,
      (name) => `📌 Dica do dia sobre ${name}.`,
      (name) => `💡 ${name} na prática.`,
      (name) => `👀 Já parou para pensar em ${name}?`,
      (name) => `🚀 Um passo de cada vez em ${name}.`,
    ],
    closes: [
      '💬 Comenta aqui o que você achou!',
      '📲 Salva este post para ver depois.',
      '🔁 Compartilha com quem precisa ver isso.',
      '❤️ Curtiu? Deixa seu like e segue o perfil.',
      '👇 Conta nos comentários a sua experiência.',
    ],
    joiner: '\n\n',
    excerptChars: 400,
    hashtags: true,
  },
};

const EXTRA_HASHTAGS = ['#dicas', '#conteudo', '#aprendizado', '#inspiracao', '#novidades'] as const;

/**
 * `#CamelCase` of the theme name (letters and digits only), plus two rotating general tags: three
 * hashtags, what Instagram's guide in prompt.ts (NETWORK_GUIDES) asks of the AI too.
 */
function hashtagsFor(name: string, index: number): string {
  const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
  const tag = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  const own = tag === '' ? [] : [`#${[...tag].slice(0, 60).join('')}`];
  const extra = (offset: number) => EXTRA_HASHTAGS[(index + offset) % EXTRA_HASHTAGS.length]!;
  return [...own, extra(0), extra(1)].join(' ');
}

const sentences = new Intl.Segmenter('pt-BR', { granularity: 'sentence' });

/** The description's first sentences, up to about 220 characters, ending in punctuation. */
export function descriptionExcerpt(description: string, maxChars = 220): string {
  const clean = cleanText(description).replace(/\s+/g, ' ');
  if (clean === '') return '';
  let out = '';
  for (const { segment } of sentences.segment(clean)) {
    if ([...(out + segment).trimEnd()].length > maxChars) break;
    out += segment;
  }
  out = out.trimEnd();
  if (out === '') {
    const words = clean.split(' ');
    for (const word of words) {
      if ([...`${out} ${word}`].length > maxChars - 1) break;
      out = out === '' ? word : `${out} ${word}`;
    }
    return out === '' ? '' : `${out.replace(/[\s,.;:!?-]+$/u, '')}…`;
  }
  return /[.!?…]$/u.test(out) ? out : `${out}.`;
}

/** A network of the theme, chosen by `random` (0 ≤ r < 1). */
export function pickPlatform(platforms: readonly Platform[], random: () => number): Platform {
  const index = Math.min(platforms.length - 1, Math.max(0, Math.floor(random() * platforms.length)));
  return platforms[index]!;
}

/** The description's sentences, starting at sentence `index` (wrapping), as one string. */
function rotated(description: string, index: number): string {
  const clean = cleanText(description).replace(/\s+/g, ' ');
  const parts = [...sentences.segment(clean)].map(({ segment }) => segment.trim()).filter((p) => p !== '');
  if (parts.length <= 1) return clean;
  const start = index % parts.length;
  return [...parts.slice(start), ...parts.slice(0, start)].join(' ');
}

/**
 * Post `index`'s body for `platform`: its lead, the theme's description (from a rotating
 * sentence, cut to what the network leaves room for) and its close, in that network's voice.
 * The description shrinks first; lead and close stay, so bodies never repeat within a batch.
 */
export function networkBody(index: number, name: string, description: string, platform: Platform): string {
  const style = STYLES[platform];
  const lead = style.leads[index % style.leads.length]!(name);
  const close = style.closes[(index + Math.floor(index / style.leads.length)) % style.closes.length]!;
  const tail = style.hashtags ? `${close}${style.joiner}${hashtagsFor(name, index)}` : close;
  const full = descriptionExcerpt(rotated(description, index), style.excerptChars);
  const compose = (excerpt: string) => [lead, excerpt, tail].filter((p) => p !== '').join(style.joiner);
  const only = [platform];
  if (fitsAll(compose(full), only)) return compose(full);
  // Shrink the description word by word (X: 280 weighted characters).
  const words = full.split(' ');
  while (words.length > 1) {
    words.pop();
    const excerpt = `${words.join(' ').replace(/[\s,.;:!?-]+$/u, '')}…`;
    if (fitsAll(compose(excerpt), only)) return compose(excerpt);
  }
  if (fitsAll(compose(''), only)) return compose('');
  return truncateToFit(lead, only);
}

/**
 * The local drafts: titles from five templates, and for each post one body per network of the
 * theme (`variants`); `content` is the body for the post's own (random) network.
 */
export function templatePosts(input: {
  themeName: string;
  themeDescription: string;
  platforms: readonly Platform[];
  count: number;
  random: () => number;
  /** The slot of the first post (1 unless these fill part of a larger request): sets the title and body used. */
  first?: number;
}): DraftPost[] {
  const name = cleanText(input.themeName).replace(/\s+/g, ' ') || 'seu tema';
  const offset = (input.first ?? 1) - 1;
  return Array.from({ length: input.count }, (_, n) => {
    const i = offset + n;
    const platform = pickPlatform(input.platforms, input.random);
    const variants = Object.fromEntries(
      input.platforms.map((p) => [p, networkBody(i, name, input.themeDescription, p)]),
    ) as Partial<Record<Platform, string>>;
    return {
      title: fitTitle(TITLE_TEMPLATES[i % TITLE_TEMPLATES.length]!(name)),
      content: variants[platform]!,
      variants,
      post_order: i + 1,
      platform,
    };
  });
}
