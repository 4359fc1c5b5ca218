// A GET of a public web page for the worker (Bluesky's link card reads the first link's title,
// description and image): the same address guard as webhooks (address-guard.ts) — the name
// resolved once, every address checked, the connection pinned to them — with a time and a size
// limit, and at most 3 redirects, each checked again. Never throws: null when anything is wrong.
import http from 'node:http';
import https from 'node:https';
import { pinnedLookup, type Resolver, resolveWebhookHost } from './address-guard.js';

export interface PublicPage {
  url: string;
  contentType: string;
  bytes: Uint8Array;
}

export interface PublicPageOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Admin setting webhooks_allow_private_addresses (tests); default false. */
  allowPrivate?: boolean;
  resolve?: Resolver;
}

const MAX_REDIRECTS = 3;
const USER_AGENT = 'Pauta-LinkPreview/1.0';

async function getOnce(
  url: URL,
  options: PublicPageOptions,
  deadline: number,
): Promise<{ redirect: string } | PublicPage | null> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  let addresses: { address: string; family: number }[];
  try {
    addresses = await resolveWebhookHost(url, {
      allowPrivate: options.allowPrivate ?? false,
      ...(options.resolve ? { resolve: options.resolve } : {}),
    });
  } catch {
    return null;
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (value: { redirect: string } | PublicPage | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      resolve(value);
    };
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'GET',
      headers: { 'user-agent': USER_AGENT, accept: 'text/html,image/*;q=0.9' },
      lookup: pinnedLookup(addresses),
      agent: false,
    });
    const timer = setTimeout(() => finish(null), Math.max(0, deadline - Date.now()));
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        finish({ redirect: new URL(location, url).toString() });
        return;
      }
      if (status < 200 || status >= 300) {
        finish(null);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) finish(null);
        else chunks.push(chunk);
      });
      response.on('end', () =>
        finish({
          url: url.toString(),
          contentType: String(response.headers['content-type'] ?? '')
            .split(';')[0]!
            .trim()
            .toLowerCase(),
          bytes: new Uint8Array(Buffer.concat(chunks)),
        }),
      );
      response.on('error', () => finish(null));
    });
    request.on('error', () => finish(null));
    request.end();
  });
}

/** The page at `raw` (following up to 3 checked redirects), or null. */
export async function fetchPublicPage(raw: string, options: PublicPageOptions): Promise<PublicPage | null> {
  const deadline = Date.now() + options.timeoutMs;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
    const answer = await getOnce(url, options, deadline);
    if (answer === null || !('redirect' in answer)) return answer;
    url = new URL(answer.redirect);
  }
  return null;
}
