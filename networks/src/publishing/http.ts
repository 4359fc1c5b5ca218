// The one place a publishing call meets the wire: timeout, caller abort, and the classification
// of every failure into a PublishError kind (retry, wait, refresh, stop, or "check by hand").
import type { Platform, PublishErrorCode } from '@pauta/core';
import { type AdapterOptions, PublishError, type PublishFailureKind, type PublishTarget } from './types.js';

export const DEFAULT_TIMEOUT_MS = 20_000;
export const DEFAULT_RETRY_AFTER_MS = 60_000;
const MAX_RETRY_AFTER_MS = 24 * 60 * 60 * 1000;
const MAX_DETAIL_LENGTH = 300;

/** Connection failures that happen before a single byte of the request left: safe to retry. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'BAD_PORT',
]);

/** The connection died once the request may have been sent: the network may have acted on it. */
const MAYBE_SENT_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

export interface HttpContext {
  platform: Platform;
  fetch: typeof globalThis.fetch;
  timeoutMs: number;
  /** Secrets that must never appear in an error message (the access token of the call). */
  secrets: readonly string[];
}

/** The context of one account's calls: the adapter's fetch and timeout, its token kept out of messages. */
export function publishContext(
  platform: Platform,
  options: AdapterOptions,
  target: PublishTarget,
): HttpContext {
  return {
    platform,
    fetch: options.fetch,
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    secrets: [target.accessToken],
  };
}

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  /** The body parsed as JSON, or null when empty or not JSON. */
  json: unknown;
}

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string | URLSearchParams | FormData | Uint8Array;
  signal?: AbortSignal | undefined;
}

/** Replaces every secret in a message, then caps its length (messages go to publishing_logs). */
export function redactSecrets(message: string, secrets: readonly string[]): string {
  let out = message;
  for (const secret of secrets) {
    if (secret.length >= 4) out = out.split(secret).join('[redacted]');
  }
  // Anything shaped like a bearer credential that slipped through.
  out = out.replace(/(Bearer|OAuth)\s+\S+/gi, '$1 [redacted]');
  return out.length > MAX_DETAIL_LENGTH ? `${out.slice(0, MAX_DETAIL_LENGTH)}…` : out;
}

export function publishError(
  ctx: Pick<HttpContext, 'secrets'>,
  kind: PublishFailureKind,
  code: PublishErrorCode,
  message: string,
  details: PublishError['details'] = {},
): PublishError {
  return new PublishError(kind, code, redactSecrets(message, ctx.secrets), details);
}

/**
 * The id an invisible step's answer must carry (a container, an upload, a session): nothing anyone
 * sees exists yet, so an answer without one is a plain retry.
 */
export function requiredStepId(
  ctx: Pick<HttpContext, 'secrets'>,
  id: string | null,
  message: string,
): string {
  if (id === null || id === '') throw publishError(ctx, 'retryable', 'NETWORK_UNAVAILABLE', message);
  return id;
}

/**
 * The id of the post the visible call made: an answer without one most likely made the post, but
 * we cannot tell which — an unknown outcome (the lookup decides), never a plain retry.
 */
export function createdPostId(
  ctx: Pick<HttpContext, 'secrets'>,
  id: string | null,
  status: number,
  message: string,
): string {
  if (id === null || id === '') throw publishError(ctx, 'unknown', 'UNKNOWN_OUTCOME', message, { status });
  return id;
}

function errorCodes(error: unknown, depth = 0): string[] {
  if (depth > 4 || typeof error !== 'object' || error === null) return [];
  const codes: string[] = [];
  const { code, cause, errors, message } = error as {
    code?: unknown;
    cause?: unknown;
    errors?: unknown;
    message?: unknown;
  };
  if (typeof code === 'string') codes.push(code);
  if (typeof message === 'string' && /other side closed/i.test(message)) codes.push('UND_ERR_SOCKET');
  // fetch refuses "bad ports" (e.g. 1) without opening a connection.
  if (typeof message === 'string' && message === 'bad port') codes.push('BAD_PORT');
  if (Array.isArray(errors)) for (const inner of errors) codes.push(...errorCodes(inner, depth + 1));
  if (cause !== undefined) codes.push(...errorCodes(cause, depth + 1));
  return codes;
}

function errorName(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
}

/**
 * A fetch that threw (no HTTP answer). `timedOut`: our own timeout fired. Before a response:
 * refused / DNS → retryable; reset, timeout, caller abort or anything unrecognised → unknown.
 */
export function classifyTransportError(
  ctx: Pick<HttpContext, 'platform' | 'secrets'>,
  error: unknown,
  state: { timedOut: boolean; timeoutMs?: number; callerAborted?: boolean; afterHeaders?: boolean },
): PublishError {
  const where = state.afterHeaders === true ? 'while reading the answer' : 'before an answer';
  if (state.timedOut || errorName(error) === 'TimeoutError') {
    const after = state.timeoutMs === undefined ? '' : ` after ${state.timeoutMs} ms`;
    return publishError(
      ctx,
      'unknown',
      'UNKNOWN_OUTCOME',
      `${ctx.platform}: timed out${after} ${where}; the request may have been processed`,
      { networkCode: 'TIMEOUT' },
    );
  }
  if (state.callerAborted === true || errorName(error) === 'AbortError') {
    return publishError(
      ctx,
      'unknown',
      'UNKNOWN_OUTCOME',
      `${ctx.platform}: request aborted ${where}; the request may have been processed`,
      { networkCode: 'ABORTED' },
    );
  }
  const codes = errorCodes(error);
  const first = codes[0] ?? errorName(error) ?? 'unknown';
  if (state.afterHeaders !== true && codes.length > 0 && codes.some((c) => NOT_SENT_CODES.has(c))) {
    const code = codes.find((c) => NOT_SENT_CODES.has(c))!;
    return publishError(
      ctx,
      'retryable',
      'NETWORK_UNAVAILABLE',
      `${ctx.platform}: could not connect (${code}); nothing was sent`,
      { networkCode: code },
    );
  }
  const reset = codes.find((c) => MAYBE_SENT_CODES.has(c));
  const message = error instanceof Error ? error.message : String(error);
  return publishError(
    ctx,
    'unknown',
    'UNKNOWN_OUTCOME',
    reset === undefined
      ? `${ctx.platform}: request failed ${where} (${first}: ${message}); the request may have been processed`
      : `${ctx.platform}: connection lost ${where} (${reset}); the request may have been processed`,
    { networkCode: reset ?? first },
  );
}

