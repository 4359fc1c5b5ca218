// CSRF defence for cookie-authenticated requests (docs/security.md C1): every non-GET/HEAD request
// must come from our own origin, and tRPC mutations must be JSON (form posts skip CORS preflight).
import type { NextFunction, Request, Response } from 'express';

export function sameOriginOnly(appOrigin: string) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return next();
    const fetchSite = req.get('sec-fetch-site');
    const origin = req.get('origin');
    const sameOrigin = fetchSite ? fetchSite === 'same-origin' : origin === appOrigin;
    if (!sameOrigin) {
      res.status(403).json({ error: 'FORBIDDEN', message: 'Requisição de outra origem recusada.' });
      return;
    }
    next();
  };
}

export function jsonOnly(req: Request, res: Response, next: NextFunction) {
  if (req.method === 'GET' || req.method === 'HEAD') return next();
  if (!req.is('application/json')) {
    res.status(415).json({ error: 'UNSUPPORTED_MEDIA_TYPE', message: 'Envie os dados como JSON.' });
    return;
  }
  next();
}

export const TRPC_ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS';

/**
 * /trpc takes GET (queries) and POST (mutations). OPTIONS answers 204 with Allow and no CORS grant
 * (the API is same-origin only); any other method is 405 with Allow, before CSRF and body checks.
 */
export function trpcMethods(req: Request, res: Response, next: NextFunction) {
  if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'POST') return next();
  res.setHeader('Allow', TRPC_ALLOWED_METHODS);
  if (req.method === 'OPTIONS') {
    res.status(204).end();
    return;
  }
  res.status(405).json({ error: 'METHOD_NOT_ALLOWED', message: 'Método não permitido.' });
}
