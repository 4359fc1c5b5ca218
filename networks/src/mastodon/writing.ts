// How Mastodon posts ("toots") are written: the AI's guide (drafting and adaptation prompts), the
// output tokens a post costs, and the local templates' voice (server/src/ai/templates.ts).
import { type NetworkWriting, SHORT_FORM } from '../writing.js';

export const mastodonWriting: NetworkWriting = {
  guide:
    'mastodon — Mastodon: até 450 caracteres (cada link conta 23); tom de conversa, sem linguagem de marketing; hashtags no fim, em CamelCase (#MarketingDigital, não #marketingdigital) para os leitores de tela; descreva as imagens; em assunto sensível (política, saúde, spoilers), sugira um aviso de conteúdo ("CW:") na primeira linha.',
  ...SHORT_FORM,
  lengthTarget: (limit, format) =>
    `até ${format(limit - 50)} caracteres (limite padrão do Mastodon: ${format(limit)}; cada link conta 23)`,
  template: {
    leads: [
      (name) => `Sobre ${name}:`,
      (name) => `Uma ideia sobre ${name} para compartilhar.`,
      (name) => `${name}, em poucas palavras:`,
      (name) => `Aprendemos algo sobre ${name}.`,
      (name) => `Vamos conversar sobre ${name}?`,
    ],
    closes: [
      'O que você acha? Responda aqui.',
      'Conta nas respostas como é aí.',
      'Impulsione se for útil para alguém.',
      'Comentários são bem-vindos.',
      'Qual é a sua experiência?',
    ],
    joiner: '\n\n',
    excerptChars: 300,
    hashtags: true,
  },
};
