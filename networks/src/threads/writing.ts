// How threads posts are written: the AI's guide (drafting and adaptation prompts), the output
// tokens a post costs, and the local templates' voice (server/src/ai/templates.ts).
import type { NetworkWriting } from '../writing.js';

export const threadsWriting: NetworkWriting = {
  guide:
    'threads — Threads: até 450 caracteres (cada emoji conta como 4 ou mais); tom de conversa, pessoal e direto; uma ideia por post, de preferência terminando com uma pergunta; no máximo 1 hashtag (o Threads só usa uma, como tópico); poucos emojis.',
  tokens: { base: 220, version: 200 },
  adaptMaxTokens: 900,
  // As the tightest network of a request it sets the base text's length, with room for emojis.
  lengthTarget: (limit, format) =>
    `até ${format(limit - 50)} caracteres (limite do Threads: ${format(limit)})`,
  template: {
    leads: [
      (name) => `Vamos falar de ${name}?`,
      (name) => `Uma coisa que aprendi sobre ${name}:`,
      (name) => `${name}, sem rodeios:`,
      (name) => `Pergunta sincera sobre ${name}:`,
      (name) => `Pensando em ${name} hoje.`,
    ],
    closes: [
      'E você, o que acha?',
      'Conta aqui nas respostas.',
      'Concorda ou discorda?',
      'Já passou por isso?',
      'Qual é a sua experiência?',
    ],
    joiner: '\n\n',
    excerptChars: 300,
    hashtags: false,
  },
};
