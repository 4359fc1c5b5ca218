// What the browser knows of facebook (profile.ts): colour, icon, account card, feed drawing and best-time prior (its
// label and text limit are core's vocabulary, added by browser.ts).
// The feed shows about 480 characters (or 5 lines), then "Ver mais".
import type { NetworkProfileDeclaration } from '../profile.js';

export const facebookProfile: NetworkProfileDeclaration = {
  platform: 'facebook',
  color: 'indigo',
  chartColor: 'indigo.4',
  icon: {
    name: 'brand-facebook',
    paths: ['M7 10v4h3v7h4v-7h3l1 -4h-4v-2a1 1 0 0 1 1 -1h3v-4h-3a5 5 0 0 0 -5 5v2h-3'],
  },
  accountCard: { title: 'name', showHandle: false },
  // A comment by the Page under the post: up to 8,000 characters (first-comment.ts).
  firstComment: { maxLength: 8000, kind: 'comment' },
  preview: {
    style: 'social',
    cut: { chars: 480, lines: 5, more: 'Ver mais' },
    author: 'page',
    // A 9:16 video is a Reel (full screen), any other a Page video in the feed (video.ts).
    video: 'vertical-overlay-when-vertical',
  },
  // Sprout Social / Hootsuite: weekdays 9:00–13:00, Tuesday to Thursday strongest; some evening reach.
  // biome-ignore format: one row of 24 hours reads better than one number a line.
  bestTimePrior: {
    days: [0.55, 0.85, 1, 1, 0.95, 0.8, 0.55],
    hours: [0.08, 0.05, 0.04, 0.04, 0.05, 0.1, 0.25, 0.45, 0.7, 0.9, 1, 1, 0.95, 0.8, 0.7, 0.65, 0.6, 0.6, 0.6, 0.6, 0.55, 0.45, 0.3, 0.15],
  },
};
