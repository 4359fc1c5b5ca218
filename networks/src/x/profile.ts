// What the browser knows of x (profile.ts): name, colour, icon, limit, feed drawing.
// The feed shows the whole post (up to its 280 weighted characters; what passes them is highlighted).
import { PLATFORM_LABELS, PLATFORM_TEXT_LIMITS } from '@pauta/core';
import type { NetworkProfile } from '../profile.js';

export const xProfile: NetworkProfile = {
  platform: 'x',
  label: PLATFORM_LABELS.x,
  color: 'dark',
  icon: {
    name: 'brand-x',
    paths: ['M4 4l11.733 16h4.267l-11.733 -16l-4.267 0', 'M4 20l6.768 -6.768m2.46 -2.46l6.772 -6.772'],
  },
  textLimit: PLATFORM_TEXT_LIMITS.x,
  preview: {
    style: 'microblog',
    cut: { chars: null, lines: null, more: 'Mostrar mais' },
    overflowAtLimit: true,
    author: 'name',
  },
};
