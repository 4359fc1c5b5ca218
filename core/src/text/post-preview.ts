/**
 * How each network shows a post in its feed before "ver mais": where the text is cut, and which
 * parts are links, hashtags and mentions (shown highlighted). Pure, so the edit dialog, the
 * suggested posts and the tests share one rule.
 *
 * The cut points are what the networks' web feeds show today (approximate: they also depend on
 * the width of the screen): LinkedIn about 210 characters or 3 lines, then "…ver mais"; Facebook
 * about 480 characters (or 5 lines), then "Ver mais"; Instagram about 125 characters (or 2
 * lines) of the caption, then "mais"; X shows the whole post (up to its 280 weighted characters).
 */
import { PLATFORM_TEXT_LIMITS, type Platform } from '../constants/platforms.js';
import { measureXLength } from './post-length.js';

export interface FeedCut {
  /** Code points shown before the "ver mais"; null = never cut. */
  chars: number | null;
  /** Lines shown before the "ver mais"; null = never cut by lines. */
  lines: number | null;
  /** The label of the network's expander, in pt-BR as the network writes it. */
  more: string;
}

export const FEED_CUTS: Record<Platform, FeedCut> = {
  x: { chars: null, lines: null, more: 'Mostrar mais' },
  linkedin: { chars: 210, lines: 3, more: '…ver mais' },
  facebook: { chars: 480, lines: 5, more: 'Ver mais' },
  instagram: { chars: 125, lines: 2, more: 'mais' },
};

export interface PreviewText {
  /** What the feed shows before the expander (line breaks kept). */
  visible: string;
  /** The rest, shown after "ver mais" is clicked. */
  hidden: string;
  /** Whether the network shows an expander ("ver mais"). */
  truncated: boolean;
  /** X only: the part beyond the 280 weighted characters, which X would refuse. */
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

/** The prefix of `text` within X's 280 weighted characters, and the rest. */
function splitAtXLimit(text: string): [string, string] {
  if (measureXLength(text) <= PLATFORM_TEXT_LIMITS.x) return [text, ''];
  const points = [...text];
  let low = 0;
  let high = points.length;
  // The longest prefix that fits (weights are positive, so fitting is monotone in the length).
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measureXLength(points.slice(0, mid).join('')) <= PLATFORM_TEXT_LIMITS.x) low = mid;
    else high = mid - 1;
  }
  return [points.slice(0, low).join(''), points.slice(low).join('')];
}

/** Where `platform`'s feed cuts `text`. */
export function previewCut(platform: Platform, text: string): PreviewText {
  if (platform === 'x') {
    const [visible, overflow] = splitAtXLimit(text);
    return { visible, hidden: '', truncated: false, overflow };
  }
  const cut = FEED_CUTS[platform];
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

export type PostTextPart =
  | { kind: 'text'; text: string }
  | { kind: 'link'; text: string; href: string }
  | { kind: 'hashtag'; text: string }
  | { kind: 'mention'; text: string };

const TOKENS = /(https?:\/\/[^\s<>"]+|www\.[^\s<>"]+)|(#[\p{L}\p{N}_]+)|(@[A-Za-z0-9_.]+)/gu;

/** The text as plain runs, links (http(s) or www.), #hashtags and @mentions, in order. */
export function splitPostText(text: string): PostTextPart[] {
  const parts: PostTextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKENS)) {
    const start = match.index;
    // A hashtag or mention starts a word: "a#b" and "e-mail@x" stay text.
    if ((match[2] || match[3]) && start > 0 && /[\p{L}\p{N}_]/u.test(text[start - 1]!)) continue;
    let token = match[0];
    // A link does not take the sentence's closing punctuation.
    if (match[1]) token = token.replace(/[.,;:!?)\]]+$/u, '');
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    if (match[1])
      parts.push({ kind: 'link', text: token, href: token.startsWith('www.') ? `https://${token}` : token });
    else parts.push({ kind: match[2] ? 'hashtag' : 'mention', text: token });
    last = start + token.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}
