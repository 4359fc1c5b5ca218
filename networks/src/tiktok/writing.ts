// How TikTok captions are written: the AI's guide (a caption under a short vertical video, read
// after the first seconds of it), the output tokens a caption costs and the local templates' voice
// (server/src/ai/templates.ts).
import { type NetworkWriting, SHORT_FORM } from '../writing.js';

export const tiktokWriting: NetworkWriting = {
  guide:
    'tiktok — TikTok: legenda de um vídeo curto, de 100 a 300 caracteres (máximo 2.200); a primeira frase prende em poucas palavras (o feed mostra só o começo, com "mais"), em linguagem falada e direta, em primeira pessoa; uma chamada para comentar, salvar ou seguir; termine com 3 a 5 hashtags relevantes (do nicho e do assunto, em minúsculas, sem espaços); sem links (não são clicáveis na legenda).',
  ...SHORT_FORM,
  lengthTarget: (limit, format) =>
    `entre 100 e ${format(Math.min(300, limit))} caracteres, nunca mais de ${format(limit)}`,
  template: {
    leads: [
      (name) => `Você sabia disso sobre ${name}?`,
      (name) => `${name} em menos de um minuto`,
      (name) => `O erro que todo mundo comete com ${name}`,
      (name) => `3 dicas rápidas de ${name}`,
      (name) => `Bastidores: como a gente faz ${name}`,
    ],
    closes: [
      'Salva pra ver depois!',
      'Comenta aqui o que você achou.',
      'Segue pra mais dicas assim.',
      'Manda pra alguém que precisa ver isso.',
      'Qual é a sua dúvida? Responde nos comentários.',
    ],
    joiner: '\n\n',
    excerptChars: 180,
    hashtags: true,
  },
};
