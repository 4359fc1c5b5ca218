// What the browser knows of google_business (profile.ts): colour, icon, account card, feed drawing
// and best-time prior (its label and text limit are core's vocabulary, added by browser.ts).
// A "Novidade" shows on the business's profile in Search and Maps under the business's name, with
// about 4 lines of its summary before "Mais", the photo, then its button: the client's `social`
// drawing (name on top, text, image) with its own labels under it instead of reactions.
import { messages } from '@pauta/core';
import type { NetworkPendingChoice, NetworkProfileDeclaration, PostOptionField } from '../profile.js';

// The verified location Pauta posts to: `accounts/<id>/locations/<id>`.
export const GOOGLE_BUSINESS_CHOICE: NetworkPendingChoice = {
  ...messages.accounts.pickGoogleBusiness,
  returnParam: 'pickGoogleBusiness',
  differentChoice: messages.accounts.differentGoogleBusiness,
  choiceIdPattern: '^accounts/\\d+/locations/\\d+$',
};

/** The buttons that open a link (all but CALL, whose `callToAction` carries no url). */
const LINK_BUTTONS = ['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP'] as const;

/**
 * What a post is on Google (the LocalPost's `topicType`) and what it carries (docs/networks.md,
 * "Google: tipos de post"): a Novidade (STANDARD), an Oferta (OFFER: `event` title and dates, and
 * `offer` coupon, link and terms; Google ignores a button on it) or an Evento (EVENT: `event`).
 * Titles stop at 58 characters (Google's limit); dates are the business's own wall-clock time, as
 * Google reads them (a LocalPost's schedule has no zone). A Novidade or an Evento may carry one
 * button; every button but "Ligar agora" needs its link.
 */
export const GOOGLE_BUSINESS_POST_OPTIONS: readonly PostOptionField[] = [
  {
    key: 'postType',
    label: 'Tipo de post',
    kind: 'choice',
    choices: [
      { value: 'STANDARD', label: 'Novidade' },
      { value: 'OFFER', label: 'Oferta' },
      { value: 'EVENT', label: 'Evento' },
    ],
    default: 'STANDARD',
    required: true,
  },
  {
    key: 'eventTitle',
    label: 'Título do evento',
    kind: 'text',
    maxLength: 58,
    required: true,
    when: { key: 'postType', equals: 'EVENT' },
  },
  {
    key: 'eventStart',
    label: 'Início do evento',
    kind: 'datetime',
    required: true,
    when: { key: 'postType', equals: 'EVENT' },
  },
  {
    key: 'eventEnd',
    label: 'Fim do evento',
    kind: 'datetime',
    required: true,
    notBefore: 'eventStart',
    when: { key: 'postType', equals: 'EVENT' },
  },
  {
    key: 'offerTitle',
    label: 'Título da oferta',
    kind: 'text',
    maxLength: 58,
    required: true,
    when: { key: 'postType', equals: 'OFFER' },
  },
  {
    key: 'offerStart',
    label: 'Início da oferta',
    kind: 'datetime',
    required: true,
    when: { key: 'postType', equals: 'OFFER' },
  },
  {
    key: 'offerEnd',
    label: 'Fim da oferta',
    kind: 'datetime',
    required: true,
    notBefore: 'offerStart',
    when: { key: 'postType', equals: 'OFFER' },
  },
  // Google documents no length for the three below; these are Pauta's bounds.
  {
    key: 'couponCode',
    label: 'Código do cupom',
    help: 'Opcional. O código que o cliente mostra ou digita para ganhar a oferta.',
    kind: 'text',
    maxLength: 58,
    when: { key: 'postType', equals: 'OFFER' },
  },
  {
    key: 'redeemUrl',
    label: 'Link para resgatar a oferta',
    help: 'Opcional. A página onde o cliente usa a oferta on-line.',
    kind: 'url',
    maxLength: 2000,
    when: { key: 'postType', equals: 'OFFER' },
  },
  {
    key: 'terms',
    label: 'Termos e condições',
    help: 'Opcional. Validade, limite por cliente, lojas participantes…',
    kind: 'text',
    maxLength: 1500,
    when: { key: 'postType', equals: 'OFFER' },
  },
  {
    key: 'buttonType',
    label: 'Botão',
    help: 'Sem botão escolhido, o primeiro link do texto vira um botão “Saiba mais”.',
    kind: 'choice',
    choices: [
      { value: 'BOOK', label: 'Reservar' },
      { value: 'ORDER', label: 'Pedir on-line' },
      { value: 'SHOP', label: 'Comprar' },
      { value: 'LEARN_MORE', label: 'Saiba mais' },
      { value: 'SIGN_UP', label: 'Inscrever-se' },
      { value: 'CALL', label: 'Ligar agora' },
    ],
    default: null,
    whenIn: { key: 'postType', values: ['STANDARD', 'EVENT'] },
  },
  {
    key: 'buttonUrl',
    label: 'Link do botão',
    kind: 'url',
    maxLength: 2000,
    required: true,
    whenIn: { key: 'buttonType', values: LINK_BUTTONS },
  },
];

