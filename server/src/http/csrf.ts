// CSRF defence for cookie-authenticated requests (RELIABILITY C1): every non-GET/HEAD request
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
