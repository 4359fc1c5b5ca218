// What the sandbox Graph API (Facebook Pages and Instagram) shares: version check, Graph error
// shapes, token reading with optional appsecret_proof, and field selection.
import { createHmac, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { bearerToken, param, queryString, type SandboxContext, safeEqual } from './oauth-common.js';
import type { AccessToken } from './store.js';

export const GRAPH_VERSION = /^v\d+\.\d+$/;

/** Graph API errors: `{ error: { message, type, code, error_subcode?, fbtrace_id } }`, HTTP 400. */
export function sendGraphError(
  res: Response,
  code: number,
  message: string,
  subcode?: number,
  type = 'OAuthException',
): void {
  res.status(400).json({
    error: {
      message,
      type,
      code,
      ...(subcode === undefined ? {} : { error_subcode: subcode }),
      fbtrace_id: randomBytes(8).toString('base64url'),
    },
  });
}

/** The token of a Graph call: `access_token` in the body or query, else the Bearer header. */
export function graphToken(req: Request): string | null {
  return param(req, 'access_token') ?? bearerToken(req);
}

export function requestedFields(req: Request, defaults: string[]): string[] {
  const tree = requestedFieldTree(req);
  return tree === null ? defaults : [...tree.keys()];
}

/**
 * The `fields` parameter as Graph reads it: top-level names, each with its nested fields
 * (`instagram_business_account{id,username}` → `['id','username']`, none → null). `picture.type(large)`
 * asks for `picture`. null when no `fields` parameter was sent.
 */
export function requestedFieldTree(req: Request): Map<string, string[] | null> | null {
  const raw = queryString(req, 'fields');
  if (raw === undefined) return null;
  const tree = new Map<string, string[] | null>();
  let depth = 0;
  let start = 0;
  const add = (part: string) => {
    const text = part.trim();
    if (text === '') return;
    const brace = text.indexOf('{');
    const name = (brace === -1 ? text : text.slice(0, brace)).split('.')[0]?.trim() ?? '';
    const nested =
      brace === -1
        ? null
        : text
            .slice(brace + 1, text.lastIndexOf('}') === -1 ? undefined : text.lastIndexOf('}'))
            .split(',')
            .map((f) => f.trim().split(/[.{]/)[0] ?? '')
            .filter((f) => f !== '');
    if (name !== '') tree.set(name, nested);
  };
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === '{') depth++;
    else if (c === '}') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      add(raw.slice(start, i));
      start = i + 1;
    }
  }
  add(raw.slice(start));
  return tree;
}

export function pick(source: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { id: source.id };
  for (const field of fields) {
    if (field in source && source[field] !== undefined) out[field] = source[field];
  }
  return out;
}

export function versioned(handler: (req: Request, res: Response) => void | Promise<void>) {
  return async (req: Request, res: Response): Promise<void> => {
    if (!GRAPH_VERSION.test(String(req.params.version))) {
      sendGraphError(res, 2500, `Unknown path components: /${String(req.params.version)}`);
      return;
    }
    await handler(req, res);
  };
}

/** A valid Facebook token (user or Page) for this call, or null after answering error 190. */
export function authenticatedGraph(ctx: SandboxContext, req: Request, res: Response): AccessToken | null {
  const token = ctx.store.findAccessToken('facebook', graphToken(req));
  if (token === null) {
    // The user removed the app (Meta: code 190, subcode 458); otherwise an unusable token.
    if (ctx.store.isRevoked('facebook', graphToken(req)))
      sendGraphError(
        res,
        190,
        'Error validating access token: The user has not authorized application.',
        458,
      );
    else sendGraphError(res, 190, 'Invalid OAuth access token - Cannot parse access token');
    return null;
  }
  // appsecret_proof is optional (the app does not require it) but, when sent, must match.
  const proof = param(req, 'appsecret_proof');
  if (proof !== undefined) {
    const secret = ctx.store.clientSecretOf(token.grant);
    const expected = secret === null ? '' : createHmac('sha256', secret).update(token.token).digest('hex');
    if (!safeEqual(proof, expected)) {
      sendGraphError(
        res,
        100,
        'Invalid appsecret_proof provided in the API argument',
        undefined,
        'GraphMethodException',
      );
      return null;
    }
  }
  return token;
}

/** Error 100/33, what Graph answers for an id it cannot find or the token cannot see. */
export function sendUnsupported(res: Response, method: 'get' | 'post', id: string): void {
  sendGraphError(
    res,
    100,
    `Unsupported ${method} request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
    33,
    'GraphMethodException',
  );
}

/** Graph permission error #10 / #200. */
export function sendPermissionError(res: Response, code: 10 | 200, message: string): void {
  sendGraphError(res, code, message, undefined, 'OAuthException');
}

/** Graph's time stamps: `2026-11-27T12:00:00+0000`. */
export function graphTimestamp(iso: string): string {
  return iso.replace(/\.\d{3}Z$/, '+0000').replace(/Z$/, '+0000');
}

/**
 * One page of a Graph edge over `items` (newest first): `limit` (default 25, at most 100) and the
 * `after` cursor; `paging.next` only when there is more, as Graph does.
 */
export function graphEdgePage<T>(
  req: Request,
  items: T[],
  render: (item: T) => Record<string, unknown>,
): Record<string, unknown> {
  const limit = Math.min(100, Math.max(1, Number(req.query.limit ?? 25) || 25));
  const after = typeof req.query.after === 'string' ? req.query.after : undefined;
  const start = after === undefined ? 0 : Number(Buffer.from(after, 'base64url').toString('utf8')) || 0;
  const page = items.slice(start, start + limit);
  const cursor = (index: number) => Buffer.from(String(index), 'utf8').toString('base64url');
  const more = start + page.length < items.length;
  const url = new URL(`${req.protocol}://${req.get('host') ?? '127.0.0.1'}${req.originalUrl}`);
  url.searchParams.set('after', cursor(start + page.length));
  return {
    data: page.map(render),
    ...(page.length === 0
      ? {}
      : {
          paging: {
            cursors: { before: cursor(start), after: cursor(start + page.length) },
            ...(more ? { next: url.href } : {}),
          },
        }),
  };
}
