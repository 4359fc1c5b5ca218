// What the browser knows of instagram (profile.ts): colour, icon, account card, feed drawing and best-time prior (its
// label and text limit are core's vocabulary, added by browser.ts).
// The feed shows about 125 characters (or 2 lines) of the caption, then "mais".
import { messages } from '@pauta/core';
import type { NetworkProfileDeclaration } from '../profile.js';

export const instagramProfile: NetworkProfileDeclaration = {
  platform: 'instagram',
  color: 'grape',
  chartColor: 'grape.6',
  icon: {
    name: 'brand-instagram',
    paths: [
      'M3 7a4 4 0 0 1 4 -4h10a4 4 0 0 1 4 4v10a4 4 0 0 1 -4 4h-10a4 4 0 0 1 -4 -4l0 -10',
      'M8.5 12a3.5 3.5 0 1 0 7 0a3.5 3.5 0 0 0 -7 0',
      'M17 7v.01',
    ],
  },
  // The first comment is a comment on the media (POST /{ig-media-id}/comments?message=): up to 2,200
  // characters, as a caption.
  firstComment: { maxLength: 2200, kind: 'comment' },
  accountCard: {
    title: 'handle',
    showHandle: false,
    // Needs a Meta app with Instagram's products, not only credentials (docs/networks.md).
    notConfigured: messages.accounts.instagramNotConfigured,
    refusals: {
      no_instagram_account: messages.accounts.noInstagramAccount,
      no_pages: messages.accounts.noInstagramAccount,
      // Instagram Login (login.ts).
      personal_account: messages.accounts.instagramPersonalAccount,
      login_permissions_declined: messages.accounts.instagramLoginPermissionsDeclined,
    },
  },
  // Instagram Login first: it needs no Facebook Page (docs/instagram-login.md).
  connectLogins: [
    {
      login: 'instagram_login',
      label: messages.accounts.connectWithInstagram,
      connected: messages.accounts.connectedWithInstagram,
    },
    {
      login: 'instagram',
      label: messages.accounts.connectWithFacebook,
      connected: messages.accounts.connectedWithFacebook,
    },
  ],
  connectLoginsHint: messages.accounts.instagramLoginsHint,
  preview: {
    style: 'photo',
    cut: { chars: 125, lines: 2, more: 'mais' },
    author: 'username',
    // Every video the API publishes is a Reel (video.ts): the full-screen 9:16 frame.
    video: 'vertical-overlay',
  },
  // Later / Hootsuite: midday (11–13) and the evening (18–21) on weekdays; weekends fair.
  // biome-ignore format: one row of 24 hours reads better than one number a line.
  bestTimePrior: {
    days: [0.7, 0.85, 1, 1, 0.95, 0.85, 0.7],
    hours: [0.12, 0.06, 0.04, 0.04, 0.05, 0.1, 0.25, 0.4, 0.55, 0.65, 0.8, 0.95, 1, 0.9, 0.75, 0.7, 0.7, 0.8, 0.9, 1, 0.95, 0.8, 0.55, 0.3],
  },
};
