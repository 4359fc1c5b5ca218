import { randomUUID } from 'node:crypto';
import superjson from 'superjson';

// A minimal same-origin tRPC-over-HTTP client for integration tests, with a cookie jar, so
// tests exercise cookies, superjson and the error shape exactly as the browser does.
export interface TrpcResult<T = unknown> {
  status: number;
  data?: T;
  error?: {
    message: string;
    code: string;
    httpStatus: number;
    details?: Record<string, unknown> | null;
    /** The pt-BR text the API answers with (`data.userMessage`). */
    userMessage?: string;
  };
  headers: Headers;
}

export class TestClient {
  readonly jar = new Map<string, string>();
  /** Headers sent with every request (e.g. x-pauta-workspace: the workspace the calls work in). */
  readonly headers = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    readonly origin = 'http://pauta.test',
    /** Sent as X-Forwarded-For: the client's address when the app trusts one proxy (TRUST_PROXY=1). */
    readonly ip?: string,
  ) {}

  cookieHeader(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private store(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (/max-age=0/i.test(line) || value === '') this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of this.headers) if (!headers.has(name)) headers.set(name, value);
    if (this.jar.size) headers.set('cookie', this.cookieHeader());
    if (this.ip && !headers.has('x-forwarded-for')) headers.set('x-forwarded-for', this.ip);
    const res = await fetch(`${this.baseUrl}${path}`, { ...init, headers, redirect: 'manual' });
    this.store(res.headers);
    return res;
  }

  async query<T = unknown>(procedure: string, input?: unknown): Promise<TrpcResult<T>> {
    const q =
      input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
    return this.parse<T>(await this.request(`/trpc/${procedure}${q}`));
  }

  /**
   * A mutation as the browser sends it: unbatched, with an Idempotency-Key — a new one per call
   * (a new user action) unless `idempotencyKey` names one (a repeat) or is null (none sent).
   */
  async mutate<T = unknown>(
    procedure: string,
    input?: unknown,
    options: { idempotencyKey?: string | null } = {},
  ): Promise<TrpcResult<T>> {
    const key = options.idempotencyKey === undefined ? randomUUID() : options.idempotencyKey;
    const res = await this.request(`/trpc/${procedure}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: this.origin,
        'sec-fetch-site': 'same-origin',
        ...(key === null ? {} : { 'idempotency-key': key }),
      },
      body: JSON.stringify(input === undefined ? { json: null } : superjson.serialize(input)),
    });
    return this.parse<T>(res);
  }

  /**
   * A subscription as the browser opens it (EventSource: GET, text/event-stream): the first
   * message or error of the stream, then the stream is closed. An error before the stream starts
   * (input, access) is a plain JSON answer, as for a query.
   */
  async subscribeOnce<T = unknown>(procedure: string, input?: unknown): Promise<TrpcResult<T>> {
    const q =
      input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`;
    const res = await this.request(`/trpc/${procedure}${q}`, { headers: { accept: 'text/event-stream' } });
    return readFirstSseMessage<T>(res);
  }

  private async parse<T>(res: Response): Promise<TrpcResult<T>> {
    const body = (await res.json()) as {
      result?: { data: { json: T; meta?: Parameters<typeof superjson.deserialize>[0]['meta'] } };
      error?: {
        json: {
          message: string;
          data: { code: string; httpStatus: number; details?: Record<string, unknown>; userMessage?: string };
        };
      };
    };
    if (body.error) {
      const { message, data } = body.error.json;
      return {
        status: res.status,
        headers: res.headers,
        error: {
          message,
          code: data.code,
          httpStatus: data.httpStatus,
          details: data.details ?? null,
          ...(data.userMessage === undefined ? {} : { userMessage: data.userMessage }),
        },
      };
    }
    const data = body.result?.data;
    return {
      status: res.status,
      headers: res.headers,
      data: data
        ? superjson.deserialize<T>(data as Parameters<typeof superjson.deserialize>[0])
        : (undefined as T),
    };
  }
}

/**
 * The first data message (or serialized error) of a tRPC SSE response, then the stream is closed;
 * a non-SSE response is parsed as a JSON answer.
 */
export async function readFirstSseMessage<T = unknown>(res: Response): Promise<TrpcResult<T>> {
  if (!res.headers.get('content-type')?.includes('text/event-stream')) {
    const body = (await res.json()) as {
      error?: { json: { message: string; data: { code: string; httpStatus: number } } };
    };
    const error = body.error?.json;
    return {
      status: res.status,
      headers: res.headers,
      ...(error
        ? { error: { message: error.message, code: error.data.code, httpStatus: error.data.httpStatus } }
        : {}),
    };
  }
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return { status: res.status, headers: res.headers };
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf('\n\n');
      while (end >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const event = /^event: ?(.*)$/m.exec(block)?.[1];
        const data = /^data: ?(.*)$/m.exec(block)?.[1];
        if (event === 'serialized-error' && data) {
          type Shape = { message: string; data: { code: string; httpStatus: number } };
          const error = (JSON.parse(data) as { json: Shape }).json;
          return {
            status: error.data.httpStatus,
            headers: res.headers,
            error: { message: error.message, code: error.data.code, httpStatus: error.data.httpStatus },
          };
        }
        if (!event && data) {
          const parsed = JSON.parse(data) as Parameters<typeof superjson.deserialize>[0];
          return { status: res.status, headers: res.headers, data: superjson.deserialize<T>(parsed) };
        }
        end = buffer.indexOf('\n\n');
      }
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
}
