/**
 * Saved snippets (issue 30 item 5; docs/snippets.md): a workspace's hashtag groups and signatures,
 * inserted into a post's text from the edit dialog. The rules live here so the browser checks
 * exactly what the server checks: the same normalisation, the same limits, the same pt-BR reasons.
 */

export const SNIPPET_KINDS = ['hashtags', 'signature'] as const;
export type SnippetKind = (typeof SNIPPET_KINDS)[number];

/** A snippet's name ("Confeitaria", "Assinatura padrão"): shown in the insert menu. */
export const SNIPPET_NAME_MAX = 60;
/**
 * A snippet's text: 500 characters, more than any useful signature or a 30-tag group of long tags,
 * and short enough to leave room in the shortest network's post.
 */
export const SNIPPET_TEXT_MAX = 500;
/** Hashtags in one group: Instagram refuses a post with more than 30. */
export const SNIPPET_HASHTAGS_MAX = 30;
/** Snippets per workspace: the insert menu stays a menu. */
export const SNIPPETS_MAX_PER_WORKSPACE = 50;

/** Why a snippet was refused (server SNIPPET_REFUSED details, and the form's own check). */
export type SnippetRefusal =
  | 'NAME_REQUIRED'
  | 'NAME_TOO_LONG'
  | 'TEXT_REQUIRED'
  | 'TEXT_TOO_LONG'
  | 'TAG_INVALID'
  | 'TAG_ONLY_DIGITS'
  | 'TOO_MANY_TAGS'
  | 'NAME_TAKEN'
  | 'LIMIT_REACHED'
  | 'REORDER_STALE';

export interface SnippetIssue {
  reason: SnippetRefusal;
  /** The field at fault. */
  field?: 'name' | 'text';
  /** The hashtag at fault (TAG_INVALID, TAG_ONLY_DIGITS), as typed. */
  tag?: string;
  /** The character a tag may not contain (TAG_INVALID). */
  char?: string;
}

/** A hashtag's body: letters (accents too), digits and underscore, as the networks link them. */
const TAG_BODY = /^[\p{L}\p{M}\p{N}_]+$/u;
const TAG_CHAR = /[\p{L}\p{M}\p{N}_]/u;

export type HashtagResult = { ok: true; text: string; tags: string[] } | { ok: false; issue: SnippetIssue };

/**
 * A hashtag group as it is saved: each word (separated by spaces, line breaks or commas) with one
 * leading #, duplicates dropped (case-insensitively: #Bolo and #bolo are one tag on the networks),
 * the order kept, joined by single spaces. A lone "#" is dropped. Refused, naming the tag: a
 * character other than letters, digits and _ inside a tag, a tag of digits only, more than
 * SNIPPET_HASHTAGS_MAX tags.
 */
export function normalizeHashtags(raw: string): HashtagResult {
  const tags: string[] = [];
  const seen = new Set<string>();
  for (const word of raw.split(/[\s,]+/u)) {
    const body = word.replace(/^#+/u, '');
    if (body === '') continue;
    if (!TAG_BODY.test(body)) {
      const char = [...body].find((c) => !TAG_CHAR.test(c)) ?? body;
      return { ok: false, issue: { reason: 'TAG_INVALID', field: 'text', tag: word, char } };
    }
    if (/^\p{N}+$/u.test(body))
      return { ok: false, issue: { reason: 'TAG_ONLY_DIGITS', field: 'text', tag: word } };
    const key = body.toLocaleLowerCase('pt-BR');
    if (seen.has(key)) continue;
    seen.add(key);
    tags.push(`#${body}`);
  }
  if (tags.length > SNIPPET_HASHTAGS_MAX)
    return { ok: false, issue: { reason: 'TOO_MANY_TAGS', field: 'text' } };
  return { ok: true, text: tags.join(' '), tags };
}

export type SnippetInputResult =
  | { ok: true; value: { kind: SnippetKind; name: string; text: string } }
  | { ok: false; issue: SnippetIssue };

/**
 * A snippet's fields as they are saved, or the first thing wrong with them: the name trimmed, a
 * signature's text trimmed with its line breaks kept (\r\n → \n), a hashtag group normalised.
 */
export function normalizeSnippet(input: {
  kind: SnippetKind;
  name: string;
  text: string;
}): SnippetInputResult {
  const name = input.name.trim().replace(/\s+/gu, ' ');
  if (name === '') return { ok: false, issue: { reason: 'NAME_REQUIRED', field: 'name' } };
  if (name.length > SNIPPET_NAME_MAX) return { ok: false, issue: { reason: 'NAME_TOO_LONG', field: 'name' } };
  let text = input.text.replace(/\r\n?/gu, '\n').trim();
  if (input.kind === 'hashtags') {
    const tags = normalizeHashtags(text);
    if (!tags.ok) return tags;
    text = tags.text;
  }
  if (text === '') return { ok: false, issue: { reason: 'TEXT_REQUIRED', field: 'text' } };
  if (text.length > SNIPPET_TEXT_MAX) return { ok: false, issue: { reason: 'TEXT_TOO_LONG', field: 'text' } };
  return { ok: true, value: { kind: input.kind, name, text } };
}

export interface TextEdit {
  text: string;
  /** Where the cursor goes after the insertion. */
  cursor: number;
}

/**
 * Inserts `snippet` into `text` in place of the selection [start, end), with a space (or nothing)
 * on each side so it never glues onto a word.
 */
export function insertAtCursor(text: string, start: number, end: number, snippet: string): TextEdit {
  const from = Math.max(0, Math.min(start, text.length));
  const to = Math.max(from, Math.min(end, text.length));
  const before = text.slice(0, from);
  const after = text.slice(to);
  const lead = before === '' || /\s$/u.test(before) ? '' : ' ';
  const trail = after === '' || /^\s/u.test(after) ? '' : ' ';
  const inserted = `${lead}${snippet}${trail}`;
  return { text: before + inserted + after, cursor: before.length + lead.length + snippet.length };
}

/**
 * Appends a signature after a blank line at the end of the text (whatever the cursor); a text that
 * already ends with it is left as it is.
 */
export function appendSignature(text: string, signature: string): TextEdit {
  const body = text.trimEnd();
  if (body.endsWith(signature)) return { text, cursor: text.length };
  const next = body === '' ? signature : `${body}\n\n${signature}`;
  return { text: next, cursor: next.length };
}
