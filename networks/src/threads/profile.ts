// What the browser knows of threads (profile.ts): colour, icon, account card, feed drawing and
// best-time prior (its label and text limit are core's vocabulary, added by browser.ts).
// The feed shows the whole post (up to its 500 characters, emojis counting their UTF-8 bytes), the
// @username first, images in a row: the client's `microblog` drawing is the closest (a feed style
// of its own was not worth it); what passes the limit is highlighted as X's is.
import type { NetworkProfileDeclaration } from '../profile.js';

export const threadsProfile: NetworkProfileDeclaration = {
  platform: 'threads',
  color: 'gray',
  chartColor: 'gray.6',
  icon: {
    name: 'brand-threads',
    paths: [
      'M19 7.5c-1.333 -3 -3.667 -4.5 -7 -4.5c-5 0 -8 2.5 -8 9s3.5 9 8 9s7 -3 7 -5s-1 -5 -7 -5c-2.5 0 -3 1.25 -3 2.5c0 1.5 1 2.5 2.5 2.5c2.5 0 3.5 -1.5 3.5 -5s-2 -4 -3 -4s-1.833 .333 -2.5 1',
    ],
  },
  accountCard: { title: 'handle', showHandle: false },
  // A reply by the profile to its post: 500 characters, counted as posts (first-comment.ts).
  firstComment: { maxLength: 500, kind: 'reply' },
  preview: {
    style: 'microblog',
    cut: { chars: null, lines: null, more: 'Mais' },
    overflowAtLimit: true,
    author: 'username',
  },
  // Sprout Social and Buffer on Threads: weekday mornings (7–10) and the lunch hour, Tuesday to
  // Thursday strongest; the evening is fair, the weekend weaker.
  // biome-ignore format: one row of 24 hours reads better than one number a line.
  bestTimePrior: {
    days: [0.5, 0.85, 1, 1, 0.95, 0.8, 0.55],
    hours: [0.1, 0.06, 0.04, 0.04, 0.06, 0.2, 0.45, 0.75, 0.95, 1, 0.95, 0.9, 0.9, 0.8, 0.7, 0.65, 0.6, 0.6, 0.65, 0.7, 0.65, 0.5, 0.3, 0.16],
  },
};
