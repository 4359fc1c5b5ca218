/**
 * Which parts of a post are links, hashtags and mentions (shown highlighted in the previews).
 * Where each network's feed cuts the text is the network's (`@pauta/networks/browser` previewCut).
 */
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
