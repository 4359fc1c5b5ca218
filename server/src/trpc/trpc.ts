// tRPC, read top to bottom: the context every call gets, the init with a zod-aware error
// formatter, then the procedure builders (public, signed in, workspace-scoped, admin). Every
// procedure declares its access level.
import { AppError, type WorkspaceAction } from '@pauta/core';
import { isDatabaseUnavailable } from '@pauta/db';
import { initTRPC } from '@trpc/server';
import { middlewareMarker } from '@trpc/server/unstable-core-do-not-import';
import type { Request, Response } from 'express';
import type { CookieNames } from '../auth/cookies.js';
import type { AppDeps } from '../deps.js';
import { resolveWorkspace } from '../workspaces/scope.js';
import { formatError } from './error-format.js';
import { toTRPCError } from './errors.js';
import { runIdempotent } from './idempotency.js';
import { transformer } from './transformer.js';

export type AccessLevel = 'public' | 'user' | 'admin';
export interface ProcedureMeta {
  access: AccessLevel;
  /**
   * Why this mutation needs no Idempotency-Key (docs/idempotency.md). Every other mutation must
   * carry one; test/security/idempotency.integration.test.ts holds the list of exemptions.
   */
  idempotencyExempt?: string;
  /** What a workspace-scoped procedure does (workspaceProcedure; docs/workspaces.md). */
  workspaceAction?: WorkspaceAction;
  /**
   * A larger request body than the router's 100 kB, for a mutation that carries a file's text (the
   * CSV import: docs/csv-import.md). Only a lone mutation gets it; a batch keeps the default.
   */
  maxBodyBytes?: number;
}

export interface SessionUser {
  id: string;
  email: string;
  sessionId: string;
  /**
   * The profile's time zone, read with the session (no query of its own); absent when a test
   * calls procedures directly, and then read from the profile where needed.
   */
  timeZone?: string;
}

export interface Context {
  deps: AppDeps;
  user: SessionUser | null;
  requestId: string;
  ip: string;
  cookies: CookieNames;
  /**
   * The workspace the request names (the x-pauta-workspace header; docs/workspaces.md), or null:
   * the person's default workspace. A test calling procedures directly may set it.
   */
  requestedWorkspaceId?: string | null;
  /** The request's Idempotency-Key header (null when absent); one key per user action. */
  idempotencyKey?: string | null;
  /** Present over HTTP; absent when a test calls procedures directly. */
  req?: Request;
  res?: Response;
}

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // superjson on the wire; responses of plain data take a faster path to the same bytes.
    transformer,
    // Live updates over SSE (docs/live-updates.md): a ping every 15 s keeps proxies and load
    // balancers from closing an idle stream, and lets the browser notice a dead one (40 s).
    sse: {
      ping: { enabled: true, intervalMs: 15_000 },
      client: { reconnectAfterInactivityMs: 40_000 },
    },
    // An ErrorCode, its pt-BR text and field names only; never an internal message (error-format.ts).
    errorFormatter: ({ shape, error }) => formatError(shape, error),
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** Retry-After of a 503 while PostgreSQL is away: a restart takes seconds. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * The one place an AppError becomes a TRPCError (errors.ts): the status of its code, so that the
 * caller, the idempotency record and the `onError` log (a 500 is logged, a refusal is not) all see
 * it; a RATE_LIMITED refusal also says when to come back (Retry-After).
 */
const appErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause;
  // PostgreSQL away (issue 24): a 503 with "try again", never a 500 logged as a bug.
  const error =
    cause instanceof AppError
      ? cause
      : isDatabaseUnavailable(cause)
        ? new AppError('DATABASE_UNAVAILABLE')
        : null;
  if (!error) return result;
  if (error.code === 'DATABASE_UNAVAILABLE') {
    ctx.res?.setHeader('Retry-After', String(DATABASE_RETRY_AFTER_SECONDS));
  }
  if (error.code === 'RATE_LIMITED') {
    const seconds = (error as AppError<'RATE_LIMITED'>).details?.retryAfterSeconds;
    if (seconds) ctx.res?.setHeader('Retry-After', String(seconds));
  }
  return { ...result, error: toTRPCError(error) };
});

