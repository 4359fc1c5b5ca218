// What the browser knows of Bluesky (profile.ts): colour, icon, account card, connect form, feed
// drawing and best-time prior (its label and text limit are core's vocabulary, added by
// browser.ts). The feed shows the whole post (up to 300 graphemes) under the display name and
// @handle, images in a grid: the client's `microblog` drawing; what passes 300 is highlighted.
import type { NetworkProfileDeclaration } from '../profile.js';

export const blueskyProfile: NetworkProfileDeclaration = {
  platform: 'bluesky',
  color: 'blue',
  chartColor: 'blue.4',
  // Tabler's `butterfly` outline (Bluesky's mark is a butterfly; this Tabler has no brand-bluesky).
  icon: {
    name: 'butterfly',
    paths: [
      'M12 18.176a3 3 0 1 1 -4.953 -2.449l-.025 .023a4.502 4.502 0 0 1 1.483 -8.75c1.414 0 2.675 .652 3.5 1.671a4.5 4.5 0 1 1 4.983 7.079a3 3 0 1 1 -4.983 2.25l-.005 .176',
      'M12 19v-10',
      'M9 3l3 2l3 -2',
    ],
  },
  // A reply to the post: 300 graphemes, as a post (first-comment.ts).
  firstComment: { maxLength: 300, kind: 'reply' },
  accountCard: {
    title: 'name',
    showHandle: true,
    refusals: {
      bluesky_bad_password:
        'O Bluesky recusou o usuário ou a senha de app. Confira o @usuário (ou e-mail) e crie uma senha de app em Configurações › Privacidade e segurança › Senhas de app.',
      bluesky_bad_service:
        'O endereço do servidor não é válido ou não responde como um servidor do Bluesky. Deixe em branco para usar bsky.social.',
      bluesky_account_unavailable:
        'Esta conta do Bluesky está suspensa ou desativada e não pode ser conectada.',
    },
  },
  connectForm: {
    title: 'Conectar Bluesky com senha de app',
    help: 'Crie uma senha de app no Bluesky em Configurações › Privacidade e segurança › Senhas de app. Nunca use a sua senha principal: a senha de app não é guardada pelo Pauta, só a sessão que ela abre.',
    submit: 'Conectar',
    fields: [
      {
        name: 'identifier',
        label: 'Usuário ou e-mail',
        placeholder: 'voce.bsky.social',
        kind: 'text',
        required: true,
      },
      {
        name: 'password',
        label: 'Senha de app',
        placeholder: 'xxxx-xxxx-xxxx-xxxx',
        kind: 'password',
        required: true,
      },
      {
        name: 'service',
        label: 'Servidor (opcional)',
        placeholder: 'https://bsky.social',
        kind: 'text',
        required: false,
      },
    ],
  },
  preview: {
    style: 'microblog',
    cut: { chars: null, lines: null, more: 'Mais' },
    overflowAtLimit: true,
    author: 'name',
  },
  // Buffer's and Sprout Social's first Bluesky studies: weekday mornings (8–11) and early
  // evening, Wednesday and Thursday strongest; the weekend weaker. An assumption, like the others.
  // biome-ignore format: one row of 24 hours reads better than one number a line.
  bestTimePrior: {
    days: [0.5, 0.85, 0.95, 1, 1, 0.8, 0.55],
    hours: [0.12, 0.08, 0.05, 0.04, 0.05, 0.15, 0.35, 0.65, 0.9, 1, 0.95, 0.85, 0.8, 0.75, 0.7, 0.7, 0.7, 0.75, 0.8, 0.8, 0.7, 0.55, 0.35, 0.2],
  },
};
