// What the browser knows of Mastodon (profile.ts): colour, icon, account card (the texts of the
// instance's refusals), the "type your instance" step before the login, feed drawing and best-time
// prior (its label and text limit are core's vocabulary, added by browser.ts).
// The feed shows the whole status (500 characters by default, each link counting 23), the
// @user@instance first and the images in a grid: the client's `microblog` drawing is the closest;
// what passes the limit is highlighted as X's is.
import { type NetworkProfileDeclaration, wholePostPreview } from '../profile.js';

export const mastodonProfile: NetworkProfileDeclaration = {
  platform: 'mastodon',
  color: 'violet',
  chartColor: 'violet.6',
  icon: {
    name: 'brand-mastodon',
    paths: [
      'M18.648 15.254c-1.816 1.763 -6.648 1.626 -6.648 1.626a18.262 18.262 0 0 1 -3.288 -.256c1.127 1.985 4.12 2.81 8.982 2.475c-1.945 2.013 -13.598 5.257 -13.668 -7.636l-.026 -1.154c0 -3.036 .023 -4.115 1.352 -5.633c1.671 -1.91 6.648 -1.666 6.648 -1.666s4.977 -.243 6.648 1.667c1.329 1.518 1.352 2.597 1.352 5.633s-.456 4.074 -1.352 4.944z',
      'M12 11.204v-2.926c0 -1.258 -.895 -2.278 -2 -2.278s-2 1.02 -2 2.278v4.722m4 -4.722c0 -1.258 .895 -2.278 2 -2.278s2 1.02 2 2.278v4.722',
    ],
  },
  // A reply to the status: 500 characters, a link counting 23 (first-comment.ts).
  firstComment: { maxLength: 500, kind: 'reply' },
  accountCard: {
    title: 'handle',
    showHandle: false,
    refusals: {
      instance_invalid:
        'Endereço de instância inválido. Digite só o domínio da sua instância do Mastodon, por exemplo mastodon.social.',
      instance_http:
        'A instância precisa usar https. Digite o domínio da sua instância, por exemplo mastodon.social.',
      instance_private:
        'Esse endereço aponta para uma rede interna e não pode ser usado como instância do Mastodon.',
      instance_unreachable:
        'A instância não respondeu. Confira o endereço digitado ou tente de novo em alguns minutos.',
      instance_not_mastodon: 'Esse endereço não é de uma instância do Mastodon. Confira o domínio digitado.',
      instance_registration_failed:
        'A instância recusou o cadastro do Pauta como aplicativo. Ela pode ter fechado o cadastro de apps; fale com a administração da instância.',
    },
  },
  connectPrompt: {
    param: 'instance',
    label: 'Sua instância do Mastodon',
    placeholder: 'mastodon.social',
    description: 'Digite o domínio onde fica a sua conta (o que vem depois do segundo @ no seu endereço).',
    submit: 'Continuar',
    required: 'Digite o domínio da sua instância.',
  },
  preview: wholePostPreview('Mostrar mais'),
  // Mastodon's audience reads in the working day and the evening; weekdays stronger (published
  // studies of fediverse activity, e.g. the instances' own activity graphs); Brazil's time zone.
  // biome-ignore format: one row of 24 hours reads better than one number a line.
  bestTimePrior: {
    days: [0.55, 0.9, 1, 1, 0.95, 0.8, 0.6],
    hours: [0.15, 0.08, 0.05, 0.04, 0.05, 0.12, 0.3, 0.55, 0.8, 0.95, 1, 0.95, 0.9, 0.85, 0.85, 0.8, 0.75, 0.75, 0.8, 0.85, 0.8, 0.6, 0.4, 0.25],
  },
};
