// What the pages opened through a private link (/aprovacao/<token>, /relatorio/<token>) share
// beyond their shell (components/PublicLinkPage): how the link is read and how it says it ended.
import { IconClockX, IconLinkOff } from '@tabler/icons-react';
import type { LinkEnded } from '../../components/PublicLinkPage';

/**
 * How a link's view is read: not at all without a token, never retried (a refusal is the answer)
 * and never served from the cache (the link may have ended since).
 */
export function linkViewQuery(token: string) {
  return { enabled: token !== '', retry: false, staleTime: 0 } as const;
}

/** A forged link (or none) and an expired one, in the page's own words. */
export function linkEndedStates(text: {
  invalidTitle: string;
  invalidText: string;
  expiredTitle: string;
  expiredText: string;
}): { invalid: LinkEnded; expired: LinkEnded } {
  return {
    invalid: { icon: IconLinkOff, title: text.invalidTitle, message: text.invalidText },
    expired: { icon: IconClockX, title: text.expiredTitle, message: text.expiredText },
  };
}
