// How facebook posts are written: the AI's guide (drafting and adaptation prompts), the output
// tokens a post costs, and the local templates' voice (server/src/ai/templates.ts).
import { LONG_FORM, type NetworkWriting } from '../writing.js';

export const facebookWriting: NetworkWriting = {
  guide:
    'facebook — Facebook: de 250 a 500 caracteres; tom de conversa, próximo; termina com uma pergunta ou um convite para comentar; no máximo 2 hashtags.',
  ...LONG_FORM,
  template: {
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
};
