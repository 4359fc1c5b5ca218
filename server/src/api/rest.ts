// The public REST API v1 under /api/v1 (issue 28; docs/api.md). Every route (routes.ts) calls
// its tRPC procedure through a server-side caller with a context built from the token: the same
// input schema, the same services, the same workspace permission check (workspaceProcedure), the
// same Idempotency-Key record (docs/idempotency.md) as the UI. What this layer adds:
// - who: `Authorization: Bearer pauta_pat_…` only; a cookie never authenticates here (no CSRF);
// - the token's scope (read / write / publish) on top of the person's role;
// - a per-token rate limit (429 + Retry-After);
// - RFC 9457 problem details from the app's one error model (problem.ts).
import { createHash, randomUUID } from 'node:crypto';
import {
  API_RATE_LIMIT,
  type ApiTokenScope,
  AppError,
  apiMessages,
  isAppError,
  MEDIA_UPLOAD_MAX_BYTES,
  messages,
  PLATFORM_LABELS,
  PLATFORM_TEXT_LIMITS,
  type Platform,
} from '@pauta/core';
import { isDatabaseUnavailable, recordHit } from '@pauta/db';
import { TRPCError } from '@trpc/server';
import express, { type NextFunction, type Request, type Response } from 'express';
import { cookieNames } from '../auth/cookies.js';
import type { AppDeps } from '../deps.js';
import { receivePostMedia, tooLarge, uploadBody, uploadHeadersError } from '../media/media.routes.js';
import { formatError } from '../trpc/error-format.js';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_KEY_PATTERN } from '../trpc/idempotency.js';
import { appRouter } from '../trpc/router.js';
import { type Context, createCallerFactory, DATABASE_RETRY_AFTER_SECONDS } from '../trpc/trpc.js';
import { resolveWorkspace } from '../workspaces/scope.js';
import { openApiDocument } from './openapi.js';
import { type Problem, problemOf, sendProblem } from './problem.js';
import { referencePage } from './reference-page.js';
import { API_MEDIA_PATH, API_ROUTES, type ApiRoute } from './routes.js';
import { coerceQuery, inputSchemaOf, reviveDates } from './schemas.js';
import {
  type ApiPrincipal,
  ApiTokenError,
  authenticateApiToken,
  bearerToken,
  requireScope,
} from './tokens.js';

export const API_PREFIX = '/api/v1';
const MAX_BODY = '100kb';
const createCaller = createCallerFactory(appRouter);

/** The rate-limit key of a token (PostgreSQL's rate_limits, as every other limit of the app). */
const rateKey = (tokenId: string) => `api:token:${tokenId}`;

/** Express path of an OpenAPI path: `/themes/{id}` → `/themes/:id`. */
const expressPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

/** The problem of anything a procedure (or this layer) threw. */
function problemOfError(error: unknown, requestId: string): { problem: Problem; retryAfter?: number } {
  if (isAppError(error)) {
    return problemOfError(new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error }), requestId);
  }
  if (isDatabaseUnavailable(error)) {
    return {
      problem: problemOf(503, 'DATABASE_UNAVAILABLE', { requestId }),
      retryAfter: DATABASE_RETRY_AFTER_SECONDS,
    };
  }
  const thrown =
    error instanceof TRPCError ? error : new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: error });
  // The one formatter of the app (error-format.ts): the ErrorCode, its status and pt-BR text.
  const shaped = formatError({ code: 0, message: '', data: { code: thrown.code, httpStatus: 500 } }, thrown);
  const { httpStatus, zodError, details } = shaped.data;
  const code = shaped.message;
  const errors = zodError
    ? [
        ...Object.entries(zodError.fieldErrors).map(([field, issues]) => ({ field, issues })),
        ...(zodError.formErrors.length ? [{ field: '', issues: zodError.formErrors }] : []),
      ]
    : undefined;
  const retryAfter =
    code === 'RATE_LIMITED'
      ? (details as { retryAfterSeconds?: number } | null)?.retryAfterSeconds
      : code === 'DATABASE_UNAVAILABLE'
        ? DATABASE_RETRY_AFTER_SECONDS
        : undefined;
  // A text too long for a network says which (and its limit), as the Editar Post dialog does.
  const tooLongFor =
    code === 'VALIDATION_FAILED' ? (details as { tooLongFor?: Platform[] } | null)?.tooLongFor : null;
  // A refused post option says which option and network (docs/post-options.md): the formatter's text.
  const optionRefused =
    code === 'VALIDATION_FAILED' &&
    ((details as { optionIssues?: unknown[] } | null)?.optionIssues?.length ?? 0) > 0;
  const detail = tooLongFor?.length
    ? tooLongFor.map((p) => messages.posts.tooLongFor(PLATFORM_LABELS[p], PLATFORM_TEXT_LIMITS[p])).join(' ')
    : optionRefused
      ? shaped.data.userMessage
      : undefined;
  return { problem: problemOf(httpStatus, code, { detail, requestId, errors, details }), retryAfter };
}

