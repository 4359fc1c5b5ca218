// How Bluesky posts are written: the AI's guide (drafting and adaptation prompts), the output
// tokens a post costs, and the local templates' voice (server/src/ai/templates.ts).
import type { NetworkWriting } from '../writing.js';

export const blueskyWriting: NetworkWriting = {
  guide:
    'bluesky — Bluesky: até 280 caracteres (o limite é 300); tom de conversa, direto e sem jargão de marketing; uma ideia por post; um link no máximo (vira cartão de prévia); 0 a 2 hashtags; sem excesso de emojis.',
  tokens: { base: 160, version: 140 },
  adaptMaxTokens: 700,
  // As the tightest network of a request it sets the base text's length, with a little room.
  lengthTarget: (limit, format) =>
    `até ${format(limit - 20)} caracteres (limite do Bluesky: ${format(limit)})`,
  template: {
    leads: [
      (name) => `Sobre ${name}:`,
      (name) => `${name}, em poucas palavras:`,
      (name) => `Uma ideia sobre ${name}.`,
      (name) => `Pensando em ${name}:`,
    ],
    closes: ['O que você acha?', 'Concorda?', 'Conta pra gente.', 'Já viu isso por aí?'],
    joiner: '\n\n',
    excerptChars: 180,
    hashtags: true,
  },
};
