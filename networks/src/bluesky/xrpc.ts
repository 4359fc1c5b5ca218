// Bluesky's XRPC wire (AT Protocol, https://docs.bsky.app/docs/api): `GET|POST {service}/xrpc/{NSID}`
// with `Authorization: Bearer <JWT>`; errors answer `{ error, message }` (400 InvalidRequest,
// ExpiredToken, InvalidToken; 401 AuthenticationRequired; 429 RateLimitExceeded with the
// `ratelimit-reset` header in epoch seconds). One classification for the publisher, the session
// client and the follower count.
import {
  classifyHttpStatus,
  type HttpContext,
  type HttpResult,
  parseRateLimitReset,
  sendRequest,
  stringField,
} from '../publishing/http.js';
import { PublishError } from '../publishing/types.js';

/** The entryway most accounts log in through (bsky.social hosts them on its PDSes). */
export const BLUESKY_DEFAULT_SERVICE = 'https://bsky.social';
/** The public web app, for a post's link. */
export const BLUESKY_WEB = 'https://bsky.app';
export const POST_COLLECTION = 'app.bsky.feed.post';

export function xrpcUrl(service: string, nsid: string, query?: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}))
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, item);
  const search = params.size === 0 ? '' : `?${params}`;
  return `${service.replace(/\/+$/u, '')}/xrpc/${nsid}${search}`;
}

/** The XRPC error name of an answer (`ExpiredToken`, `RateLimitExceeded`…), or null. */
export function xrpcError(result: Pick<HttpResult, 'json'>): {
  error: string | null;
  message: string | null;
} {
  return { error: stringField(result.json, 'error'), message: stringField(result.json, 'message') };
}

/** A non-2xx XRPC answer as a PublishError: an expired token refreshes, a rate limit waits. */
export function classifyXrpcFailure(ctx: HttpContext, result: HttpResult): PublishError {
  const { error, message } = xrpcError(result);
  const detail = [error, message].filter((part) => part !== null).join(': ');
  const failure = classifyHttpStatus(ctx, result, detail, error ?? undefined);
  // A 400 that only a new session fixes: renewed with refreshSession, then tried again.
  if (error === 'ExpiredToken' || error === 'InvalidToken')
    return new PublishError('auth', 'ACCOUNT_NEEDS_RECONNECT', failure.message, failure.details);
  const reset = result.status === 429 ? parseRateLimitReset(result.headers.get('ratelimit-reset')) : null;
  return reset === null
    ? failure
    : new PublishError('rate_limited', 'RATE_LIMITED', failure.message, {
        ...failure.details,
        retryAfterMs: reset,
      });
}

/** One XRPC call; a non-2xx answer throws its classified PublishError. */
export async function xrpc(
  ctx: HttpContext,
  input: {
    service: string;
    nsid: string;
    jwt: string | null;
    query?: Record<string, string | string[]>;
    /** JSON body (a procedure), or raw bytes with their type (uploadBlob). */
    json?: unknown;
    /** A procedure without input (refreshSession, deleteSession: a body is refused). */
    procedure?: true;
    bytes?: { data: Uint8Array; mimeType: string };
    signal?: AbortSignal | undefined;
  },
): Promise<HttpResult> {
  const headers: Record<string, string> = {};
  if (input.jwt !== null) headers.Authorization = `Bearer ${input.jwt}`;
  let body: string | Uint8Array | undefined;
  if (input.bytes !== undefined) {
    headers['Content-Type'] = input.bytes.mimeType;
    body = input.bytes.data;
  } else if (input.json !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(input.json);
  }
  const result = await sendRequest(ctx, xrpcUrl(input.service, input.nsid, input.query), {
    method: body === undefined && input.procedure !== true ? 'GET' : 'POST',
    headers,
    ...(body === undefined ? {} : { body }),
    signal: input.signal,
  });
  if (result.status < 200 || result.status >= 300) throw classifyXrpcFailure(ctx, result);
  return result;
}
