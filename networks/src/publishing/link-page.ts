// The link-page reader under SOCIAL_SANDBOX_URL: the sandbox fetch (every https call rewritten to
// the sandbox, which serves the test pages) with the same size and time limits as the worker's
// guarded reader (db fetchPublicPage). Outside the sandbox the worker passes that one instead.
import type { LinkPage, LinkPageFetcher } from './types.js';

export const LINK_PAGE_TIMEOUT_MS = 5_000;

export function sandboxLinkPageFetcher(fetch: typeof globalThis.fetch): LinkPageFetcher {
  return async (url, { maxBytes }): Promise<LinkPage | null> => {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(LINK_PAGE_TIMEOUT_MS) });
      if (!response.ok) return null;
      const bytes = new Uint8Array(await response.arrayBuffer());
      if (bytes.byteLength > maxBytes) return null;
      const contentType = (response.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      return { url, contentType, bytes };
    } catch {
      return null;
    }
  };
}
