// How a company Page's posts are written: the AI's guide (a company's voice, not a person's), the
// output tokens a post costs and the local templates' voice (server/src/ai/templates.ts).
import { LONG_FORM, type NetworkWriting } from '../writing.js';

export const linkedinPageWriting: NetworkWriting = {
  guide:
    'linkedin_page — Página de empresa no LinkedIn: de 400 a 800 caracteres; voz da empresa na primeira pessoa do plural ("nós"), nunca "eu"; profissional e próxima; a primeira linha traz o valor para o cliente (é o que aparece antes do "ver mais"); parágrafos curtos; um convite claro à ação (site, contato, comentários); até 3 hashtags do setor no final.',
  ...LONG_FORM,
  template: {
    leads: [
      (name) => `Aqui na empresa, ${name} é parte do nosso compromisso com clientes e parceiros.`,
      (name) => `Queremos compartilhar como olhamos para ${name} no nosso dia a dia.`,
      (name) => `${name}: o que aprendemos com nossos clientes e o que mudou na nossa forma de trabalhar.`,
      (name) => `Três coisas que fazemos quando o assunto é ${name}.`,
      (name) => `Nossa equipe reuniu o essencial sobre ${name} para quem acompanha a nossa Página.`,
    ],
    closes: [
      'Quer conversar sobre isso com a nossa equipe? Fale com a gente pelo site ou nos comentários.',
      'Siga a nossa Página para acompanhar as próximas novidades.',
      'Como a sua empresa lida com isso? Conte para nós nos comentários.',
      'Se fizer sentido para o seu negócio, compartilhe com quem precisa ver.',
      'Estamos à disposição para ajudar: entre em contato com o nosso time.',
    ],
    joiner: '\n\n',
    excerptChars: 600,
    hashtags: false,
  },
};
