// How pins are written: the AI's guide (the description is what Pinterest searches), the output
// tokens a pin costs and the local templates' voice (server/src/ai/templates.ts).
import { type NetworkWriting, SHORT_FORM } from '../writing.js';

export const pinterestWriting: NetworkWriting = {
  guide:
    'pinterest — Pinterest: descrição de 200 a 500 caracteres (máximo 800); a primeira linha vira o título do pin (até 100 caracteres), clara e com a palavra-chave que a pessoa buscaria; texto útil e inspirador (ideia, passo a passo, lista), pensado para busca, não para conversa; inclua o link do site quando houver; sem hashtags em excesso (no máximo 2).',
  ...SHORT_FORM,
  lengthTarget: (limit, format) =>
    `entre 200 e ${format(Math.min(500, limit))} caracteres, nunca mais de ${format(limit)}`,
  template: {
    leads: [
      (name) => `${name}: ideias para salvar e usar hoje`,
      (name) => `Guia rápido de ${name}`,
      (name) => `${name} passo a passo`,
      (name) => `Inspiração de ${name} para o seu próximo projeto`,
      (name) => `O essencial sobre ${name}, em uma lista`,
    ],
    closes: [
      'Salve este pin para consultar depois.',
      'Veja mais ideias no nosso site.',
      'Salve na sua pasta e compartilhe com quem vai gostar.',
      'Guarde esta ideia para quando precisar.',
      'Confira o passo a passo completo no link.',
    ],
    joiner: '\n\n',
    excerptChars: 400,
    hashtags: false,
  },
};
