/** pt-BR texts of AI carousels (docs/carousel.md): refusals and the "Carrossel" dialog. */
import {
  CAROUSEL_AI_MAX_SLIDES,
  CAROUSEL_AI_MIN_SLIDES,
  SLIDE_BODY_MAX,
  SLIDE_TITLE_MAX,
  type SlideIssue,
  type SlideKind,
} from '../carousel/carousel.js';

/** Why a carousel action was refused (CAROUSEL_REFUSED's details). */
export type CarouselIssue =
  | SlideIssue
  /** The post's network takes fewer images than the carousel has (its registry's maxImages). */
  | { reason: 'NETWORK_TOO_MANY'; network: string; max: number; count: number }
  /** The post's network publishes no images (video-only networks). */
  | { reason: 'NETWORK_NO_IMAGES'; network: string }
  /** The post is publishing or published: its images cannot change. */
  | { reason: 'NOT_EDITABLE' }
  /** The slides changed while they were being rendered or used: the person sees the new ones. */
  | { reason: 'STALE' }
  /** Some slide has no image yet (its render failed): render it again before using it. */
  | { reason: 'NOT_RENDERED' }
  /** No carousel was generated for this post yet. */
  | { reason: 'NO_CAROUSEL' };

function slideLabel(index: number): string {
  return `O slide ${index + 1}`;
}

export function carouselRefusalMessage(issue: Partial<CarouselIssue> | null | undefined): string {
  switch (issue?.reason) {
    case 'TITLE_REQUIRED':
      return `${slideLabel(issue.index ?? 0)} precisa de um título.`;
    case 'TITLE_TOO_LONG':
      return `${slideLabel(issue.index ?? 0)} tem um título com mais de ${SLIDE_TITLE_MAX} caracteres. Encurte o título.`;
    case 'BODY_TOO_LONG':
      return `${slideLabel(issue.index ?? 0)} tem um texto com mais de ${SLIDE_BODY_MAX} caracteres. Encurte o texto.`;
    case 'TOO_FEW':
      return `Um carrossel precisa de pelo menos ${issue.min ?? 2} slides.`;
    case 'TOO_MANY':
      return `Um carrossel pode ter no máximo ${issue.max ?? 10} slides.`;
    case 'NETWORK_TOO_MANY':
      return `O ${issue.network ?? 'rede'} aceita no máximo ${issue.max ?? 0} ${issue.max === 1 ? 'imagem' : 'imagens'} por post, e este carrossel tem ${issue.count ?? 0} slides. Remova slides até ficar com ${issue.max ?? 0} ou menos.`;
    case 'NETWORK_NO_IMAGES':
      return `O ${issue.network ?? 'rede'} publica só vídeos: um carrossel de imagens não pode ser usado neste post.`;
    case 'NOT_EDITABLE':
      return 'Este post já está sendo publicado ou foi publicado: as imagens não podem mais ser alteradas.';
    case 'STALE':
      return 'Os slides mudaram enquanto esta ação rodava. Confira os slides e tente de novo.';
    case 'NOT_RENDERED':
      return 'Algum slide ainda não tem imagem. Abra o carrossel de novo para gerar as imagens que faltam e tente outra vez.';
    case 'NO_CAROUSEL':
      return 'Este post ainda não tem um carrossel. Clique em "Gerar carrossel com IA".';
    default:
      return 'O carrossel não pôde ser salvo. Confira os slides e tente de novo.';
  }
}

export const SLIDE_KIND_LABELS = {
  cover: 'Capa',
  content: 'Ideia',
  cta: 'Chamada para ação',
} as const satisfies Record<SlideKind, string>;

export const carouselMessages = {
  open: 'Carrossel',
  openHint: 'Transforme este post num carrossel de imagens com a IA.',
  title: 'Carrossel',
  intro: `A IA transforma este post num carrossel de ${CAROUSEL_AI_MIN_SLIDES} a ${CAROUSEL_AI_MAX_SLIDES} slides — capa, uma ideia por slide e uma chamada para ação — nas cores do tema e com o logo do cliente.`,
  generate: 'Gerar carrossel com IA',
  regenerate: 'Gerar de novo com IA',
  regenerateConfirm: 'Gerar de novo substitui os slides atuais, inclusive o que você editou.',
  generating: 'A IA está escrevendo os slides…',
  rendering: (done: number, total: number) => `Gerando as imagens: ${done} de ${total}`,
  formatLabel: 'Formato',
  formats: { portrait: 'Retrato 4:5 (1080 × 1350)', square: 'Quadrado 1:1 (1080 × 1080)' },
  slideHeading: (index: number, total: number) => `Slide ${index + 1} de ${total}`,
  slideTitle: 'Título',
  slideBody: 'Texto',
  save: 'Salvar slides',
  saved: 'Slides salvos. As imagens dos slides alterados foram geradas de novo.',
  moveUp: 'Mover para cima',
  moveDown: 'Mover para baixo',
  remove: 'Remover slide',
  imageAlt: (index: number) => `Imagem do slide ${index + 1}`,
  noImage: 'Imagem não gerada',
  use: 'Usar no post',
  useHint:
    'As imagens atuais do post são substituídas pelos slides, na ordem, com o texto de cada slide como texto alternativo.',
  used: (count: number) => `Carrossel aplicado: o post agora tem ${count} imagens.`,
  networkLimit: (network: string, max: number) => `O ${network} aceita até ${max} imagens por post.`,
  empty: 'Nenhum carrossel ainda.',
  aiOff: 'A IA não está configurada neste servidor: o carrossel precisa dela para escrever os slides.',
  notEditable: 'Este post já está sendo publicado ou foi publicado: o carrossel não pode mais ser alterado.',
} as const;
