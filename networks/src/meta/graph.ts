// What Facebook Pages and Instagram share: the Graph API base URL, appsecret_proof, and the
// mapping of Graph error objects (`{ error: { message, type, code, error_subcode } }`) to kinds.
import { createHmac } from 'node:crypto';
import type { PublisherOptions } from '../descriptor.js';
import {
  classifyHttpStatus,
  DEFAULT_RETRY_AFTER_MS,
  type HttpContext,
  type HttpResult,
  isObject,
  numberField,
  parseRetryAfter,
  publishError,
  stringField,
} from '../publishing/http.js';
import type { NetworkAdapter, PublishError } from '../publishing/types.js';

export const DEFAULT_GRAPH_VERSION = 'v21.0';

/** Graph codes that mean "too many calls" (app, user, page, custom, business use case). */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 341, 613]);
/** Instagram: the 50-posts-per-24-h publishing limit (code 9, subcode 2207042). */
const IG_PUBLISH_LIMIT_SUBCODE = 2207042;
const IG_PUBLISH_LIMIT_WAIT_MS = 60 * 60 * 1000;

/** The Graph API's base URL; `host`: Instagram Login's graph.instagram.com instead of Facebook's. */
export function graphBase(version: string | undefined, host = 'graph.facebook.com'): string {
  return `https://${host}/${version ?? DEFAULT_GRAPH_VERSION}`;
}

/** HMAC-SHA256 of the access token keyed with the app secret, hex (Meta's appsecret_proof). */
export function appSecretProof(accessToken: string, appSecret: string): string {
  return createHmac('sha256', appSecret).update(accessToken).digest('hex');
}

export interface GraphError {
  message: string | null;
  type: string | null;
  code: number | null;
  subcode: number | null;
  fbtraceId: string | null;
  transient: boolean;
}

export function readGraphError(body: unknown): GraphError | null {
  if (!isObject(body) || !isObject(body.error)) return null;
  const error = body.error;
  return {
    message: stringField(error, 'message'),
    type: stringField(error, 'type'),
    code: numberField(error, 'code'),
    subcode: numberField(error, 'error_subcode'),
    fbtraceId: stringField(error, 'fbtrace_id'),
    transient: error.is_transient === true,
  };
}

/** Meta's usage headers say how long until access comes back (minutes), when throttled. */
function usageWaitMs(headers: Headers): number | null {
  let minutes = 0;
  for (const name of ['x-business-use-case-usage', 'x-app-usage', 'x-ad-account-usage']) {
    const raw = headers.get(name);
    if (raw === null) continue;
    try {
      const parsed: unknown = JSON.parse(raw);
      const entries = isObject(parsed) ? Object.values(parsed).flat() : [];
      for (const entry of [parsed, ...entries]) {
        const wait = numberField(entry, 'estimated_time_to_regain_access');
        if (wait !== null && wait > minutes) minutes = wait;
      }
    } catch {
      // An unreadable usage header is ignored.
    }
  }
  return minutes > 0 ? minutes * 60_000 : null;
}

/** Classifies a non-2xx Graph answer (Graph sends most errors, auth included, as HTTP 400). */
export function classifyGraphFailure(ctx: HttpContext, result: HttpResult): PublishError {
  const graph = readGraphError(result.json);
  if (graph === null || graph.code === null) {
    return classifyHttpStatus(ctx, result, result.text.slice(0, 200) || null);
  }
  const { code, subcode } = graph;
  const networkCode = subcode === null ? String(code) : `${code}/${subcode}`;
  const message = `${ctx.platform} answered ${result.status} (Graph error ${networkCode}${graph.type === null ? '' : ` ${graph.type}`}): ${graph.message ?? 'no message'}${graph.fbtraceId === null ? '' : ` [fbtrace_id ${graph.fbtraceId}]`}`;
  const details = { status: result.status, networkCode };
  if (code === 190 || code === 102)
    return publishError(ctx, 'auth', 'ACCOUNT_NEEDS_RECONNECT', message, details);
  if (code === 9 && subcode === IG_PUBLISH_LIMIT_SUBCODE) {
    return publishError(ctx, 'rate_limited', 'RATE_LIMITED', message, {
      ...details,
      retryAfterMs: IG_PUBLISH_LIMIT_WAIT_MS,
    });
  }
  if (RATE_LIMIT_CODES.has(code) || (code >= 80_001 && code <= 80_014) || result.status === 429) {
    const retryAfterMs =
      parseRetryAfter(result.headers.get('retry-after')) ??
      usageWaitMs(result.headers) ??
      DEFAULT_RETRY_AFTER_MS;
    return publishError(ctx, 'rate_limited', 'RATE_LIMITED', message, { ...details, retryAfterMs });
  }
  if (code === 368 || code === 506)
    return publishError(ctx, 'permanent', 'DUPLICATE_CONTENT', message, details);
  // Missing permission (#10, #200-#299): only reconnecting with the permission granted helps.
  if (code === 10 || (code >= 200 && code <= 299)) {
    return publishError(ctx, 'permanent', 'ACCOUNT_NEEDS_RECONNECT', message, details);
  }
  // Unknown / temporary Graph errors: the call may have gone through.
  if (code === 1 || code === 2 || graph.transient) {
    return result.status >= 500
      ? classifyHttpStatus(ctx, result, graph.message, networkCode)
      : publishError(ctx, 'unknown', 'UNKNOWN_OUTCOME', message, details);
  }
  if (result.status >= 400 && result.status < 500) {
    return publishError(ctx, 'permanent', 'REJECTED', message, details);
  }
  return classifyHttpStatus(ctx, result, graph.message, networkCode);
}

/** Query parameters every Graph call carries besides the token (the proof, when configured). */
export function proofParams(accessToken: string, appSecret: string | undefined): Record<string, string> {
  return appSecret === undefined || appSecret === ''
    ? {}
    : { appsecret_proof: appSecretProof(accessToken, appSecret) };
}

export function insightValue(body: unknown, metric: string): number | null {
  if (!isObject(body) || !Array.isArray(body.data)) return null;
  const entry = body.data.find((item) => stringField(item, 'name') === metric);
  if (!isObject(entry) || !Array.isArray(entry.values)) return null;
  const first: unknown = entry.values[0];
  return numberField(first, 'value');
}

export { mapLimited } from '../publishing/http.js';

/** The Graph API version a Facebook or Instagram publisher calls (FACEBOOK_GRAPH_VERSION). */
export function graphSettings(env: Readonly<Record<string, unknown>>): { graphVersion?: string } {
  const version = env.FACEBOOK_GRAPH_VERSION;
  return typeof version === 'string' ? { graphVersion: version } : {};
}

/**
 * A Graph publisher (Facebook, Instagram) from the registry's options: the app secret becomes
 * `facebookAppSecret`, which keys the appsecret_proof every Graph call carries.
 */
export function graphPublisher(
  create: (options: Omit<PublisherOptions, 'appSecret'>) => NetworkAdapter,
): (options: PublisherOptions) => NetworkAdapter {
  return ({ appSecret, ...options }) =>
    create({ ...options, ...(appSecret === undefined ? {} : { facebookAppSecret: appSecret }) });
}
