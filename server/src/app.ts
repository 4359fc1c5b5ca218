// createApp(): the whole web process as an Express app that does not listen, so tests can run
// it on port 0. Security headers, CSRF checks, health, tRPC, and the built SPA.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { errorMessages, isAppError } from '@pauta/core';
import { isDatabaseUnavailable } from '@pauta/db';
import express, { type NextFunction, type Request, type Response } from 'express';
import helmet from 'helmet';
import { QUEUE_BOARD_PATH, queueBoardRouter } from './admin/queue-board.js';
import { API_PREFIX, apiRouter } from './api/rest.js';
import { cookieNames, readCookie } from './auth/cookies.js';
import { oauthRouter } from './auth/oauth.routes.js';
import type { AppDeps } from './deps.js';
import { localMailboxRouter, MAILBOX_PATH } from './email/local-mailbox.js';
import { jsonOnly, sameOriginOnly, trpcMethods } from './http/csrf.js';
import { healthRouter } from './http/health.js';
import { requestId } from './http/request-id.js';
import { clientAssets, sendStaticFile } from './http/static-assets.js';
import { MCP_PATH, mcpRouter } from './mcp/mcp.routes.js';
import { mediaRouter } from './media/media.routes.js';
import { videoUploadRouter } from './media/video-upload.routes.js';
import { httpMetrics, metricsEndpoint, startDefaultMetrics } from './observability/metrics.js';
import { REPORT_LINK_PAGE } from './reports/report-link.service.js';
import { contextFactory } from './trpc/context.js';
import { createTrpcHandler } from './trpc/http-handler.js';
import { appRouter } from './trpc/router.js';

const MAX_BODY_BYTES = 100 * 1024;
const TOKEN_PAGES = new Set(['/auth/callback', '/auth/reset', '/auth/link', '/data-deletion/confirm']);
/** Features no page of Pauta uses, switched off for every frame (docs/security.md H2). */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');
/** The client approval link's page, /aprovacao/<token> (docs/approval.md). */
const CLIENT_LINK_PAGE = '/aprovacao/';

