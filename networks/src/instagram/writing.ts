// How instagram posts are written: the AI's guide (drafting and adaptation prompts), the output
// tokens a post costs, and the local templates' voice (server/src/ai/templates.ts).
import { LONG_FORM, type NetworkWriting } from '../writing.js';

export const instagramWriting: NetworkWriting = {
  guide:
    'instagram — Instagram: de 300 a 700 caracteres de legenda; a primeira frase (até 125 caracteres) é o gancho, pois é o que aparece antes do "mais"; emojis com moderação; quebras de linha; de 3 a 5 hashtags no final.',
  ...LONG_FORM,
  template: {
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