function fail(res: Response, found: { problem: Problem; retryAfter?: number }): void {
  if (found.retryAfter) res.setHeader('Retry-After', String(found.retryAfter));
  if (found.problem.status === 401) res.setHeader('WWW-Authenticate', 'Bearer realm="pauta"');
  sendProblem(res, found.problem);
}

/** Who is calling: a valid token, or the 401 already sent. */
async function authenticate(deps: AppDeps, req: Request, res: Response): Promise<ApiPrincipal | null> {
  const raw = bearerToken(req.get('authorization'));
  if (!raw) {
    fail(res, {
      problem: problemOf(401, 'UNAUTHORIZED', { detail: apiMessages.errors.missingToken, requestId: req.id }),
    });
    return null;
  }
  const principal = await authenticateApiToken(deps, raw);
  if (!principal) {
    fail(res, {
      problem: problemOf(401, 'UNAUTHORIZED', { detail: apiMessages.errors.invalidToken, requestId: req.id }),
    });
    return null;
  }
  return principal;
}

/** Counts one request of the token; false (and the 429 sent) past the limit. */
async function withinRateLimit(deps: AppDeps, principal: ApiPrincipal, req: Request, res: Response) {
  const now = new Date();
  const hit = await recordHit(deps.db, {
    key: rateKey(principal.tokenId),
    limit: API_RATE_LIMIT.limit,
    windowMs: API_RATE_LIMIT.windowMs,
    blockMs: API_RATE_LIMIT.windowMs,
    now,
  });
  res.setHeader('RateLimit-Limit', String(API_RATE_LIMIT.limit));
  res.setHeader('RateLimit-Remaining', String(Math.max(0, API_RATE_LIMIT.limit - hit.count)));
  if (hit.count <= API_RATE_LIMIT.limit) return true;
  const until = hit.blockedUntil ?? new Date(now.getTime() + API_RATE_LIMIT.windowMs);
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  fail(res, {
    problem: problemOf(429, 'RATE_LIMITED', {
      detail: apiMessages.errors.rateLimited(seconds),
      requestId: req.id,
    }),
    retryAfter: seconds,
  });
  return false;
}

/** The procedure's input from the request: path parameters, the query (GET) or the JSON body, fixed fields. */
function inputOf(route: ApiRoute, req: Request): Record<string, unknown> | AppError {
  const schema = inputSchemaOf(route.procedure);
  let input: Record<string, unknown>;
  if (route.method === 'get') {
    input = coerceQuery(schema, req.query as Record<string, unknown>);
  } else {
    const body: unknown = req.body;
    if (body !== undefined && (typeof body !== 'object' || body === null || Array.isArray(body)))
      return new AppError('MALFORMED_REQUEST');
    input = reviveDates(schema, (body as Record<string, unknown> | undefined) ?? {});
  }
  for (const [param, value] of Object.entries(req.params)) input[route.params?.[param] ?? param] = value;
  return { ...input, ...route.fixed };
}

function routeHandler(deps: AppDeps, route: ApiRoute) {
  const names = cookieNames(deps.env.appUrl);
  const takesInput = inputSchemaOf(route.procedure) !== null;
  return async (req: Request, res: Response) => {
    try {
      const principal = await authenticate(deps, req, res);
      if (!principal || !(await withinRateLimit(deps, principal, req, res))) return;
      const input = inputOf(route, req);
      if (input instanceof AppError) return fail(res, problemOfError(input, req.id));
      const scope: ApiTokenScope = typeof route.scope === 'function' ? route.scope(input) : route.scope;
      try {
        requireScope(principal, scope);
      } catch (error) {
        if (!(error instanceof ApiTokenError)) throw error;
        return fail(res, {
          problem: problemOf(error.status, error.code, { detail: error.detail, requestId: req.id }),
        });
      }
      // A POST is a user action: its Idempotency-Key is required, as in the UI. PUT, PATCH and
      // DELETE are idempotent by their nature; without a key each request is its own action.
      const key = req.get(IDEMPOTENCY_HEADER) ?? (route.method === 'post' ? null : `api-${randomUUID()}`);
      const ctx: Context = {
        deps,
        user: {
          id: principal.userId,
          email: principal.email,
          sessionId: `api-token:${principal.tokenId}`,
          timeZone: principal.timeZone,
        },
        requestId: req.id,
        ip: req.ip ?? 'unknown',
        cookies: names,
        requestedWorkspaceId: principal.workspaceId,
        idempotencyKey: key,
        req,
        res,
      };
      let call: unknown = createCaller(ctx);
      for (const part of route.procedure.split('.')) call = (call as Record<string, unknown>)[part];
      const result = await (call as (input?: unknown) => Promise<unknown>)(takesInput ? input : undefined);
      res.status(route.status ?? 200).json(result ?? null);
    } catch (error) {
      const found = problemOfError(error, req.id);
      if (found.problem.status >= 500 && found.problem.code === 'INTERNAL') {
        deps.logger.error(
          { err: error, procedure: route.procedure, requestId: req.id },
          'erro inesperado na API',
        );
      }
      fail(res, found);
    }
  };
}

