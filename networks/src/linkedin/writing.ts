// How linkedin posts are written: the AI's guide (drafting and adaptation prompts), the output
// tokens a post costs, and the local templates' voice (server/src/ai/templates.ts).
import { LONG_FORM, type NetworkWriting } from '../writing.js';

export const linkedinWriting: NetworkWriting = {
  guide:
    'linkedin — LinkedIn: de 500 a 900 caracteres; tom profissional e reflexivo; a primeira linha prende a atenção (é o que aparece antes do "ver mais"); parágrafos curtos separados por linha em branco; até 3 hashtags no final.',
  ...LONG_FORM,
  template: {
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
};
