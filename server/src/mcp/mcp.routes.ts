// /mcp: Pauta's MCP server over Streamable HTTP (issue 28, item 4; docs/mcp.md), with the
// official TypeScript SDK. Stateless: every POST builds its own McpServer and transport, answers
// in JSON and is gone, so any web process can answer any request (no session to pin, nothing in
// memory between calls) and a revoked token stops at its very next request.
//
// Only an `Authorization: Bearer <token>` header authenticates: cookies are never read here, so a
// signed-in browser cannot be made to call /mcp, and the /trpc CSRF checks do not apply. A request
// that carries an Origin other than Pauta's own is refused (the MCP spec's DNS-rebinding guidance).

import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { API_RATE_LIMIT, apiMessages, mcpMessages } from '@pauta/core';
import { isDatabaseUnavailable, recordHit } from '@pauta/db';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import { type ApiPrincipal, authenticateApiToken, bearerToken } from '../api/tokens.js';
import type { AppDeps } from '../deps.js';
import { registerTools } from './tools.js';

export const MCP_PATH = '/mcp';
/** The server's name and version in the MCP handshake. */
const SERVER_INFO = { name: 'pauta', version: '1.0.0' };
const INSTRUCTIONS =
  'Pauta: agende e aprove posts de redes sociais de um cliente (workspace). Comece por list_themes; os textos e erros estão em português do Brasil. / Pauta schedules and approves social media posts for one client workspace; start with list_themes.';

/** A JSON-RPC error answer outside any request (no id): what MCP clients expect from /mcp. */
function rpcError(res: Response, status: number, message: string, code = -32000): void {
  res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id: null });
}

export function mcpRouter(deps: AppDeps, options: { maxBodyBytes: number }): Router {
  const appOrigin = new URL(deps.env.appUrl).origin;
  const router = Router();
  const realm = `Bearer realm="pauta", resource="${appOrigin}${MCP_PATH}"`;

  // DNS rebinding (MCP spec, Security Warning): a browser always sends Origin on a POST; a page of
  // another site may only reach /mcp through a rebound name, so any other origin is refused.
  router.use((req: Request, res: Response, next: NextFunction) => {
    const origin = req.get('origin');
    if (origin !== undefined && origin !== appOrigin) return rpcError(res, 403, mcpMessages.originRefused);
    next();
  });

  // Stateless: no SSE stream to open (GET) and no session to end (DELETE).
  router.use((req: Request, res: Response, next: NextFunction) => {
    if (req.method === 'POST') return next();
    res.setHeader('Allow', 'POST');
    rpcError(res, 405, mcpMessages.methodNotAllowed);
  });

  // The token: read before the body is, so an unauthenticated caller costs one header check.
  router.use(async (req: Request, res: Response, next: NextFunction) => {
    const raw = bearerToken(req.get('authorization'));
    if (!raw) {
      res.setHeader('WWW-Authenticate', realm);
      return rpcError(res, 401, mcpMessages.tokenMissing);
    }
    try {
      const identity = await authenticateApiToken(deps, raw);
      if (!identity) {
        res.setHeader('WWW-Authenticate', `${realm}, error="invalid_token"`);
        return rpcError(res, 401, mcpMessages.tokenInvalid);
      }
      // The REST API's per-token limit, on the same key (api/rest.ts): one budget per token,
      // whichever of the two it calls.
      const now = new Date();
      const hit = await recordHit(deps.db, {
        key: `api:token:${identity.tokenId}`,
        limit: API_RATE_LIMIT.limit,
        windowMs: API_RATE_LIMIT.windowMs,
        blockMs: API_RATE_LIMIT.windowMs,
        now,
      });
      if (hit.count > API_RATE_LIMIT.limit) {
        const until = hit.blockedUntil ?? new Date(now.getTime() + API_RATE_LIMIT.windowMs);
        const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
        res.setHeader('Retry-After', String(seconds));
        return rpcError(res, 429, apiMessages.errors.rateLimited(seconds));
      }
      res.locals.mcpIdentity = identity;
      next();
    } catch (error) {
      next(error);
    }
  });

  router.use(express.json({ limit: options.maxBodyBytes }));

  router.post('/', async (req: Request, res: Response, next: NextFunction) => {
    const identity = res.locals.mcpIdentity as ApiPrincipal;
    const server = new McpServer(SERVER_INFO, { instructions: INSTRUCTIONS });
    registerTools(server, deps, identity, { requestId: req.id, ip: req.ip ?? 'unknown' });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void server.close();
    });
    try {
      await server.connect(transport);
      await transport.handleRequest(req, res, req.body);
    } catch (error) {
      if (res.headersSent) {
        deps.logger.error({ err: error, requestId: req.id }, 'erro inesperado no servidor MCP');
        return;
      }
      if (isDatabaseUnavailable(error)) res.setHeader('Retry-After', '5');
      next(error);
    }
  });

  return router;
}
