// How x posts are written: the AI's guide (drafting and adaptation prompts), the output
// tokens a post costs, and the local templates' voice (server/src/ai/templates.ts).
import type { NetworkWriting } from '../writing.js';

export const xWriting: NetworkWriting = {
  guide:
    'x — X (Twitter): até 260 caracteres ponderados; direto, uma ideia só, frase de impacto; no máximo 1 hashtag (ou nenhuma); sem parágrafos.',
  tokens: { base: 150, version: 120 },
  adaptMaxTokens: 600,
  // As the tightest network of a request it sets the base text's length, with room for a link.
  lengthTarget: (limit, format) => `até ${format(limit - 20)} caracteres (limite do X: ${format(limit)})`,
  template: {
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
};
