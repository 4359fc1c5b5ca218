// tRPC, read top to bottom: the context every call gets, the init with a zod-aware error
// formatter, then the three procedure builders. Every procedure declares its access level.
import { initTRPC, TRPCError } from '@trpc/server';
import type { Request, Response } from 'express';
import superjson from 'superjson';
import { ZodError, z } from 'zod';
import type { CookieNames } from '../auth/cookies.js';
import type { AppDeps } from '../deps.js';
import { AppErrorDetails } from './errors.js';

export type AccessLevel = 'public' | 'user' | 'admin';
export interface ProcedureMeta {
  access: AccessLevel;
}

export interface SessionUser {
  id: string;
  email: string;
  sessionId: string;
}

export interface Context {
  deps: AppDeps;
  user: SessionUser | null;
  requestId: string;
  ip: string;
  cookies: CookieNames;
  /** Present over HTTP; absent when a test calls procedures directly. */
  req?: Request;
  res?: Response;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    transformer: superjson,
    errorFormatter({ shape, error }) {
      const zodError =
        error.code === 'BAD_REQUEST' && error.cause instanceof ZodError
          ? (z.flattenError(error.cause) as {
              formErrors: string[];
              fieldErrors: Record<string, string[] | undefined>;
            })
          : null;
      // Never leak internals: unexpected errors keep only their code.
      const message = error.code === 'INTERNAL_SERVER_ERROR' ? 'INTERNAL' : shape.message;
      const details = error.cause instanceof AppErrorDetails ? error.cause.details : null;
      const { stack: _stack, ...data } = shape.data;
      return { ...shape, message, data: { ...data, zodError, details } };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

export const publicProcedure = t.procedure.meta({ access: 'public' });

export const authedProcedure = t.procedure.meta({ access: 'user' }).use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'UNAUTHORIZED' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const adminProcedure = t.procedure.meta({ access: 'admin' }).use(async ({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: 'UNAUTHORIZED' });
  // The role is read from the database on every call (RELIABILITY Z3).
  const isAdmin = await ctx.deps.roles.isAdmin(ctx.user.id);
  if (!isAdmin) throw new TRPCError({ code: 'FORBIDDEN', message: 'FORBIDDEN' });
  return next({ ctx: { ...ctx, user: ctx.user } });
});
