// How Google Business Profile posts ("Novidades") are written: the AI's guide (a local business
// talking to nearby customers), the output tokens a post costs and the local templates' voice.
import { LONG_FORM, type NetworkWriting } from '../writing.js';

export const googleBusinessWriting: NetworkWriting = {
  guide:
    'google_business — Perfil da Empresa no Google (Novidades na Busca e no Maps): de 150 a 300 palavras no máximo, idealmente 400 a 900 caracteres (limite 1.500); voz do negócio local ("nós"), direta e útil para quem está por perto; o essencial nas duas primeiras linhas (é o que aparece antes do "Mais"); diga o que, quando e onde; sem hashtags, sem número de telefone no texto (o Google recusa) e no máximo um link, que vira o botão "Saiba mais".',
  ...LONG_FORM,
  template: {
    leads: [
      (name) => `Novidade por aqui: ${name}.`,
      (name) => `Você já conhece ${name}? Venha conferir de perto.`,
      (name) => `${name}: preparamos tudo com carinho para você.`,
      (name) => `Esta semana o destaque é ${name}.`,
      (name) => `Quem passa por aqui já sabe: ${name} é com a gente.`,
    ],
    closes: [
      'Passe aqui e fale com a nossa equipe.',
      'Estamos esperando a sua visita.',
      'Confira os nossos horários no perfil e venha nos ver.',
      'Conte com a gente, no bairro e online.',
      'Até breve!',
    ],
    joiner: '\n\n',
    excerptChars: 500,
    hashtags: false,
  },
};