export const googleBusinessProfile: NetworkProfileDeclaration = {
  platform: 'google_business',
  pendingChoice: GOOGLE_BUSINESS_CHOICE,
  postOptions: GOOGLE_BUSINESS_POST_OPTIONS,
  color: 'blue',
  chartColor: 'blue.4',
  icon: {
    // Tabler's building-store: a shop front, what a Business Profile is to its customers.
    name: 'building-store',
    paths: [
      'M3 21l18 0',
      'M3 7v1a3 3 0 0 0 6 0v-1m0 1a3 3 0 0 0 6 0v-1m0 1a3 3 0 0 0 6 0v-1h-18l2 -4h14l2 4',
      'M5 21l0 -10.15',
      'M19 21l0 -10.15',
      'M9 21v-4a2 2 0 0 1 2 -2h2a2 2 0 0 1 2 2v4',
    ],
  },
  accountCard: {
    title: 'name',
    showHandle: false,
    refusals: {
      no_google_business_locations:
        'Sua conta do Google não administra nenhum Perfil da Empresa. Entre em business.google.com com a conta que administra o perfil (ou peça ao proprietário para adicioná-lo como administrador) e conecte de novo.',
      google_business_unverified:
        'Nenhum Perfil da Empresa da sua conta está verificado, e o Google só aceita Novidades de perfis verificados. Conclua a verificação em business.google.com e conecte de novo.',
      google_business_unavailable:
        'Esse Perfil da Empresa não está mais disponível para a sua conta (você deixou de administrá-lo ou ele perdeu a verificação). Conecte de novo e escolha outro local.',
    },
  },
  preview: {
    style: 'social',
    cut: { chars: 280, lines: 4, more: 'Mais' },
    overflowAtLimit: false,
    author: 'page',
    // Under a Novidade: its button (the text's link, "Saiba mais") and Google's share; no reactions.
    actions: ['Saiba mais', 'Compartilhar'],
  },
  // Local searches peak when people decide where to go: late morning to lunch and early evening,
  // Thursday to Saturday strongest (BrightLocal and Google's own "popular times" patterns for
  // retail and food); Sunday is fair, early mornings and nights weak.
  // biome-ignore format: one row of 24 hours reads better than one number a line.
  bestTimePrior: {
    days: [0.6, 0.75, 0.8, 0.85, 0.95, 1, 0.9],
    hours: [0.04, 0.03, 0.03, 0.03, 0.04, 0.08, 0.2, 0.4, 0.65, 0.85, 1, 1, 0.95, 0.8, 0.7, 0.7, 0.8, 0.9, 0.85, 0.7, 0.5, 0.3, 0.15, 0.07],
  },
};
