// How YouTube Shorts are written: the AI's guide (the text is the video's description; the title
// comes from the post's title or its option), the output tokens a description costs and the local
// templates' voice (server/src/ai/templates.ts).
import { type NetworkWriting, SHORT_FORM } from '../writing.js';

export const youtubeWriting: NetworkWriting = {
  guide:
    'youtube — YouTube Shorts (o texto é a descrição do vídeo; o título vem do título do post, até 100 caracteres): descrição de 150 a 500 caracteres (limite 5.000 bytes), a primeira linha resume o vídeo com a palavra-chave que a pessoa buscaria (é o que aparece sob o vídeo); fale do que o vídeo mostra, não do vídeo em si; convide a se inscrever no canal; 2 ou 3 hashtags no fim, incluindo #Shorts; sem < nem > (o YouTube recusa).',
  ...SHORT_FORM,
  lengthTarget: (limit, format) =>
    `entre 150 e ${format(Math.min(500, limit))} caracteres, nunca mais de ${format(limit)}`,
  template: {
    leads: [
      (name) => `${name} em menos de um minuto.`,
      (name) => `O que ninguém te conta sobre ${name}.`,
      (name) => `${name}: veja como é na prática.`,
      (name) => `Um jeito rápido de entender ${name}.`,
      (name) => `Bastidores de ${name}, direto do nosso dia a dia.`,
    ],
    closes: [
      'Inscreva-se no canal para ver os próximos vídeos.',
      'Curtiu? Deixe seu comentário e inscreva-se.',
      'Compartilhe com quem precisa ver isto.',
      'Ative o sininho para não perder o próximo Short.',
      'Conte nos comentários o que você quer ver no próximo.',
    ],
    joiner: '\n\n',
    excerptChars: 300,
    hashtags: true,
  },
};
