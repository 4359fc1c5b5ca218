// What the browser knows of x (profile.ts): colour, icon, account card, feed drawing and best-time prior (its
// label and text limit are core's vocabulary, added by browser.ts).
// The feed shows the whole post (up to its 280 weighted characters; what passes them is highlighted).
import type { NetworkProfileDeclaration } from '../profile.js';

export const xProfile: NetworkProfileDeclaration = {
  platform: 'x',
  color: 'dark',
  chartColor: 'dark.5',
  icon: {
    name: 'brand-x',
    paths: ['M4 4l11.733 16h4.267l-11.733 -16l-4.267 0', 'M4 20l6.768 -6.768m2.46 -2.46l6.772 -6.772'],
  },
  accountCard: { title: 'name', showHandle: true },
  // The first comment is a reply to the post (POST /2/tweets, reply.in_reply_to_tweet_id): 280
  // weighted characters, like every post.
  firstComment: { maxLength: 280, kind: 'reply' },
  preview: {
    style: 'microblog',
    cut: { chars: null, lines: null, more: 'Mostrar mais' },
    overflowAtLimit: true,
    author: 'name',
  },
  // Sprout Social: weekdays 9:00–12:00, Tuesday to Thursday; mornings before work too.
  // biome-ignore format: one row of 24 hours reads better than one number a line.
  bestTimePrior: {
    days: [0.45, 0.85, 1, 1, 0.95, 0.75, 0.45],
    hours: [0.08, 0.05, 0.04, 0.04, 0.06, 0.15, 0.35, 0.6, 0.85, 1, 1, 0.95, 0.85, 0.75, 0.65, 0.6, 0.55, 0.5, 0.5, 0.45, 0.4, 0.3, 0.2, 0.12],
  },
};
