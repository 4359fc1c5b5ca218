// Records every request the sandbox networks receive, with credentials redacted, so tests can
// assert what was (or was not) sent and wait for "request received" moments.
import type { NextFunction, Request, Response } from 'express';

export interface RecordedRequest {
  seq: number;
  receivedAt: string;
  method: string;
  /** The network host from the first path segment, e.g. `oauth2.googleapis.com`. */
  host: string;
  /** The path under the host, e.g. `/token`. */
  path: string;
  query: Record<string, unknown>;
  /** Lower-case names; Authorization reduced to its scheme, x-api-key redacted, cookies removed. */
  headers: Record<string, string>;
  body: unknown;
  /** Filled in when the answer is sent; null while pending or when the connection died. */
  status: number | null;
}

export interface RequestMatch {
  host?: string;
  pathPrefix?: string;
  method?: string;
}

/** Fields holding secrets or tokens: kept in the record as `[redacted]` so their presence shows. */
const SECRET_FIELDS = new Set([
  'client_secret',
  'code',
  'code_verifier',
  'refresh_token',
  'access_token',
  'fb_exchange_token',
  'id_token',
  'token',
  'input_token',
  'password',
]);

export const REDACTED = '[redacted]';

export function splitSandboxPath(fullPath: string): { host: string; path: string } | null {
  const match = fullPath.match(/^\/([^/]+)(\/.*)?$/);
  if (match === null || match[1] === '__sandbox') return null;
  return { host: decodeURIComponent(match[1]!), path: match[2] ?? '/' };
}

function redactFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redactFields);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    out[key] = SECRET_FIELDS.has(key) ? REDACTED : redactFields(field);
  }
  return out;
}

function redactHeaders(headers: Request['headers']): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const text = Array.isArray(value) ? value.join(', ') : value;
    if (name === 'cookie') continue;
    if (name === 'x-api-key') out[name] = REDACTED;
    else out[name] = name === 'authorization' ? (text.split(' ')[0] ?? '') : text;
  }
  return out;
}

export function matchesRequest(request: RecordedRequest, match: RequestMatch): boolean {
  return (
    (match.host === undefined || request.host === match.host) &&
    (match.pathPrefix === undefined || request.path.startsWith(match.pathPrefix)) &&
    (match.method === undefined || request.method === match.method.toUpperCase())
  );
}

interface Waiter {
  match: RequestMatch;
  resolve: (request: RecordedRequest) => void;
}

export class RequestRecorder {
  private recorded: RecordedRequest[] = [];
  private waiters: Waiter[] = [];
  private seq = 0;

  list(match: RequestMatch = {}): RecordedRequest[] {
    return this.recorded.filter((r) => matchesRequest(r, match)).map((r) => structuredClone(r));
  }

  clear(): void {
    this.recorded = [];
  }

  /** Resolves with the next matching request (arriving after this call). */
  waitFor(match: RequestMatch, timeoutMs = 10_000): Promise<RecordedRequest> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== waiter);
        reject(new Error(`No sandbox request matching ${JSON.stringify(match)} within ${timeoutMs} ms`));
      }, timeoutMs);
      const waiter: Waiter = {
        match,
        resolve: (request) => {
          clearTimeout(timer);
          resolve(request);
        },
      };
      this.waiters.push(waiter);
    });
  }

  middleware() {
    return (req: Request, res: Response, next: NextFunction): void => {
      const target = splitSandboxPath(req.path);
      if (target === null) {
        next();
        return;
      }
      this.seq += 1;
      const record: RecordedRequest = {
        seq: this.seq,
        receivedAt: new Date().toISOString(),
        method: req.method,
        host: target.host,
        path: target.path,
        query: redactFields({ ...(req.query as Record<string, unknown>) }) as Record<string, unknown>,
        headers: redactHeaders(req.headers),
        // Uploaded bytes are summarised; the network module keeps what it received (hash, size).
        body: Buffer.isBuffer(req.body) ? { binaryBytes: req.body.length } : redactFields(req.body ?? null),
        status: null,
      };
      this.recorded.push(record);
      res.on('finish', () => {
        record.status = res.statusCode;
      });
      const ready = this.waiters.filter((w) => matchesRequest(record, w.match));
      this.waiters = this.waiters.filter((w) => !ready.includes(w));
      for (const waiter of ready) waiter.resolve(structuredClone(record));
      next();
    };
  }
}
