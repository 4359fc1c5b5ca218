// @pauta/networks/browser: what the browser may know of each network (profile.ts) — name,
// colour, icon, text limit and how its feed shows a post. Imports core and the networks'
// profile.ts files only, never a client, a publisher or Node (browser.test.ts checks the bundle).
import {
  measurePostLength,
  PLATFORM_LABELS,
  PLATFORM_TEXT_LIMITS,
  PLATFORMS,
  type Platform,
} from '@pauta/core';
import { blueskyProfile } from './bluesky/profile.js';
import { facebookProfile } from './facebook/profile.js';
import { googleBusinessProfile } from './google-business/profile.js';
import { instagramProfile } from './instagram/profile.js';
import { linkedinProfile } from './linkedin/profile.js';
import { linkedinPageProfile } from './linkedin-page/profile.js';
import { mastodonProfile } from './mastodon/profile.js';
import { pinterestProfile } from './pinterest/profile.js';
import { checkPostOptions, type PostOptionsCheck, type PostOptionsInput } from './post-options.js';
import type { FeedCut, NetworkProfile, NetworkProfileDeclaration } from './profile.js';
import { threadsProfile } from './threads/profile.js';
import { tiktokProfile } from './tiktok/profile.js';
import { xProfile } from './x/profile.js';
import { youtubeProfile } from './youtube/profile.js';

export {
  checkPostOptions,
  type PostOptionIssue,
  type PostOptionsCheck,
  type PostOptionsInput,
  parsePostOptionDateTime,
  visiblePostOptions,
} from './post-options.js';
export type {
  ConnectForm,
  ConnectFormField,
  FeedCut,
  NetworkConnectLogin,
  NetworkConnectPrompt,
  NetworkIcon,
  NetworkPendingChoice,
  NetworkPreview,
  NetworkProfile,
  PostOptionField,
  PriorShape,
  VideoPreviewStyle,
} from './profile.js';
export type { PostOptionValues } from './publishing/types.js';

const DECLARED: Readonly<Record<Platform, NetworkProfileDeclaration>> = {
  linkedin: linkedinProfile,
  facebook: facebookProfile,
  x: xProfile,
  instagram: instagramProfile,
  threads: threadsProfile,
  linkedin_page: linkedinPageProfile,
  mastodon: mastodonProfile,
  bluesky: blueskyProfile,
  pinterest: pinterestProfile,
  google_business: googleBusinessProfile,
  youtube: youtubeProfile,
  tiktok: tiktokProfile,
};

export const NETWORK_PROFILES: Readonly<Record<Platform, NetworkProfile>> = Object.fromEntries(
  PLATFORMS.map((platform) => [
    platform,
    { ...DECLARED[platform], label: PLATFORM_LABELS[platform], textLimit: PLATFORM_TEXT_LIMITS[platform] },
  ]),
) as Record<Platform, NetworkProfile>;

/**
 * A post's options on `platform` checked and normalised (docs/post-options.md): what the server
 * stores and the worker hands the adapter, or each field's pt-BR refusal.
 */
export function validatePostOptions(platform: Platform, input: PostOptionsInput): PostOptionsCheck {
  return checkPostOptions(NETWORK_PROFILES[platform], input);
}

/** Longest first comment Pauta stores, whatever the network (the server's input bound). */
export const FIRST_COMMENT_MAX_INPUT = 5000;

/**
 * A post's first comment checked against its network (docs/first-comment.md): null when it may be
 * saved (an empty text is no comment), else the pt-BR refusal naming the network and the limit.
 */
export function firstCommentRefusal(platform: Platform, text: string): string | null {
  if (text.trim() === '') return null;
  const profile = NETWORK_PROFILES[platform];
  const rule = profile.firstComment;
  if (rule === undefined)
    return `O ${profile.label} não aceita primeiro comentário pela Pauta. Apague o texto do primeiro comentário para salvar.`;
  const used = measurePostLength(platform, text.trim());
  if (used > rule.maxLength)
    return `O primeiro comentário passa do limite do ${profile.label}: ${used} de ${rule.maxLength} caracteres.`;
  return null;
}

