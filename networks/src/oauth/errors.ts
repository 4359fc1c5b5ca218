// One error type for every OAuth provider failure, so callers branch on `kind` instead of on
// Arctic's four error classes and each network's error body shapes.
import {
  ArcticFetchError,
  OAuth2RequestError,
  UnexpectedErrorResponseBodyError,
  UnexpectedResponseError,
} from 'arctic';

/**
 * - `invalid_grant`: the code, refresh token or access token was rejected (reconnect needed,
 *   or refresh once when it was an access token).
 * - `invalid_client`: our client id/secret is wrong (configuration problem).
 * - `access_denied`: the user refused consent, or a scope is missing.
 * - `network`: transient — connection failure, timeout, 429 or 5xx; retrying may help.
 * - `unexpected`: anything else.
 */
export type OAuthErrorKind = 'invalid_grant' | 'invalid_client' | 'access_denied' | 'network' | 'unexpected';

export class OAuthProviderError extends Error {
  override readonly name = 'OAuthProviderError';

  constructor(
    readonly kind: OAuthErrorKind,
    readonly provider: string,
    message: string,
    readonly details: {
      /** HTTP status from the provider, when there was an answer. */
      status?: number | null;
      /** The provider's own error code (`invalid_grant`, Graph `190`, …). */
      providerCode?: string | null;
      cause?: unknown;
    } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
  }

  get status(): number | null {
    return this.details.status ?? null;
  }

  get providerCode(): string | null {
    return this.details.providerCode ?? null;
  }

  /** Transient failures worth retrying later (W9: only invalid_grant means reauth). */
  get retryable(): boolean {
    return this.kind === 'network';
  }
}

const INVALID_CLIENT_CODES = new Set(['invalid_client', 'unauthorized_client']);
const ACCESS_DENIED_CODES = new Set(['access_denied', 'user_cancelled_login', 'user_cancelled_authorize']);

/** X and LinkedIn report bad codes and tokens as `invalid_request` with these descriptions. */
const INVALID_GRANT_DESCRIPTIONS =
  /authorization code was invalid|token was invalid|does not match authorization code|authorization code expired|refresh token is invalid/i;

export function kindFromOAuthCode(code: string, description: string | null): OAuthErrorKind {
  if (code === 'invalid_grant') return 'invalid_grant';
  if (INVALID_CLIENT_CODES.has(code)) return 'invalid_client';
  if (ACCESS_DENIED_CODES.has(code)) return 'access_denied';
  if (code === 'invalid_request' && description !== null && INVALID_GRANT_DESCRIPTIONS.test(description)) {
    return 'invalid_grant';
  }
  if (code === 'temporarily_unavailable' || code === 'server_error') return 'network';
  return 'unexpected';
}

export function kindFromStatus(status: number): OAuthErrorKind {
  if (status === 429 || status >= 500) return 'network';
  if (status === 401) return 'invalid_grant';
  if (status === 403) return 'access_denied';
  return 'unexpected';
}

interface GraphErrorBody {
  error: { message?: unknown; type?: unknown; code?: unknown; error_subcode?: unknown };
}

function isGraphError(data: unknown): data is GraphErrorBody {
  return (
    typeof data === 'object' &&
    data !== null &&
    'error' in data &&
    typeof (data as { error: unknown }).error === 'object' &&
    (data as { error: unknown }).error !== null
  );
}

/**
 * Facebook's Graph errors `{ error: { message, type, code } }` (which Arctic reports as
 * UnexpectedErrorResponseBodyError): 101 and 1 ("Error validating client secret") are our
 * credentials, 100 with a code subcode and 190 are a bad code or token, 4/17/32/613 are rate limits.
 */
export function kindFromGraphError(data: unknown, status: number): OAuthErrorKind {
  if (!isGraphError(data)) return kindFromStatus(status);
  const code = Number(data.error.code);
  const message = typeof data.error.message === 'string' ? data.error.message : '';
  if (code === 101 || (code === 1 && /client secret/i.test(message))) return 'invalid_client';
  if (code === 190 || (code === 100 && /code|verifier/i.test(message))) return 'invalid_grant';
  if ([4, 17, 32, 613].includes(code) || code === 2) return 'network';
  if (code === 10 || (code >= 200 && code < 300)) return 'access_denied';
  return kindFromStatus(status);
}

/** Maps whatever Arctic (or our own calls) threw to an OAuthProviderError. */
export function toOAuthProviderError(provider: string, error: unknown): OAuthProviderError {
  if (error instanceof OAuthProviderError) return error;
  if (error instanceof OAuth2RequestError) {
    return new OAuthProviderError(
      kindFromOAuthCode(error.code, error.description),
      provider,
      `${provider} rejected the request: ${error.code}`,
      { providerCode: error.code, cause: error },
    );
  }
  if (error instanceof UnexpectedErrorResponseBodyError) {
    const graphCode = isGraphError(error.data) ? String(error.data.error.code ?? '') : null;
    return new OAuthProviderError(
      kindFromGraphError(error.data, error.status),
      provider,
      `${provider} answered ${error.status} with an unexpected error body`,
      { status: error.status, providerCode: graphCode, cause: error },
    );
  }
  if (error instanceof UnexpectedResponseError) {
    return new OAuthProviderError(
      kindFromStatus(error.status),
      provider,
      `${provider} answered ${error.status}`,
      {
        status: error.status,
        cause: error,
      },
    );
  }
  if (error instanceof ArcticFetchError || isFetchFailure(error)) {
    return new OAuthProviderError('network', provider, `Could not reach ${provider}`, { cause: error });
  }
  return new OAuthProviderError('unexpected', provider, `Unexpected failure talking to ${provider}`, {
    cause: error,
  });
}

function isFetchFailure(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'TimeoutError' ||
      error.name === 'AbortError' ||
      (error instanceof TypeError && error.message === 'fetch failed'))
  );
}
