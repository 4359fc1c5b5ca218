// The queue monitor (bull-board) at /admin/queues, for administrators only: the session cookie
// is validated like the tRPC context does and the role is read from the database on every
// request (401 without a valid session, 403 for a non-admin). Writes (retry, clean, pause) go
// through the same same-origin CSRF check as /trpc. Without Redis a pt-BR note is shown instead.
//
// CSP: bull-board's page loads its scripts and styles from its own static files (same origin);
// its only inline code is a `<style>` block, `style=` attributes (helmet's default style-src
// already allows 'unsafe-inline' styles) and a JSON `<script type="application/json">` data
// block, which CSP does not execute. So no CSP relaxation is needed. Its page also links Google
// Fonts' stylesheet (IBM Plex), which fails offline and leaks the admin's visit to a third party:
// that <link> is removed from the served HTML, and the UI falls back to the system fonts its own
// CSS already names (`--font-sans: "IBM Plex Sans", system-ui, …`).
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { messages } from '@pauta/core';
import express, { type NextFunction, type Request, type Response, type Router } from 'express';
import { cookieNames, readCookie } from '../auth/cookies.js';
import { validateSessionToken } from '../auth/session.js';
import type { AppDeps } from '../deps.js';
import { sameOriginOnly } from '../http/csrf.js';

export const QUEUE_BOARD_PATH = '/admin/queues';

type BoardServerAdapter = Parameters<typeof createBullBoard>[0]['serverAdapter'];

const text = messages.admin.queues;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5; color: #1f1f1f"><h1 style="font-size: 1.5rem">${title}</h1><p>${body}</p><p><a href="/admin" style="color: #c2005f">${text.back}</a></p></body></html>`;
}

/** Admin-only gate: a valid session cookie and the admin role, both checked on every request. */
export function requireAdmin(deps: AppDeps) {
  const names = cookieNames(deps.env.appUrl);
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      const token = readCookie(req, names.session);
      const session = token ? await validateSessionToken(deps.db, token) : null;
      if (!session) {
        res.status(401).type('html').send(page(text.unauthorizedTitle, text.unauthorized));
        return;
      }
      if (!(await deps.roles.isAdmin(session.userId))) {
        deps.logger.warn({ userId: session.userId, requestId: req.id }, 'monitor de filas: acesso negado');
        res.status(403).type('html').send(page(text.forbiddenTitle, text.forbidden));
        return;
      }
      next();
    } catch (error) {
      next(error);
    }
  };
}

const EXTERNAL_FONT_LINK = /<link\b[^>]*\bhref="https:\/\/fonts\.(?:googleapis|gstatic)\.com[^"]*"[^>]*>\s*/g;

/** bull-board's HTML without the Google Fonts stylesheet link. */
export function withoutExternalFonts(html: string): string {
  return html.replace(EXTERNAL_FONT_LINK, '');
}

/** Rewrites the HTML bull-board sends (its entry page) to drop external font requests. */
function stripExternalFonts(_req: Request, res: Response, next: NextFunction) {
  const send = res.send.bind(res);
  res.send = ((body?: unknown) =>
    send(typeof body === 'string' ? withoutExternalFonts(body) : body)) as Response['send'];
  next();
}

export function queueBoardRouter(deps: AppDeps): Router {
  const router = express.Router();
  router.use(sameOriginOnly(new URL(deps.env.appUrl).origin));
  router.use(requireAdmin(deps));
  const queues = deps.queue.queues();
  if (queues.length === 0) {
    router.use((_req: Request, res: Response) => {
      res.status(200).type('html').send(page(text.title, text.noRedis));
    });
    return router;
  }
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: queues.map((queue) => new BullMQAdapter(queue)),
    // @bull-board/express 9.10.1 carries its own copy of @bull-board/api 9.10.1, whose private
    // class members make the otherwise identical 9.10.2 types incompatible; the shapes match.
    serverAdapter: serverAdapter as unknown as BoardServerAdapter,
    options: { uiConfig: { boardTitle: text.boardTitle } },
  });
  router.use(stripExternalFonts);
  router.use(serverAdapter.getRouter());
  return router;
}
