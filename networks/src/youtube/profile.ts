// What the browser knows of youtube (profile.ts): colour, icon, account card, feed drawing, post
// options and best-time prior (its label and text limit are core's vocabulary, added by browser.ts).
// A Short fills a phone's screen: the video first, then the channel's @handle and the title/
// description cut short (about 2 lines, "mais"): the client's `photo` drawing, its image the video's
// cover (the client has no moving-video drawing of its own).
import type { NetworkProfileDeclaration, PostOptionField } from '../profile.js';

/** The post options a YouTube post makes (PublishRequest.options), read by publish.ts. */
export const YOUTUBE_POST_OPTIONS: readonly PostOptionField[] = [
  {
    key: 'title',
    label: 'Título do vídeo',
    help: 'Até 100 caracteres, sem < ou >. Em branco: o título do post.',
    kind: 'text',
    maxLength: 100,
    default: null,
    media: 'video',
  },
  {
    key: 'privacy',
    label: 'Visibilidade',
    kind: 'choice',
    choices: [
      { value: 'public', label: 'Público' },
      { value: 'unlisted', label: 'Não listado (só quem tiver o link)' },
      { value: 'private', label: 'Privado (só você)' },
    ],
    default: 'public',
    required: true,
    media: 'video',
  },
  {
    key: 'madeForKids',
    label: 'Este vídeo é conteúdo para crianças?',
    help: 'O YouTube exige essa resposta em todo vídeo (lei americana COPPA). Vídeos para crianças ficam sem comentários e sem anúncios personalizados.',
    kind: 'boolean',
    default: null,
    required: true,
    media: 'video',
  },
];

export const youtubeProfile: NetworkProfileDeclaration = {
  platform: 'youtube',
  color: 'red',
  chartColor: 'red.6',
  icon: {
    name: 'brand-youtube',
    paths: [
      'M2 8a4 4 0 0 1 4 -4h12a4 4 0 0 1 4 4v8a4 4 0 0 1 -4 4h-12a4 4 0 0 1 -4 -4v-8z',
      'M10 9l5 3l-5 3z',
    ],
  },
  accountCard: {
    title: 'name',
    showHandle: true,
    // The account is the person's channel.
    pageLabel: 'Canal',
    refusals: {
      no_youtube_channel:
        'Sua conta do Google ainda não tem um canal do YouTube. Crie o canal em youtube.com (no seu ícone → "Criar um canal") e conecte de novo.',
    },
  },
  preview: {
    style: 'photo',
    cut: { chars: 100, lines: 2, more: 'mais' },
    author: 'username',
    // A Short plays full screen: a 9:16 frame with the title and channel over its bottom.
    video: 'vertical-overlay',
  },
  postOptions: YOUTUBE_POST_OPTIONS,
  // ASSUMPTION, as every prior: Shorts are watched in spare moments, so the industry studies
  // of YouTube posting times (Hootsuite's and SocialPilot's YouTube guides, Sprout Social's video
  // data) put the best slots in the afternoon and evening (15–21 h local), Friday to Sunday
  // strongest; mornings fair, late nights and early mornings weak. Videos also gather views for
  // days, so the shape matters less than on feed networks.
  // biome-ignore format: one row of 24 hours reads better than one number a line.
  bestTimePrior: {
    days: [0.95, 0.75, 0.75, 0.8, 0.85, 1, 1],
    hours: [0.25, 0.12, 0.06, 0.04, 0.04, 0.06, 0.12, 0.22, 0.3, 0.38, 0.45, 0.55, 0.65, 0.7, 0.75, 0.85, 0.9, 0.95, 1, 1, 0.95, 0.8, 0.6, 0.4],
  },
};
