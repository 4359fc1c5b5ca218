// After signing in from a deep link (a signed-out visitor opened /scheduled-posts?status=failed),
// the person lands on the view they asked for, not on "/". The path is kept for this tab only
// (sessionStorage survives the social sign-in's round trip to the provider) and only when it is a
// same-origin path of a signed-in view.
import { resolveView } from '@pauta/core';

const KEY = 'pauta:return-to';
/** A remembered path older than this is forgotten (the visitor went elsewhere meanwhile). */
const MAX_AGE_MS = 30 * 60_000;

/** `/view?query` when `path` is a same-origin path of a signed-in view; null otherwise. */
export function safeReturnPath(path: string): string | null {
  // Only "/x…": no scheme, no protocol-relative "//host", no "/\host" (browsers read it as "//").
  if (!/^\/[^/\\]/.test(path)) return null;
  let url: URL;
  try {
    url = new URL(path, 'http://pauta.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'http://pauta.invalid') return null;
  if (resolveView(url.pathname.slice(1)) === null) return null;
  return url.pathname + url.search;
}

export function rememberReturnPath(path: string): void {
  const safe = safeReturnPath(path);
  if (!safe) return;
  try {
    window.sessionStorage.setItem(KEY, JSON.stringify({ path: safe, at: Date.now() }));
  } catch {
    // Storage may be unavailable (private mode): the person then lands on the initial view.
  }
}

/** The remembered path, once (reading forgets it); null when none, stale or unsafe. */
export function takeReturnPath(): string | null {
  try {
    const raw = window.sessionStorage.getItem(KEY);
    window.sessionStorage.removeItem(KEY);
    if (!raw) return null;
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || typeof at !== 'number' || Date.now() - at > MAX_AGE_MS) return null;
    return safeReturnPath(path);
  } catch {
    return null;
  }
}