/** `Retry-After` as milliseconds: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  let ms: number;
  if (/^\d+(\.\d+)?$/.test(trimmed)) ms = Number(trimmed) * 1000;
  else {
    const date = Date.parse(trimmed);
    if (Number.isNaN(date)) return null;
    ms = date - now;
  }
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Math.ceil(ms)));
}

/** X's `x-rate-limit-reset` (epoch seconds) as a wait in milliseconds. */
export function parseRateLimitReset(value: string | null, now: number = Date.now()): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Math.min(MAX_RETRY_AFTER_MS, Math.max(0, Number(value.trim()) * 1000 - now));
}

/**
 * The common mapping of a non-2xx answer: 429 → rate_limited, 401 → auth, 502/503/504 →
 * retryable, other 5xx → unknown, other 4xx → permanent REJECTED. `detail` is the network's own
 * message (kept in the log message, redacted).
 */
export function classifyHttpStatus(
  ctx: Pick<HttpContext, 'platform' | 'secrets'>,
  result: Pick<HttpResult, 'status' | 'headers'>,
  detail: string | null,
  networkCode?: string,
): PublishError {
  const { status } = result;
  const said = detail === null || detail === '' ? '' : `: ${detail}`;
  const message = `${ctx.platform} answered ${status}${said}`;
  const base = { status, ...(networkCode === undefined ? {} : { networkCode }) };
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(result.headers.get('retry-after')) ?? DEFAULT_RETRY_AFTER_MS;
    return publishError(ctx, 'rate_limited', 'RATE_LIMITED', message, { ...base, retryAfterMs });
  }
  if (status === 401) return publishError(ctx, 'auth', 'ACCOUNT_NEEDS_RECONNECT', message, base);
  if (status === 502 || status === 503 || status === 504) {
    return publishError(ctx, 'retryable', 'NETWORK_UNAVAILABLE', message, base);
  }
  if (status >= 400 && status < 500) return publishError(ctx, 'permanent', 'REJECTED', message, base);
  return publishError(ctx, 'unknown', 'UNKNOWN_OUTCOME', message, base);
}

function parseJson(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * Sends one request with our timeout (and the caller's signal). Never throws for an HTTP status;
 * throws a classified PublishError when no complete answer arrived.
 */
export async function sendRequest(ctx: HttpContext, url: string, request: HttpRequest): Promise<HttpResult> {
  if (request.signal?.aborted === true) {
    throw publishError(ctx, 'retryable', 'NETWORK_UNAVAILABLE', `${ctx.platform}: aborted before sending`, {
      networkCode: 'ABORTED',
    });
  }
  const callerAborted = (): boolean => request.signal?.aborted ?? false;
  const timeout = AbortSignal.timeout(ctx.timeoutMs);
  const signal = request.signal === undefined ? timeout : AbortSignal.any([timeout, request.signal]);
  let response: Response;
  try {
    response = await ctx.fetch(url, {
      method: request.method,
      headers: { Accept: 'application/json', ...request.headers },
      ...(request.body === undefined ? {} : { body: request.body }),
      signal,
    });
  } catch (error) {
    throw classifyTransportError(ctx, error, {
      timedOut: timeout.aborted,
      timeoutMs: ctx.timeoutMs,
      callerAborted: callerAborted(),
    });
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw classifyTransportError(ctx, error, {
      timedOut: timeout.aborted,
      timeoutMs: ctx.timeoutMs,
      callerAborted: callerAborted(),
      afterHeaders: true,
    });
  }
  return { status: response.status, headers: response.headers, text, json: parseJson(text) };
}

/** An absolute http(s) URL (what a network fetches a media from). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringField(value: unknown, name: string): string | null {
  if (!isObject(value)) return null;
  const field = value[name];
  return typeof field === 'string' ? field : typeof field === 'number' ? String(field) : null;
}

export function numberField(value: unknown, name: string): number | null {
  if (!isObject(value)) return null;
  const field = value[name];
  return typeof field === 'number' && Number.isFinite(field) ? field : null;
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts (a container's polling). */
export function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted === true) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Each post's metrics, read `limit` at a time; a post the network refused to describe (a permanent
 * REJECTED: deleted, not the account's) maps to null ("indisponível"), other failures throw.
 */
export async function metricsByPost<T>(
  ids: readonly string[],
  limit: number,
  read: (id: string) => Promise<T>,
): Promise<Map<string, T | null>> {
  const unique = [...new Set(ids)];
  const values = await mapLimited(unique, limit, async (id) => {
    try {
      return await read(id);
    } catch (error) {
      if (error instanceof PublishError && error.kind === 'permanent' && error.code === 'REJECTED')
        return null;
      throw error;
    }
  });
  return new Map(unique.map((id, index) => [id, values[index] ?? null]));
}

/** Runs `work` over `items` with at most `limit` in flight. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await work(items[index]!);
    }
  });
  await Promise.all(runners);
  return results;
}
