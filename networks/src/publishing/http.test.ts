import { describe, expect, it } from 'vitest';
import {
  classifyHttpStatus,
  classifyTransportError,
  DEFAULT_RETRY_AFTER_MS,
  parseRateLimitReset,
  parseRetryAfter,
  redactSecrets,
} from './http.js';

const ctx = { platform: 'x' as const, secrets: ['sbx_x_at_SECRETTOKEN'] };

function fetchFailed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

function codeError(code: string, message = code): Error {
  return Object.assign(new Error(message), { code });
}

describe('classifyTransportError', () => {
  it.each(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'UND_ERR_CONNECT_TIMEOUT'])(
    '%s before an answer → retryable NETWORK_UNAVAILABLE',
    (code) => {
      const error = classifyTransportError(ctx, fetchFailed(codeError(code)), { timedOut: false });
      expect(error.kind).toBe('retryable');
      expect(error.code).toBe('NETWORK_UNAVAILABLE');
      expect(error.details.networkCode).toBe(code);
    },
  );

  it('fetch refusing a "bad port" (e.g. 127.0.0.1:1) sent nothing: retryable', () => {
    const error = classifyTransportError(ctx, fetchFailed(new Error('bad port')), { timedOut: false });
    expect(error).toMatchObject({ kind: 'retryable', details: { networkCode: 'BAD_PORT' } });
  });

  it('reads refused connections inside an AggregateError (happy eyeballs)', () => {
    const cause = Object.assign(new AggregateError([codeError('ECONNREFUSED'), codeError('ECONNREFUSED')]), {
      code: 'ECONNREFUSED',
    });
    expect(classifyTransportError(ctx, fetchFailed(cause), { timedOut: false }).kind).toBe('retryable');
  });

  it.each([
    ['ECONNRESET', codeError('ECONNRESET', 'read ECONNRESET')],
    ['UND_ERR_SOCKET', codeError('UND_ERR_SOCKET', 'other side closed')],
    ['UND_ERR_SOCKET', new Error('other side closed')],
  ])('a reset (%s) → unknown UNKNOWN_OUTCOME', (networkCode, cause) => {
    const error = classifyTransportError(ctx, fetchFailed(cause), { timedOut: false });
    expect(error.kind).toBe('unknown');
    expect(error.code).toBe('UNKNOWN_OUTCOME');
    expect(error.details.networkCode).toBe(networkCode);
  });

  it('our timeout → unknown, even when the cause looks like a refusal', () => {
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(classifyTransportError(ctx, timeout, { timedOut: false }).kind).toBe('unknown');
    const error = classifyTransportError(ctx, fetchFailed(codeError('ECONNREFUSED')), {
      timedOut: true,
      timeoutMs: 20_000,
    });
    expect(error).toMatchObject({
      kind: 'unknown',
      code: 'UNKNOWN_OUTCOME',
      details: { networkCode: 'TIMEOUT' },
    });
    expect(error.message).toContain('20000 ms');
  });

  it('a caller abort → unknown', () => {
    const abort = new DOMException('This operation was aborted', 'AbortError');
    expect(classifyTransportError(ctx, abort, { timedOut: false, callerAborted: true }).kind).toBe('unknown');
  });

  it('a refusal while reading the body cannot happen before sending: unknown', () => {
    const error = classifyTransportError(ctx, fetchFailed(codeError('ECONNREFUSED')), {
      timedOut: false,
      afterHeaders: true,
    });
    expect(error.kind).toBe('unknown');
  });

  it('anything unrecognised → unknown (never a blind retry)', () => {
    expect(classifyTransportError(ctx, new Error('boom'), { timedOut: false }).kind).toBe('unknown');
    expect(classifyTransportError(ctx, 'weird', { timedOut: false }).kind).toBe('unknown');
  });
});

describe('classifyHttpStatus', () => {
  const answer = (status: number, headers: Record<string, string> = {}) => ({
    status,
    headers: new Headers(headers),
  });

  it.each([
    [429, 'rate_limited', 'RATE_LIMITED'],
    [401, 'auth', 'ACCOUNT_NEEDS_RECONNECT'],
    [502, 'retryable', 'NETWORK_UNAVAILABLE'],
    [503, 'retryable', 'NETWORK_UNAVAILABLE'],
    [504, 'retryable', 'NETWORK_UNAVAILABLE'],
    [500, 'unknown', 'UNKNOWN_OUTCOME'],
    [501, 'unknown', 'UNKNOWN_OUTCOME'],
    [520, 'unknown', 'UNKNOWN_OUTCOME'],
    [400, 'permanent', 'REJECTED'],
    [403, 'permanent', 'REJECTED'],
    [404, 'permanent', 'REJECTED'],
    [422, 'permanent', 'REJECTED'],
    [302, 'unknown', 'UNKNOWN_OUTCOME'],
  ])('%i → %s %s', (status, kind, code) => {
    const error = classifyHttpStatus(ctx, answer(status), 'network says no');
    expect(error).toMatchObject({ kind, code, details: { status } });
    expect(error.message).toContain('network says no');
  });

  it('429 waits Retry-After (seconds or HTTP date), else 60 s', () => {
    expect(classifyHttpStatus(ctx, answer(429, { 'retry-after': '7' }), null).details.retryAfterMs).toBe(
      7000,
    );
    const date = new Date(Date.now() + 30_000).toUTCString();
    const fromDate = classifyHttpStatus(ctx, answer(429, { 'retry-after': date }), null).details.retryAfterMs;
    expect(fromDate).toBeGreaterThan(25_000);
    expect(fromDate).toBeLessThanOrEqual(30_000);
    expect(classifyHttpStatus(ctx, answer(429), null).details.retryAfterMs).toBe(DEFAULT_RETRY_AFTER_MS);
  });

  it('never puts a token in the message', () => {
    const error = classifyHttpStatus(
      ctx,
      answer(400),
      'bad token sbx_x_at_SECRETTOKEN; header Bearer abc.def',
    );
    expect(error.message).not.toContain('SECRETTOKEN');
    expect(error.message).not.toContain('abc.def');
  });
});

describe('parseRetryAfter / parseRateLimitReset', () => {
  it('reads delta seconds and HTTP dates, rejects garbage', () => {
    const now = Date.parse('2026-01-10T12:00:00Z');
    expect(parseRetryAfter('120', now)).toBe(120_000);
    expect(parseRetryAfter('1.5', now)).toBe(1500);
    expect(parseRetryAfter('Sat, 10 Jan 2026 12:00:45 GMT', now)).toBe(45_000);
    expect(parseRetryAfter('Sat, 10 Jan 2026 11:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeNull();
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
  });

  it('reads x-rate-limit-reset epoch seconds', () => {
    const now = 1_767_225_600_000;
    expect(parseRateLimitReset(String(now / 1000 + 90), now)).toBe(90_000);
    expect(parseRateLimitReset('abc', now)).toBeNull();
  });
});

describe('redactSecrets', () => {
  it('removes the given secrets and bearer credentials, and caps the length', () => {
    expect(redactSecrets('token sbx_x_at_SECRETTOKEN leaked', ['sbx_x_at_SECRETTOKEN'])).toBe(
      'token [redacted] leaked',
    );
    expect(redactSecrets('x'.repeat(1000), []).length).toBeLessThanOrEqual(301);
  });
});
