// What the browser knows of pinterest (profile.ts): colour, icon, account card, feed drawing and
// best-time prior (its label and text limit are core's vocabulary, added by browser.ts).
// A pin is drawn as Pinterest shows it: the image first, then the title and a description cut
// short (about 2 lines, ~100 characters, "mais"): the client's `photo` drawing.
import { messages } from '@pauta/core';
import type { NetworkPendingChoice, NetworkProfileDeclaration } from '../profile.js';

// The board Pauta pins to: a board's id is its number.
export const PINTEREST_BOARD_CHOICE: NetworkPendingChoice = {
  ...messages.accounts.pickPinterestBoard,
  returnParam: 'pickPinterestBoard',
  differentChoice: messages.accounts.differentPinterestBoard,
  choiceIdPattern: '^\\d+$',
};

export const pinterestProfile: NetworkProfileDeclaration = {
  platform: 'pinterest',
  pendingChoice: PINTEREST_BOARD_CHOICE,
  color: 'red',
  chartColor: 'red.7',
  icon: {
    name: 'brand-pinterest',
    paths: [
      'M8 20l4 -9',
      'M10.7 14c.437 1.263 1.43 2 2.55 2c2.071 0 3.75 -1.554 3.75 -4a5 5 0 1 0 -9.7 1.7',
      'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0',
    ],
  },
  accountCard: {
    title: 'handle',
    showHandle: false,
    // The account is the board the pins go to.
    pageLabel: 'Pasta',
    refusals: {
      no_pinterest_boards:
        'Sua conta do Pinterest não tem nenhuma pasta. Crie uma pasta no Pinterest (em "Criar" → "Pasta") e conecte de novo: o Pauta publica os pins na pasta que você escolher.',
      pinterest_board_unavailable:
        'Essa pasta do Pinterest não está mais disponível na sua conta (foi apagada ou deixou de ser sua). Conecte de novo e escolha outra pasta.',
    },
  },
  preview: {
    style: 'photo',
    cut: { chars: 100, lines: 2, more: 'mais' },
    author: 'username',
  },
  // Pinterest's own and Later's studies: evenings (20–23) and weekends are strongest (people plan
  // meals, purchases and projects at home); weekday lunch is fair, early mornings weakest.
  // biome-ignore format: one row of 24 hours reads better than one number a line.
  bestTimePrior: {
    days: [1, 0.7, 0.7, 0.75, 0.8, 0.9, 1],
    hours: [0.3, 0.15, 0.08, 0.05, 0.05, 0.08, 0.15, 0.25, 0.35, 0.4, 0.45, 0.55, 0.6, 0.55, 0.5, 0.55, 0.6, 0.7, 0.8, 0.9, 1, 1, 0.85, 0.55],
  },
};
