// Builds each request's tRPC context: who is signed in (from the session cookie only — never a
// query or body field), the request id and the client IP. Never throws on a bad cookie; with
// PostgreSQL away it refuses the request (503) rather than treat the user as signed out.
import { AppError } from '@pauta/core';
import { isDatabaseUnavailable } from '@pauta/db';
import type { CreateExpressContextOptions } from '@trpc/server/adapters/express';
import { cookieNames, readCookie, setSessionCookie } from '../auth/cookies.js';
import { validateSessionToken } from '../auth/session.js';
import type { AppDeps } from '../deps.js';
import { IDEMPOTENCY_HEADER } from './idempotency.js';
import type { Context } from './trpc.js';

export function contextFactory(deps: AppDeps) {
  const names = cookieNames(deps.env.appUrl);
  return async ({ req, res }: CreateExpressContextOptions): Promise<Context> => {
    const base = {
      deps,
      requestId: req.id,
      ip: req.ip ?? 'unknown',
      cookies: names,
      idempotencyKey: req.get(IDEMPOTENCY_HEADER) ?? null,
      req,
      res,
    };
    const token = readCookie(req, names.session);
    if (!token) return { ...base, user: null };
    try {
      const session = await validateSessionToken(deps.db, token, new Date(), deps.cache);
      if (!session) return { ...base, user: null };
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
