// What the browser knows of linkedin_page (profile.ts): colour, icon, account card, feed drawing
// and best-time prior (its label and text limit are core's vocabulary, added by browser.ts).
// A Page post is drawn as LinkedIn's feed shows it: the company's name, "seguidores" under it, the
// same 210 characters / 3 lines before "…ver mais" as a member's post.
import { messages } from '@pauta/core';
import { linkedinProfile } from '../linkedin/profile.js';
import type { NetworkPendingChoice, NetworkProfileDeclaration } from '../profile.js';

// The organisation choice: an organisation's id is its number (urn:li:organization:<id>).
export const LINKEDIN_PAGE_CHOICE: NetworkPendingChoice = {
  ...messages.accounts.pickLinkedInPage,
  returnParam: 'pickLinkedInPage',
  differentChoice: messages.accounts.differentLinkedInPage,
  choiceIdPattern: '^\\d+$',
};

export const linkedinPageProfile: NetworkProfileDeclaration = {
  platform: 'linkedin_page',
  pendingChoice: LINKEDIN_PAGE_CHOICE,
  color: 'indigo',
  chartColor: 'indigo.4',
  icon: {
    // Tabler's building: a company, not a person (the LinkedIn mark is the member profile's).
    name: 'building',
    paths: [
      'M3 21l18 0',
      'M9 8l1 0',
      'M9 12l1 0',
      'M9 16l1 0',
      'M14 8l1 0',
      'M14 12l1 0',
      'M14 16l1 0',
      'M5 21v-16a2 2 0 0 1 2 -2h10a2 2 0 0 1 2 2v16',
    ],
  },
  accountCard: {
    title: 'name',
    showHandle: false,
    refusals: {
      no_linkedin_pages:
        'Sua conta do LinkedIn não administra nenhuma Página de empresa. Peça a um administrador da Página para torná-lo administrador (em "Administrar Página" → "Administradores") e conecte de novo.',
      linkedin_page_unavailable:
        'Essa Página do LinkedIn não está mais disponível para a sua conta (você deixou de ser administrador). Conecte de novo e escolha outra Página.',
    },
  },
  preview: { ...linkedinProfile.preview, author: 'page', followersLine: true },
  // A comment by the Page under its post, as a member's (linkedin/first-comment.ts).
  firstComment: { maxLength: 1250, kind: 'comment' },
  // Company Pages follow the member feed's rhythm (Sprout Social: Tue–Thu mornings), a little
  // more spread across working hours (B2B audiences read during the day), weekends weakest.
  // biome-ignore format: one row of 24 hours reads better than one number a line.
  bestTimePrior: {
    days: [0.25, 0.85, 1, 1, 0.9, 0.65, 0.25],
    hours: [0.04, 0.03, 0.03, 0.03, 0.04, 0.08, 0.2, 0.45, 0.8, 1, 1, 0.95, 0.85, 0.85, 0.8, 0.7, 0.6, 0.45, 0.3, 0.22, 0.18, 0.14, 0.09, 0.06],
  },
};
