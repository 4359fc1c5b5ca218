// Asking the network whether a post whose outcome is unknown (a crash, a timeout, a reset after
// the request left) exists: the account's recent posts, matched by exact normalised text in a
// time window around send_started_at. Read-only: a lookup never creates anything.
//
// `absent` is answered only when the listing provably covered the whole window (it reached a post
// older than the window, or the network said there is nothing more) and nothing could hide the
// post from an exact match; anything less certain is `unknown`, and a person decides.
import { isObject, stringField } from './http.js';
import type { FirstCommentLookup, LookupRequest, LookupResult } from './types.js';

/** One post of the account's listing, newest first. */
export interface ListedPost {
  id: string;
  text: string | null;
  /** null when the network gave no date. */
  createdAt: Date | null;
  url: string | null;
}

export interface ListedPage {
  posts: ListedPost[];
  /** The next page's cursor; null when the network has nothing more. */
  next: string | null;
}

/** Pages read at most per lookup (each bounded by the network's page size). */
export const LOOKUP_MAX_PAGES = 5;
/** Clock skew allowed between Pauta and the network around the window. */
export const LOOKUP_SLACK_MS = 2 * 60_000;

/** Unicode NFC, CRLF → LF, runs of white space → one space, trimmed. */
export function normaliseText(text: string): string {
  return text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\s+/g, ' ').trim();
}

export async function findRecentPost(
  request: LookupRequest,
  options: {
    /** The text as the network stores it (LinkedIn: little-text escaped). */
    expected: string;
    fetchPage(cursor: string | null): Promise<ListedPage>;
    /** Text as the network lists it, made comparable (X: HTML entities decoded). */
    decode?(text: string): string;
    /**
     * False when the network may list the text differently from what was sent (X shortens
     * links to t.co): then no match is not proof of absence.
     */
    absenceProvable?: boolean;
    maxPages?: number;
  },
): Promise<LookupResult> {
  const from = request.since.getTime() - LOOKUP_SLACK_MS;
  const to = request.until.getTime() + LOOKUP_SLACK_MS;
  const expected = normaliseText(options.expected);
  const matches: ListedPost[] = [];
  let covered = false;
  let undated = false;
  let cursor: string | null = null;
  for (let page = 0; page < (options.maxPages ?? LOOKUP_MAX_PAGES); page++) {
    const listed: ListedPage = await options.fetchPage(cursor);
    for (const post of listed.posts) {
      const text = post.text === null ? null : normaliseText(options.decode?.(post.text) ?? post.text);
      if (post.createdAt === null) {
        if (text === expected) undated = true;
        continue;
      }
      const at = post.createdAt.getTime();
      if (at < from) covered = true;
      else if (at <= to && text === expected) matches.push(post);
    }
    if (covered || listed.next === null) {
      covered = true;
      break;
    }
    cursor = listed.next;
  }
  if (matches.length === 1 && !undated) {
    const [post] = matches as [ListedPost];
    return { kind: 'found', platformPostId: post.id, url: post.url };
  }
  if (matches.length > 1 || undated)
    return { kind: 'unknown', reason: `${matches.length} posts com o mesmo texto no período` };
  if (!covered) return { kind: 'unknown', reason: 'a listagem da conta não cobriu o período' };
  if (options.absenceProvable === false)
    return { kind: 'unknown', reason: 'a rede altera o texto listado; a ausência não é prova' };
  return { kind: 'absent' };
}

/**
 * The lookup of a first comment whose outcome is unknown: what `fetchPage` lists (the post's
 * comments, the account's replies), matched by exact text from the comment's send until now; a
 * failed listing is `unknown` (lookupSafely).
 */
export function findFirstComment(
  request: FirstCommentLookup,
  options: Omit<Parameters<typeof findRecentPost>[1], 'expected'>,
): Promise<LookupResult> {
  return lookupSafely(() =>
    findRecentPost(
      { target: request.target, text: request.text, since: request.since, until: new Date() },
      { expected: request.text, ...options },
    ),
  );
}

/** Graph's time stamps: `2026-11-27T12:00:00+0000` (offset without a colon). */
function graphTime(value: string | null): Date | null {
  if (value === null) return null;
  const date = new Date(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** One page of a Graph edge (`data`, `paging.cursors.after`, `paging.next`) as listed posts. */
export function graphPage(
  body: unknown,
  textField: string,
  timeField: string,
  urlField: string,
  fallbackUrl: (id: string) => string | null,
): ListedPage {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const data = Array.isArray(record.data) ? record.data : [];
  const str = (value: unknown, key: string): string | null => {
    const field =
      typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : null;
    return typeof field === 'string' ? field : null;
  };
  const paging = typeof record.paging === 'object' && record.paging !== null ? record.paging : null;
  const cursors = str(paging, 'next') === null ? null : (paging as Record<string, unknown>).cursors;
  return {
    posts: data.flatMap((item) => {
      const id = str(item, 'id');
      if (id === null) return [];
      return [
        {
          id,
          text: str(item, textField),
          createdAt: graphTime(str(item, timeField)),
          url: str(item, urlField) ?? fallbackUrl(id),
        },
      ];
    }),
    // Graph gives `paging.next` only when there is a next page.
    next: cursors === null ? null : str(cursors, 'after'),
  };
}

/**
 * One page of a Graph edge of comments or replies (graphPage, `permalink` as the URL when listed),
 * keeping only the
 * items `keep` accepts — the account's own, or those answering the post: anyone may write the same
 * text. The others are dropped from the page.
 */
export function graphCommentPage(
  body: unknown,
  textField: string,
  timeField: string,
  keep: (item: Record<string, unknown>) => boolean,
): ListedPage {
  const page = graphPage(body, textField, timeField, 'permalink', () => null);
  const data = isObject(body) && Array.isArray(body.data) ? body.data : [];
  const kept = new Set(
    data.filter((item) => isObject(item) && keep(item)).map((item) => stringField(item, 'id')),
  );
  return { ...page, posts: page.posts.filter((post) => kept.has(post.id)) };
}

/** A lookup that failed (no answer, an error status) is never an answer: `unknown`. */
export async function lookupSafely(run: () => Promise<LookupResult>): Promise<LookupResult> {
  try {
    return await run();
  } catch (error) {
    return {
      kind: 'unknown',
      reason: `a consulta à rede falhou: ${(error as Error).message ?? 'erro'}`.slice(0, 300),
    };
  }
}
