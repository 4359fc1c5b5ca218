// What the browser knows of tiktok (profile.ts): colour, icon, account card, feed drawing, the
// post options a TikTok video needs, and the best-time prior (its label and text limit are core's
// vocabulary, added by browser.ts).
// A TikTok video is drawn as its feed shows it: the video first, the caption under it cut after
// about two lines with "mais" (the client's `photo` drawing, which shows the video's cover).
import type { NetworkProfileDeclaration, PostOptionField } from '../profile.js';

/** TikTok's four privacy levels (creator_info's `privacy_level_options` names the account's). */
export const TIKTOK_PRIVACY_LEVELS = [
  'PUBLIC_TO_EVERYONE',
  'MUTUAL_FOLLOW_FRIENDS',
  'FOLLOWER_OF_CREATOR',
  'SELF_ONLY',
] as const;
export type TikTokPrivacyLevel = (typeof TIKTOK_PRIVACY_LEVELS)[number];

/** How TikTok's own app names them in Portuguese. */
export const TIKTOK_PRIVACY_LABELS: Readonly<Record<TikTokPrivacyLevel, string>> = {
  PUBLIC_TO_EVERYONE: 'Todos',
  MUTUAL_FOLLOW_FRIENDS: 'Amigos (seguidores que você segue de volta)',
  FOLLOWER_OF_CREATOR: 'Seguidores',
  SELF_ONLY: 'Somente eu',
};

/**
 * The choices a TikTok video makes, as TikTok's Direct Post UX guidelines require them: the
 * privacy level has no default (the person must pick it), and comments, Duet and Stitch start off
 * (the person turns each on). The help says the truth whatever the installation: until TikTok
 * audits the app, TikTok itself keeps every post private, so the worker sends SELF_ONLY; the
 * administrator sees the audit state in the Diagnóstico (TIKTOK_APP_AUDITED).
 * https://developers.tiktok.com/doc/content-sharing-guidelines/
 */
export const TIKTOK_POST_OPTIONS: readonly PostOptionField[] = [
  {
    key: 'privacyLevel',
    label: 'Quem pode ver este vídeo',
    help: 'Escolha quem verá o vídeo no TikTok. Enquanto o app do Pauta não for aprovado na auditoria do TikTok, o TikTok publica todo vídeo como privado ("Somente eu"), qualquer que seja a escolha: depois você pode mudar a privacidade de cada vídeo no app do TikTok. O administrador vê no Diagnóstico se a auditoria já foi feita.',
    kind: 'choice',
    choices: TIKTOK_PRIVACY_LEVELS.map((value) => ({ value, label: TIKTOK_PRIVACY_LABELS[value] })),
    default: null,
    required: true,
    media: 'video',
  },
  {
    key: 'allowComments',
    label: 'Permitir comentários',
    help: 'Desligado se a sua conta do TikTok não aceita comentários.',
    kind: 'boolean',
    default: false,
    media: 'video',
  },
  {
    key: 'allowDuet',
    label: 'Permitir Dueto',
    help: 'Outras pessoas podem gravar um vídeo ao lado do seu. Desligado se a sua conta do TikTok não permite Duetos.',
    kind: 'boolean',
    default: false,
    media: 'video',
  },
  {
    key: 'allowStitch',
    label: 'Permitir Costura',
    help: 'Outras pessoas podem usar um trecho do seu vídeo no delas (Stitch). Desligado se a sua conta do TikTok não permite Costuras.',
    kind: 'boolean',
    default: false,
    media: 'video',
  },
];

export const tiktokProfile: NetworkProfileDeclaration = {
  platform: 'tiktok',
  color: 'dark',
  chartColor: 'cyan.6',
  icon: {
    name: 'brand-tiktok',
    paths: [
      'M21 7.917v4.034a9.948 9.948 0 0 1 -5 -1.951v4.5a6.5 6.5 0 1 1 -8 -6.326v4.326a2.5 2.5 0 1 0 4 2v-11.5h4.083a6.005 6.005 0 0 0 4.917 4.917',
    ],
  },
  // user.info.basic gives the display name, not the @username (that needs user.info.profile).
  accountCard: {
    title: 'name',
    showHandle: false,
    refusals: {
      tiktok_publish_scope_missing:
        'O TikTok conectou a conta sem a permissão de publicar vídeos. Conecte de novo e mantenha marcadas todas as permissões que o TikTok mostrar.',
    },
  },
  preview: {
    style: 'photo',
    cut: { chars: 80, lines: 2, more: 'mais' },
    author: 'name',
    // TikTok's feed: a 9:16 frame, the caption and the name over its bottom, the icons on the right.
    video: 'vertical-overlay',
  },
  postOptions: TIKTOK_POST_OPTIONS,
  // ASSUMPTION from the published studies, not our data: Sprout Social's "Best times to post on
  // TikTok" (2025) finds weekday afternoons and evenings strongest (14–18 h, Tuesday to Thursday
  // best, Sunday weakest) and Hootsuite's TikTok study a second peak in the evening (19–22 h) when
  // people scroll at home; early mornings are weakest.
  // biome-ignore format: one row of 24 hours reads better than one number a line.
  bestTimePrior: {
    days: [0.55, 0.8, 0.95, 1, 0.95, 0.85, 0.65],
    hours: [0.25, 0.12, 0.06, 0.04, 0.04, 0.06, 0.15, 0.3, 0.4, 0.45, 0.5, 0.6, 0.7, 0.75, 0.85, 0.95, 1, 1, 0.95, 0.95, 0.9, 0.8, 0.6, 0.4],
  },
};
