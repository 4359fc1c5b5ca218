import { INPUT_LIMITS } from '@pauta/core';
import { findProfile } from '@pauta/db';
import { z } from 'zod';
import { AuthError, signIn, signUp } from '../auth/auth.service.js';
import { clearCookie, setSessionCookie } from '../auth/cookies.js';
import { RateLimitedError } from '../auth/rate-limit.js';
import { createSession, invalidateSession } from '../auth/session.js';
import { hasAnyTheme } from '../themes/themes.service.js';
import { appError } from './errors.js';
import { authedProcedure, publicProcedure, router } from './trpc.js';

const email = z.string().trim().min(1).max(254).pipe(z.email());
const password = z
  .string()
  .min(1)
  .max(INPUT_LIMITS.passwordMax * 4);
const name = z.string().trim().max(80);
export const timeZone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'fuso horário inválido');

function rethrow(error: unknown, res?: { setHeader(name: string, value: string): void }): never {
  if (error instanceof RateLimitedError) {
    res?.setHeader('Retry-After', String(error.retryAfterSeconds));
    throw appError('TOO_MANY_REQUESTS', 'RATE_LIMITED', { retryAfterSeconds: error.retryAfterSeconds });
  }
  if (error instanceof AuthError) {
    if (error.code === 'INVALID_CREDENTIALS') throw appError('UNAUTHORIZED', 'INVALID_CREDENTIALS');
    if (error.code === 'EMAIL_TAKEN') throw appError('CONFLICT', 'EMAIL_TAKEN');
    throw appError('BAD_REQUEST', 'WEAK_PASSWORD', { passwordIssues: error.issues });
  }
  throw error;
}

export const authRouter = router({
  /** The first session answer the app waits for (spec §2.3 "Carregando..."). */
  session: publicProcedure.query(async ({ ctx }) => {
    if (!ctx.user) return { user: null };
    const [profile, hasThemes] = await Promise.all([
      findProfile(ctx.deps.db, ctx.user.id),
      hasAnyTheme(ctx.deps.db, ctx.user.id).catch(() => null),
    ]);
    return {
      user: {
        id: ctx.user.id,
        email: ctx.user.email,
        firstName: profile?.first_name ?? null,
        lastName: profile?.last_name ?? null,
        timezone: profile?.timezone ?? 'America/Sao_Paulo',
      },
      /** null when the check failed: the spec sends the user to the create view then. */
      hasThemes,
    };
  }),

  /** Spec §6: decided on the server from the database, every time. */
  adminCheck: authedProcedure.query(async ({ ctx }) => ({
    isAdmin: await ctx.deps.roles.isAdmin(ctx.user.id),
  })),

  signUp: publicProcedure
    .input(
      z.strictObject({
        email,
        password,
        firstName: name.optional(),
        lastName: name.optional(),
        timezone: timeZone.optional(),
      }),
    )
    .mutation(async ({ ctx, input }) => {
      try {
        const user = await signUp(ctx.deps.db, input, ctx.ip);
        const session = await createSession(ctx.deps.db, user.id, { persistent: true });
        if (ctx.res) setSessionCookie(ctx.res, ctx.cookies, session.token, true);
        ctx.deps.logger.info({ userId: user.id, requestId: ctx.requestId }, 'conta criada');
        return { ok: true as const };
      } catch (error) {
        ctx.deps.logger.warn(
          { requestId: ctx.requestId, reason: (error as Error).message },
          'cadastro recusado',
        );
        rethrow(error, ctx.res);
      }
    }),

  signIn: publicProcedure
    .input(z.strictObject({ email, password, rememberMe: z.boolean().default(false) }))
    .mutation(async ({ ctx, input }) => {
      try {
        const user = await signIn(ctx.deps.db, input, ctx.ip);
        // A fresh session on every sign-in; a planted cookie is never reused (A3).
        if (ctx.user) await invalidateSession(ctx.deps.db, ctx.user.sessionId);
        const session = await createSession(ctx.deps.db, user.id, { persistent: input.rememberMe });
        if (ctx.res) setSessionCookie(ctx.res, ctx.cookies, session.token, input.rememberMe);
        return { ok: true as const };
      } catch (error) {
        ctx.deps.logger.warn(
          { requestId: ctx.requestId, ip: ctx.ip, reason: (error as Error).message },
          'login recusado',
        );
        rethrow(error, ctx.res);
      }
    }),

  signOut: authedProcedure.mutation(async ({ ctx }) => {
    await invalidateSession(ctx.deps.db, ctx.user.sessionId);
    if (ctx.res) clearCookie(ctx.res, ctx.cookies, ctx.cookies.session);
    return { ok: true as const };
  }),
});
