// Personal access tokens of the REST API (issue 28, item 2; docs/api.md): the scopes a token may
// hold, how long it may live, and the shape of its text. Shared by the server and the Integrações view.

/** What a token may do: read (GET), write (create, edit, delete, draft, move), publish (schedule, approve). */
export const API_TOKEN_SCOPES = ['read', 'write', 'publish'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** Expiry choices offered at creation, in days; null: never expires. */
export const API_TOKEN_EXPIRY_DAYS = [30, 90, 365, null] as const;
export type ApiTokenExpiryDays = (typeof API_TOKEN_EXPIRY_DAYS)[number];

/** A token as lists show it (server and Integrações alike): never the secret, never its hash. */
export interface ApiTokenSummary {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiTokenScope[];
  createdAt: Date;
  lastUsedAt: Date | null;
  expiresAt: Date | null;
  revokedAt: Date | null;
}

/** Whether a token still opens the API (`now` in ms): revoked for good, past its expiry, or active. */
export function apiTokenStatus(
  token: Pick<ApiTokenSummary, 'revokedAt' | 'expiresAt'>,
  now: number,
): 'active' | 'revoked' | 'expired' {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && new Date(token.expiresAt).getTime() <= now) return 'expired';
  return 'active';
}

/** Every token starts with this: a leaked one is easy to recognise (and to scan for). */
export const API_TOKEN_PREFIX = 'pauta_pat_';

/** Longest token name. */
export const API_TOKEN_NAME_MAX = 80;

/** Requests one token may make per window before a 429 (docs/api.md "Limite de requisições"). */
export const API_RATE_LIMIT = { limit: 120, windowMs: 60_000 } as const;

/** A whole token: the prefix and 43 base64url characters (256 random bits). */
export const API_TOKEN_PATTERN = /^pauta_pat_[A-Za-z0-9_-]{43}$/;

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/**
 * A new token, from the platform's cryptographic random source (browser and Node alike). The
 * browser makes the token it asks the server to register (docs/api.md "Why the browser makes the
 * secret"): the secret is then never in an answer, so never in the idempotency record.
 */
export function generateApiToken(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  let bits = 0;
  let value = 0;
  let text = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 6) {
      bits -= 6;
      text += BASE64URL[(value >> bits) & 63];
    }
  }
  if (bits > 0) text += BASE64URL[(value << (6 - bits)) & 63];
  return `${API_TOKEN_PREFIX}${text}`;
}
