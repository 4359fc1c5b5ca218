// Builds each request's tRPC context: who is signed in (from the session cookie only — never a
// query or body field), the request id and the client IP. Never throws on a bad cookie; with
// PostgreSQL away it refuses the request (503) rather than treat the user as signed out.
import { AppError, WORKSPACE_HEADER } from '@pauta/core';
import { isDatabaseUnavailable } from '@pauta/db';
import type { Request, Response } from 'express';
import { cookieNames, readCookie, setSessionCookie } from '../auth/cookies.js';
import { validateSessionToken } from '../auth/session.js';
import type { AppDeps } from '../deps.js';
import { IDEMPOTENCY_HEADER } from './idempotency.js';
import type { Context } from './trpc.js';

export function contextFactory(deps: AppDeps) {
  const names = cookieNames(deps.env.appUrl);
  return async ({
    req,
    res,
    connectionParams,
  }: {
    req: Request;
    res: Response;
    connectionParams?: Record<string, string | undefined> | null;
  }): Promise<Context> => {
    const base = {
      deps,
      requestId: req.id,
      ip: req.ip ?? 'unknown',
      cookies: names,
      idempotencyKey: req.get(IDEMPOTENCY_HEADER) ?? null,
      // Which workspace ("cliente") the call works in; absent: the person's default (docs/workspaces.md).
      // The live stream is an EventSource, which sends no headers: it names the workspace in tRPC's
      // `connectionParams` (a query parameter), read the same way and checked by the same procedure.
      requestedWorkspaceId: req.get(WORKSPACE_HEADER) ?? workspaceOf(connectionParams) ?? null,
      req,
      res,
    };
    const token = readCookie(req, names.session);
    if (!token) return { ...base, user: null };
    try {
      // Only a read (GET: queries, the live stream) may be answered from memory. A state-changing
      // request (POST: every mutation) always reads the session row, so a sign-out, a revoked
      // session or a deleted user on another process stops every write at once, without waiting
      // for its notice (docs/security.md A8, docs/performance.md C8).
      const readOnly = req.method === 'GET' || req.method === 'HEAD';
      const session = await validateSessionToken(
        deps.db,
        token,
        new Date(),
        readOnly ? deps.cache : undefined,
      );
      if (!session) return { ...base, user: null };
      // A touch made past the cache leaves no stale copy behind (C7).
      if (!readOnly && session.renewed) deps.cache?.evict(session.sessionId);
      if (session.renewed && session.persistent) setSessionCookie(res, names, token, true);
      return {
        ...base,
        user: {
          id: session.userId,
          email: session.email,
          sessionId: session.sessionId,
          timeZone: session.timeZone,
        },
      };
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw new AppError('DATABASE_UNAVAILABLE');
      deps.logger.error({ err: error, requestId: req.id }, 'falha ao validar a sessão');
      return { ...base, user: null };
    }
  };
}

function workspaceOf(connectionParams: Record<string, string | undefined> | null | undefined): string | null {
  const value = connectionParams?.workspace;
  return typeof value === 'string' ? value : null;
}
