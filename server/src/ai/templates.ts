// The spec's local fallback drafts (§7): five title templates and five body templates filled with
// the theme's name and description, a random network of the theme, sequential post_order.
// Every text fits the tightest limit of the theme's networks (sentences dropped, then words).
import type { Platform } from '@pauta/core';
import { cleanText, fitsAll, fitTitle, truncateToFit } from './fit.js';

export interface DraftPost {
  title: string;
  content: string;
  /** 1, 2, 3… in the order the posts should be scheduled. */
  post_order: number;
  platform: Platform;
}

const TITLE_TEMPLATES: readonly ((name: string) => string)[] = [
  (name) => `${name}: o que você precisa saber`,
  (name) => `Dicas práticas sobre ${name}`,
  (name) => `Por que vale a pena falar de ${name}`,
  (name) => `${name} na prática`,
  (name) => `Vamos conversar sobre ${name}?`,
];

/** Each body: a lead sentence, the description excerpt (when there is one), a call to action. */
const BODY_TEMPLATES: readonly { lead: (name: string) => string; close: string }[] = [
  {
    lead: (name) => `Quando o assunto é ${name}, vale a pena parar um minuto para refletir.`,
    close: 'Conte nos comentários o que você pensa sobre o assunto!',
  },
  {
    lead: (name) => `Quer ir mais longe em ${name}? Comece pelo básico e avance um passo de cada vez.`,
    close: 'Salve este post para consultar sempre que precisar.',
  },
  {
    lead: (name) => `Falar de ${name} pode fazer mais diferença do que parece.`,
    close: 'Compartilhe com alguém que também vai gostar deste conteúdo.',
  },
  {
    lead: (name) => `Pequenas atitudes mudam a forma como lidamos com ${name}.`,
    close: 'Qual vai ser o seu próximo passo? Conta pra gente!',
  },
  {
    lead: (name) => `Uma reflexão rápida sobre ${name} para começar bem.`,
    close: 'Acompanhe o perfil para ver os próximos conteúdos.',
  },
];

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

/** The body of template `index`: the richest version that fits every network of the theme. */
function templateBody(index: number, name: string, excerpt: string, platforms: readonly Platform[]): string {
  const body = BODY_TEMPLATES[index % BODY_TEMPLATES.length]!;
  const lead = body.lead(name);
  const candidates = [[lead, excerpt, body.close], [lead, body.close], [lead, excerpt], [lead]].map((parts) =>
    parts.filter((p) => p !== '').join(' '),
  );
  return candidates.find((text) => fitsAll(text, platforms)) ?? truncateToFit(lead, platforms);
}

export function templatePosts(input: {
  themeName: string;
  themeDescription: string;
  platforms: readonly Platform[];
  count: number;
  random: () => number;
}): DraftPost[] {
  const name = cleanText(input.themeName).replace(/\s+/g, ' ') || 'seu tema';
  const excerpt = descriptionExcerpt(input.themeDescription);
  return Array.from({ length: input.count }, (_, i) => ({
    title: fitTitle(TITLE_TEMPLATES[i % TITLE_TEMPLATES.length]!(name)),
    // Rotating the body against the title keeps 15 posts from repeating the same pairs.
    content: templateBody(i + Math.floor(i / BODY_TEMPLATES.length), name, excerpt, input.platforms),
    post_order: i + 1,
    platform: pickPlatform(input.platforms, input.random),
  }));
}