/** The image's id of an API upload: a uuid derived from the person and their Idempotency-Key. */
function mediaIdOf(userId: string, key: string): string {
  const hex = createHash('sha256').update(`api-media:${userId}:${key}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * `POST /api/v1/posts/{id}/media` (API_MEDIA_PATH): an image for a post, with a token (scope
 * `write`, the role's `media.write`). The raw image as the body, its type in Content-Type; the
 * same checks and upload pipeline as the app's cookie route (media/media.routes.ts `receivePostMedia`).
 */
function mediaUploadRoute(deps: AppDeps, router: express.Router): void {
  const path = expressPath(API_MEDIA_PATH);
  const media = deps.media;
  router.post(
    path,
    async (req: Request, res: Response, next: NextFunction) => {
      try {
        const principal = await authenticate(deps, req, res);
        if (!principal || !(await withinRateLimit(deps, principal, req, res))) return;
        requireScope(principal, 'write');
        const key = req.get(IDEMPOTENCY_HEADER) ?? '';
        if (!IDEMPOTENCY_KEY_PATTERN.test(key)) throw new AppError('IDEMPOTENCY_KEY_REQUIRED');
        if (!media) throw new AppError('NOT_FOUND');
        const workspace = await resolveWorkspace(deps, {
          userId: principal.userId,
          requested: principal.workspaceId,
          action: 'media.write',
          readOnly: false,
        });
        const refused = uploadHeadersError(req, res, MEDIA_UPLOAD_MAX_BYTES);
        if (refused) throw refused;
        res.locals.upload = {
          principal,
          workspaceId: workspace.id,
          mediaId: mediaIdOf(principal.userId, key),
        };
        next();
      } catch (error) {
        failWith(deps, req, res, error);
      }
    },
    uploadBody(MEDIA_UPLOAD_MAX_BYTES),
    async (req: Request, res: Response) => {
      const upload = res.locals.upload as { principal: ApiPrincipal; workspaceId: string; mediaId: string };
      try {
        const result = await receivePostMedia(
          { db: deps.db, logger: deps.logger, media: media! },
          {
            userId: upload.principal.userId,
            workspaceId: upload.workspaceId,
            postId: String(req.params.id),
            mediaId: upload.mediaId,
            body: req.body,
          },
        );
        res.status(result.status).json({ media: result.media });
      } catch (error) {
        failWith(deps, req, res, error);
      }
    },
  );
  // A body over the limit that slipped past Content-Length (chunked): express.raw's 413.
  router.use(path, (error: unknown, req: Request, res: Response, next: NextFunction) => {
    if ((error as { status?: number }).status === 413) return failWith(deps, req, res, tooLarge());
    next(error);
  });
}

/** The problem of anything a handler threw (a token refusal, an AppError, the rest). */
function failWith(deps: AppDeps, req: Request, res: Response, error: unknown): void {
  if (error instanceof ApiTokenError) {
    fail(res, { problem: problemOf(error.status, error.code, { detail: error.detail, requestId: req.id }) });
    return;
  }
  const found = problemOfError(error, req.id);
  if (found.problem.status >= 500 && found.problem.code === 'INTERNAL')
    deps.logger.error({ err: error, requestId: req.id }, 'erro inesperado na API');
  fail(res, found);
}

/** The /api/v1 router: the document and its reference page (public), then the routes. */
export function apiRouter(deps: AppDeps): express.Router {
  const router = express.Router();
  router.get('/openapi.json', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.json(openApiDocument(deps.env.appUrl));
  });
  router.get('/docs', (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(referencePage(openApiDocument(deps.env.appUrl)));
  });
  mediaUploadRoute(deps, router);
  router.use(express.json({ limit: MAX_BODY, type: () => true }));
  for (const route of API_ROUTES) router[route.method](expressPath(route.path), routeHandler(deps, route));
  router.use((req: Request, res: Response) =>
    fail(res, {
      problem: problemOf(404, 'NOT_FOUND', { detail: apiMessages.errors.notFound, requestId: req.id }),
    }),
  );
  // A body that is not JSON, or too large: a problem, never Express' page.
  router.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = (error as { status?: number }).status;
    if (status === 413)
      return fail(res, { problem: problemOf(413, 'PAYLOAD_TOO_LARGE', { requestId: req.id }) });
    if (status === 400)
      return fail(res, {
        problem: problemOf(400, 'MALFORMED_REQUEST', {
          detail: apiMessages.errors.badJson,
          requestId: req.id,
        }),
      });
    fail(res, problemOfError(error, req.id));
  });
  return router;
}
