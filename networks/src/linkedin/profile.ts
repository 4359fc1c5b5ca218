// What the browser knows of linkedin (profile.ts): colour, icon, account card, feed drawing and best-time prior (its
// label and text limit are core's vocabulary, added by browser.ts).
// The feed shows about 210 characters or 3 lines, then "…ver mais".
import type { NetworkProfileDeclaration } from '../profile.js';

export const linkedinProfile: NetworkProfileDeclaration = {
  platform: 'linkedin',
  color: 'blue',
  chartColor: 'blue.7',
  icon: {
    name: 'brand-linkedin',
    paths: [
      'M8 11v5',
      'M8 8v.01',
      'M12 16v-5',
      'M16 16v-3a2 2 0 1 0 -4 0',
      'M3 7a4 4 0 0 1 4 -4h10a4 4 0 0 1 4 4v10a4 4 0 0 1 -4 4h-10a4 4 0 0 1 -4 -4l0 -10',
    ],
  },
  accountCard: { title: 'name', showHandle: false },
  // A comment by the member under the post: up to 1,250 characters (first-comment.ts).
  firstComment: { maxLength: 1250, kind: 'comment' },
  preview: {
    style: 'professional',
    cut: { chars: 210, lines: 3, more: '…ver mais' },
    author: 'name',
  },
  // Sprout Social: Tue–Thu, 10:00–12:00 (and Tuesday 8–9); weekends the weakest.
  // biome-ignore format: one row of 24 hours reads better than one number a line.
  bestTimePrior: {
    days: [0.3, 0.8, 1, 1, 0.95, 0.7, 0.3],
    hours: [0.05, 0.03, 0.03, 0.03, 0.05, 0.1, 0.25, 0.5, 0.8, 0.9, 1, 1, 0.9, 0.8, 0.7, 0.6, 0.55, 0.45, 0.35, 0.3, 0.25, 0.2, 0.12, 0.08],
  },
};