export function createApp(deps: AppDeps): express.Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.env.TRUST_PROXY);
  const appOrigin = new URL(deps.env.appUrl).origin;
  // HSTS and upgrade-insecure-requests only mean something when Pauta is served over https; on a
  // plain-http APP_URL (local use, a LAN install) they would pin browsers to an https that is not there.
  const https = new URL(deps.env.appUrl).protocol === 'https:';

  // The built client, read once (http/static-assets.ts); its inline scripts' hashes go in the CSP.
  const dist = deps.clientDist;
  const client = dist && existsSync(path.join(dist, 'index.html')) ? clientAssets(dist) : null;
  const sessionCookie = cookieNames(deps.env.appUrl).session;

  app.use(requestId);
  startDefaultMetrics();
  app.use(httpMetrics(new Set(Object.keys(appRouter._def.procedures))));
  app.get('/metrics', metricsEndpoint(deps.env.METRICS_TOKEN));
  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          // Helmet's default ('self') and the one inline script of the prerendered pages, by hash.
          'script-src': ["'self'", ...(client?.scriptHashes ?? [])],
          'frame-ancestors': ["'none'"],
          // The OAuth sandbox and real providers are reached by top-level navigation, not fetch.
          'connect-src': ["'self'"],
          'frame-src': ["'self'"],
          // A video the person picks (Novo post's, before its upload has a signed URL) is played
          // from the file itself (an object URL): blob: for media only, nothing else.
          'media-src': ["'self'", 'blob:'],
          'upgrade-insecure-requests': https ? [] : null,
        },
      },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  );

  // Every answer: no powerful browser feature for any frame (H2). Every answer is no-store unless
  // it says otherwise: only the built client files and the signed /media URLs set their own
  // caching, so an API answer (/trpc, /auth, /api, health) is never kept by a browser or a proxy.
  app.use((_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    res.setHeader('Cache-Control', 'no-store');
    next();
  });

  // tRPC first: the routers below never answer under /trpc, and every request to them would walk
  // their stacks. The lean handler answers queries and mutations on the node request and hands the
  // rest (the live SSE stream among them) to tRPC's adapter (trpc/http-handler.ts).
  app.use(
    '/trpc',
    trpcMethods,
    sameOriginOnly(appOrigin),
    jsonOnly,
    createTrpcHandler({
      router: appRouter,
      maxBodySize: MAX_BODY_BYTES,
      maxBatchSize: 20,
      createContext: contextFactory(deps),
      onError: ({ error, path: procedure, req }) => {
        // PostgreSQL away: the caller got a 503 to try again (error-format.ts); not a bug.
        if (isAppError(error.cause, 'DATABASE_UNAVAILABLE') || isDatabaseUnavailable(error.cause)) return;
        if (error.code === 'INTERNAL_SERVER_ERROR') {
          deps.logger.error({ err: error.cause ?? error, procedure, requestId: req.id }, 'erro inesperado');
        }
      },
    }),
  );

  // The public REST API v1 (docs/api.md): a bearer token only, never a cookie, so no CSRF check;
  // its own 404 and problem details, before the SPA fallback.
  app.use(API_PREFIX, apiRouter(deps));

  // The MCP server (docs/mcp.md): a Bearer API token only, never the session cookie, so the CSRF
  // checks of /trpc do not apply; it checks Origin itself (DNS rebinding).
  app.use(MCP_PATH, mcpRouter(deps, { maxBodyBytes: MAX_BODY_BYTES }));

  app.use(healthRouter(deps));
  app.use(oauthRouter(deps));
  // The queue monitor (bull-board), administrators only.
  app.use(QUEUE_BOARD_PATH, queueBoardRouter(deps));
  // Embedded mode without SMTP only: the local mailbox (absent, a 404, everywhere else).
  if (deps.localMailbox) app.use(MAILBOX_PATH, localMailboxRouter(deps, deps.localMailbox));

  // Images: the raw upload and the signed /media URLs (docs/media.md).
  if (deps.media) app.use(mediaRouter({ ...deps, media: deps.media }));
  // Videos: the resumable tus upload and the cover (docs/media.md, "Vídeo").
  if (deps.media) app.use(videoUploadRouter({ ...deps, media: deps.media }));

  if (client) {
    // Pre-compressed at build time; the best encoding the browser accepts (http/static-assets.ts).
    app.use(client.files);
    // Every other GET is a view of the SPA (spec §2.1: unknown paths show the landing page), but
    // a missing file under /assets/ is a 404, never the page in its place.
    app.get(/.*/, (req: Request, res: Response, next: NextFunction) => {
      if (req.path.startsWith('/assets/') || !req.accepts('html')) return next();
      // The OAuth return page carries a code in its URL, the reset and deletion-confirmation
      // pages a token: never leak them in a Referer (O5).
      if (TOKEN_PAGES.has(req.path)) res.setHeader('Referrer-Policy', 'no-referrer');
      // The client approval link carries its token in the path: no Referer, never indexed.
      if (req.path.startsWith(CLIENT_LINK_PAGE) || req.path.startsWith(REPORT_LINK_PAGE)) {
        res.setHeader('Referrer-Policy', 'no-referrer');
        res.setHeader('X-Robots-Tag', 'noindex, nofollow');
      }
      // The landing and /auth rendered at build time, for a visitor (no session cookie: the session
      // answer would be "signed out"), so the page paints before any script runs; with a cookie,
      // the app waits for the session answer as on any other path (docs/performance.md).
      const prerendered = client.prerendered.get(req.path);
      if (prerendered) {
        res.vary('Cookie');
        if (readCookie(req, sessionCookie) === undefined) {
          sendStaticFile(req, res, prerendered);
          return;
        }
      }
      sendStaticFile(req, res, client.index);
    });
  }

  app.use((_req: Request, res: Response) => {
    res.status(404).json({ error: 'NOT_FOUND', message: 'Não encontrado.' });
  });
  // Express error handler: generic message, never a stack (docs/security.md S3).
  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (isDatabaseUnavailable(error)) {
      res.setHeader('Retry-After', '5');
      res.status(503).json({ error: 'DATABASE_UNAVAILABLE', message: errorMessages.DATABASE_UNAVAILABLE });
      return;
    }
    const status = (error as { status?: number }).status ?? 500;
    if (status >= 500) deps.logger.error({ err: error, requestId: req.id }, 'erro inesperado');
    res.status(status).json({
      error: status === 413 ? 'PAYLOAD_TOO_LARGE' : status >= 500 ? 'INTERNAL' : 'BAD_REQUEST',
      message:
        status === 413
          ? 'Dados grandes demais.'
          : status >= 500
            ? 'Ocorreu um erro inesperado.'
            : 'Requisição inválida.',
    });
  });
  return app;
}
