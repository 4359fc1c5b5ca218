// Personal access tokens of the public REST API (issue 28, item 2; docs/api.md). A token is
// `pauta_pat_<43 base64url characters>` (256 random bits, core's generateApiToken); only its
// SHA-256 is stored, looked up by that hash. It acts in ONE workspace as the person who created it, with their current role
// there; `scopes` narrow what it may do further (read → GET, write → edits, publish → what makes
// a post go out). Used by the REST API (api/rest.ts) and the MCP server.
//
// No copy of a token is kept in memory: every request reads its row (one indexed statement,
// compiled once), so a revocation, an expiry or a removed membership stops it at once in every
// web process. `last_used_at` is written at most once a minute per token.
import { createHash } from 'node:crypto';
import {
  API_TOKEN_PATTERN,
  API_TOKEN_PREFIX,
  type ApiTokenExpiryDays,
  type ApiTokenScope,
  type ApiTokenSummary,
  AppError,
  apiMessages,
  apiTokenStatus,
  DEFAULT_TIME_ZONE,
  isValidTimeZone,
  type WorkspaceRole,
} from '@pauta/core';
import {
  type ApiTokenRow,
  findApiTokenByHash,
  insertApiToken,
  listApiTokens,
  revokeApiToken,
  touchApiToken,
} from '@pauta/db';
import type { AppDeps } from '../deps.js';

const DAY = 24 * 60 * 60 * 1000;
/** `last_used_at` is written at most this often per token. */
export const TOKEN_TOUCH_EVERY_MS = 60_000;
/** Characters of the random part shown in lists (the prefix). */
const PREFIX_CHARS = 8;

/** Who a valid token acts as: the REST API and the MCP server build their context from this. */
export interface ApiPrincipal {
  tokenId: string;
  userId: string;
  email: string;
  timeZone: string;
  workspaceId: string;
  scopes: readonly ApiTokenScope[];
  /** The author's role in the token's workspace, read with the token (never cached). */
  role: WorkspaceRole;
}

function hashToken(token: string): Buffer {
  return createHash('sha256').update(token).digest();
}

function summaryOf(row: ApiTokenRow): ApiTokenSummary {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as ApiTokenScope[],
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
  };
}

/**
 * Registers a token (made by generateApiToken, in the browser or a test): only its hash and its
 * public prefix are stored, and the answer never carries it (docs/api.md).
 */
export async function createApiToken(
  deps: Pick<AppDeps, 'db'>,
  input: {
    workspaceId: string;
    userId: string;
    name: string;
    scopes: readonly ApiTokenScope[];
    expiresInDays: ApiTokenExpiryDays;
    token: string;
  },
  now = new Date(),
): Promise<ApiTokenSummary> {
  const { token } = input;
  if (!API_TOKEN_PATTERN.test(token)) throw new AppError('VALIDATION_FAILED');
  const secret = token.slice(API_TOKEN_PREFIX.length);
  const row = await insertApiToken(deps.db, {
    workspaceId: input.workspaceId,
    userId: input.userId,
    name: input.name,
    prefix: `${API_TOKEN_PREFIX}${secret.slice(0, PREFIX_CHARS)}`,
    hash: hashToken(token),
    scopes: [...input.scopes],
    expiresAt: input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY),
  }).catch((error: unknown) => {
    // The same token twice (unique hash): refused, never a 500.
    if ((error as { code?: string }).code === '23505') throw new AppError('CONFLICT');
    throw error;
  });
  return summaryOf(row);
}

/** The person's tokens in a workspace, newest first. */
export async function listTokens(
  deps: Pick<AppDeps, 'db'>,
  owner: { workspaceId: string; userId: string },
): Promise<ApiTokenSummary[]> {
  return (await listApiTokens(deps.db, owner)).map(summaryOf);
}

/** Revokes one of the person's tokens; it stops working at once, on every process. */
export async function revokeToken(
  deps: Pick<AppDeps, 'db'>,
  owner: { workspaceId: string; userId: string },
  id: string,
  now = new Date(),
): Promise<'revoked' | 'already' | 'missing'> {
  return revokeApiToken(deps.db, owner, id, now);
}

/**
 * The principal of a raw token (the text after `Bearer `), or null when it is malformed, unknown,
 * revoked, expired, or its author is no longer a member of its workspace. Throws only when the
 * database does.
 */
export async function authenticateApiToken(
  deps: Pick<AppDeps, 'db' | 'logger'>,
  rawToken: string,
  now = new Date(),
): Promise<ApiPrincipal | null> {
  if (!API_TOKEN_PATTERN.test(rawToken)) return null;
  const row = await findApiTokenByHash(deps.db, hashToken(rawToken));
  if (!row) return null;
  if (apiTokenStatus({ revokedAt: row.revoked_at, expiresAt: row.expires_at }, now.getTime()) !== 'active')
    return null;
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= TOKEN_TOUCH_EVERY_MS) {
    // Best effort: a failed touch never refuses a valid request.
    await touchApiToken(deps.db, row.id, now, TOKEN_TOUCH_EVERY_MS).catch((error: unknown) =>
      deps.logger.warn({ err: error, tokenId: row.id }, 'falha ao registrar o uso do token'),
    );
  }
  return {
    tokenId: row.id,
    userId: row.user_id,
    email: row.email,
    timeZone: row.timezone && isValidTimeZone(row.timezone) ? row.timezone : DEFAULT_TIME_ZONE,
    workspaceId: row.workspace_id,
    scopes: row.scopes as ApiTokenScope[],
    role: row.role,
  };
}

/** The raw token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1] ?? null;
}

/** A token refused: 401 (no valid token) or 403 (a valid token without the scope). */
export class ApiTokenError extends Error {
  constructor(
    readonly status: 401 | 403,
    readonly code: 'UNAUTHORIZED' | 'FORBIDDEN',
    /** pt-BR, safe to show. */
    readonly detail: string,
  ) {
    super(code);
    this.name = 'ApiTokenError';
  }
}

function hasScope(principal: Pick<ApiPrincipal, 'scopes'>, scope: ApiTokenScope): boolean {
  return principal.scopes.includes(scope);
}

/** Throws a 403 ApiTokenError unless the token holds `scope`. */
export function requireScope(principal: Pick<ApiPrincipal, 'scopes'>, scope: ApiTokenScope): void {
  if (!hasScope(principal, scope)) {
    throw new ApiTokenError(403, 'FORBIDDEN', apiMessages.errors.missingScope(scope));
  }
}