/** Procedure calls under way in this process: a shutdown waits for them before closing the pool. */
let running = 0;
export const runningProcedures = (): number => running;
const counted = t.middleware(async ({ next }) => {
  running++;
  try {
    return await next();
  } finally {
    running--;
  }
});

/** Every procedure: counted, application errors mapped first, then the builder's own checks. */
const procedure = t.procedure.use(counted).use(appErrors);

/** True when a string (or object key) anywhere in the value contains U+0000. */
function hasNulChar(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasNulChar(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || hasNulChar(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold U+0000 ("invalid byte sequence for encoding UTF8: 0x00"), so a NUL
 * in any input string is a validation error (400), never a 500 from the database (found by the
 * fuzz suite: admin.users.updateProfile with a NUL in lastName).
 */
const rejectNulChars = t.middleware(async ({ getRawInput, next }) => {
  if (hasNulChar(await getRawInput())) throw new AppError('VALIDATION_FAILED');
  return next();
});

/**
 * Mutations run once per Idempotency-Key (docs/idempotency.md): the first request claims the key
 * in PostgreSQL and runs; a replay gets the stored result without running again. Queries and
 * the exempt mutations pass straight through. Last in every builder: access is checked first.
 */
const idempotentMutations = t.middleware(async ({ ctx, type, path, meta, getRawInput, next }) => {
  if (type !== 'mutation' || meta?.idempotencyExempt) return next();
  let result: Awaited<ReturnType<typeof next>> | undefined;
  const outcome = await runIdempotent({
    deps: ctx.deps,
    // Public procedures share one anonymous scope, whoever calls: a sign-up's repeat comes with
    // the session cookie its first answer set, and must still find its key.
    userId: meta?.access === 'public' ? null : (ctx.user?.id ?? null),
    key: ctx.idempotencyKey,
    procedure: path,
    rawInput: await getRawInput(),
    requestId: ctx.requestId,
    run: async () => {
      result = await next();
      return result.ok ? { ok: true, data: result.data } : { ok: false };
    },
  });
  // A replay answers the stored result without calling the procedure: tRPC has no public helper
  // for a middleware's own result yet (trpc/trpc#4066), hence its marker.
  if (outcome.replayed) return { marker: middlewareMarker, ok: true as const, data: outcome.data };
  return result!;
});

export const publicProcedure = procedure
  .meta({ access: 'public' })
  .use(rejectNulChars)
  .use(idempotentMutations);

export const authedProcedure = procedure
  .meta({ access: 'user' })
  .use(({ ctx, next }) => {
    if (!ctx.user) throw new AppError('UNAUTHORIZED');
    return next({ ctx: { ...ctx, user: ctx.user } });
  })
  .use(rejectNulChars)
  .use(idempotentMutations);

/**
 * A procedure that works on a workspace's rows: signed in, a member of the workspace, and allowed
 * `action` by the permission table. Hands `ctx.workspace` ({ id, role }) to the procedure, which
 * passes `ctx.workspace.id` to the repositories. Routers never check membership by hand
 * (resolveWorkspace, workspaces/scope.ts, is the one check).
 */
export function workspaceProcedure(action: WorkspaceAction) {
  return procedure
    .meta({ access: 'user', workspaceAction: action })
    .use(async ({ ctx, next }) => {
      if (!ctx.user) throw new AppError('UNAUTHORIZED');
      const workspace = await resolveWorkspace(ctx.deps, {
        userId: ctx.user.id,
        requested: ctx.requestedWorkspaceId ?? null,
        action,
        readOnly: ctx.req ? ctx.req.method === 'GET' || ctx.req.method === 'HEAD' : false,
      });
      return next({ ctx: { ...ctx, user: ctx.user, workspace } });
    })
    .use(rejectNulChars)
    .use(idempotentMutations);
}

export const adminProcedure = procedure
  .meta({ access: 'admin' })
  .use(async ({ ctx, next }) => {
    if (!ctx.user) throw new AppError('UNAUTHORIZED');
    // The role is read from the database on every call (docs/security.md Z3).
    const isAdmin = await ctx.deps.roles.isAdmin(ctx.user.id);
    if (!isAdmin) throw new AppError('FORBIDDEN');
    return next({ ctx: { ...ctx, user: ctx.user } });
  })
  .use(rejectNulChars)
  .use(idempotentMutations);