/**
 * How the network's feed shows this video (profile `preview.video`): `vertical-overlay` the
 * full-screen 9:16 frame with the caption over it, or `feed` the video in the feed card. A video
 * is vertical when it is 9:16 or narrower (a pixel of rounding either way, as the checks of
 * core's checkVideoForNetwork).
 */
export function videoPreviewLayout(
  platform: Platform,
  video: { width: number; height: number },
): 'vertical-overlay' | 'feed' {
  const style = NETWORK_PROFILES[platform].preview.video ?? 'feed';
  if (style !== 'vertical-overlay-when-vertical') return style;
  const shortSide = Math.max(1, Math.min(video.width, video.height));
  const vertical = video.height > 0 && video.width / video.height <= 9 / 16 + 1 / shortSide;
  return vertical ? 'vertical-overlay' : 'feed';
}

/** The feed cut of every network (the cut points the networks' web feeds show today, approximate). */
export const FEED_CUTS: Readonly<Record<Platform, FeedCut>> = Object.fromEntries(
  PLATFORMS.map((platform) => [platform, NETWORK_PROFILES[platform].preview.cut]),
) as Record<Platform, FeedCut>;

export interface PreviewText {
  /** What the feed shows before the expander (line breaks kept). */
  visible: string;
  /** The rest, shown after "ver mais" is clicked. */
  hidden: string;
  /** Whether the network shows an expander ("ver mais"). */
  truncated: boolean;
  /** `overflowAtLimit` networks (X): the part beyond the text limit, which the network would refuse. */
  overflow: string;
}

/** Cuts `chars` code points back to the last space when one is near (the feeds cut at a word). */
function cutAtWord(points: readonly string[], chars: number): number {
  if (points.length <= chars) return points.length;
  for (let i = chars; i > chars - 30 && i > 0; i -= 1) {
    if (/\s/u.test(points[i]!)) return i;
  }
  return chars;
}

/** The prefix of `text` within the limit as the network counts it, and the rest. */
function splitAtLimit(platform: Platform, text: string, limit: number): [string, string] {
  if (measurePostLength(platform, text) <= limit) return [text, ''];
  const points = [...text];
  let low = 0;
  let high = points.length;
  // The longest prefix that fits (weights are positive, so fitting is monotone in the length).
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measurePostLength(platform, points.slice(0, mid).join('')) <= limit) low = mid;
    else high = mid - 1;
  }
  return [points.slice(0, low).join(''), points.slice(low).join('')];
}

/**
 * Where `platform`'s feed cuts `text` (the edit dialog, the suggested posts and the tests share
 * this one rule): by lines, then by characters back to a word; or, for networks that show the
 * whole post, the part past the text limit — the network's, or `limit`: the connected account's
 * own where its server declares one (a Mastodon instance's).
 */
export function previewCut(
  platform: Platform,
  text: string,
  limit: number = NETWORK_PROFILES[platform].textLimit,
): PreviewText {
  const { cut, overflowAtLimit } = NETWORK_PROFILES[platform].preview;
  if (overflowAtLimit) {
    const [visible, overflow] = splitAtLimit(platform, text, limit);
    return { visible, hidden: '', truncated: false, overflow };
  }
  const points = [...text.replace(/\s+$/u, '')];
  let end = points.length;
  if (cut.lines !== null) {
    let lines = 1;
    for (let i = 0; i < points.length; i += 1) {
      if (points[i] === '\n') {
        if (lines === cut.lines) {
          end = i;
          break;
        }
        lines += 1;
      }
    }
  }
  if (cut.chars !== null && end > cut.chars) end = cutAtWord(points, cut.chars);
  if (end >= points.length) return { visible: points.join(''), hidden: '', truncated: false, overflow: '' };
  const visible = points
    .slice(0, end)
    .join('')
    .replace(/[\s,.;:!?-]+$/u, '');
  return { visible, hidden: points.slice(end).join(''), truncated: true, overflow: '' };
}

/** The best-time prior of `platform` as 7 × 24 relative values in [0, 1] (1 = its best cell). */
export function priorGrid(platform: Platform): number[][] {
  const { days, hours } = NETWORK_PROFILES[platform].bestTimePrior;
  const raw = days.map((d) => hours.map((h) => d * h));
  const max = Math.max(...raw.flat());
  return raw.map((row) => row.map((v) => v / max));
}
