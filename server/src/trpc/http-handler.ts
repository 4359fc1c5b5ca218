// The HTTP handler of /trpc (issue 29, docs/performance.md "The lean path"). tRPC's own node-http
// adapter turns every request into a web `Request` (a `URL`, a `Headers` copy of every header, an
// `AbortController`, a `ReadableStream` for the body), runs `resolveResponse`, and writes the web
// `Response` back through a `WritableStream` — about 60 % of the CPU of a request that does nothing
// else. This handler answers the calls the client makes all day (queries by GET, batched or not;
// one mutation per POST, JSON) on the node request itself, with tRPC's own pieces in the same
// order: the procedure, `getErrorShape` (our error formatter), `transformTRPCResponse` (our
// transformer), `getHTTPStatusCode`. Anything else — the live SSE stream, `trpc-accept:
// application/jsonl`, HEAD, an unknown procedure, a method that does not fit the procedure, a batch
// over the limit, a body that is not JSON — goes to tRPC's adapter unchanged, before a byte of
// the body is read. `http-handler.integration.test.ts` sends the same requests to both and
// compares status, headers and bodies.
import type { IncomingHttpHeaders } from 'node:http';
import type { AnyTRPCRouter, TRPCError } from '@trpc/server';
import { createExpressMiddleware } from '@trpc/server/adapters/express';
import {
  type AnyProcedure,
  getErrorShape,
  getHTTPStatusCode,
  getTRPCErrorFromUnknown,
  isAsyncIterable,
  isObject,
  isPromise,
  TRPCError as TRPCErrorClass,
  transformTRPCResponse,
} from '@trpc/server/unstable-core-do-not-import';
import type { NextFunction, Request, Response } from 'express';
import type { ProcedureMeta } from './trpc.js';

type ProcedureType = 'query' | 'mutation' | 'subscription';
type CallType = ProcedureType | 'unknown';

export interface TrpcHandlerOptions<TRouter extends AnyTRPCRouter, TContext> {
  router: TRouter;
  createContext: (opts: {
    req: Request;
    res: Response;
    /** The live stream's `connectionParams` (an EventSource sends no headers); null elsewhere. */
    connectionParams?: Record<string, string | undefined> | null;
  }) => Promise<TContext>;
  maxBodySize: number;
  maxBatchSize: number;
  onError: (opts: {
    error: TRPCError;
    path: string | undefined;
    input: unknown;
    ctx: TContext | undefined;
    type: CallType;
    req: Request;
  }) => void;
}

/** One string for every answer: what tRPC's resolveResponse puts on each. */
const VARY = 'trpc-accept, accept';
/** The request's JSON is decoded as `Request.json()` does: UTF-8, a leading BOM dropped. */
const utf8 = new TextDecoder();

/** tRPC's `getAcceptHeader` is not null: the caller asked for the streaming (jsonl) answer. */
function wantsStream(headers: IncomingHttpHeaders): boolean {
  if (headers['trpc-accept'] !== undefined) return true;
  return headers.accept?.includes('application/jsonl') === true;
}

/** `content-type` is application/json (case-insensitive, parameters ignored), as tRPC checks it. */
function isJson(headers: IncomingHttpHeaders): boolean {
  const type = headers['content-type'];
  if (type === undefined) return false;
  const semicolon = type.indexOf(';');
  return (semicolon === -1 ? type : type.slice(0, semicolon)).trim().toLowerCase() === 'application/json';
}

/** tRPC's `isDataStream`: an answer it could only send over the streaming link. */
function isDataStream(value: unknown): boolean {
  if (!isObject(value)) return false;
  if (isAsyncIterable(value)) return true;
  const values = Object.values(value);
  return values.some(isPromise) || values.some(isAsyncIterable);
}

/** tRPC's `memo` of the inputs: read once, a failure becomes a 400 unless it already is a TRPCError. */
class Inputs {
  private value: Record<number, unknown> | undefined;
  private pending: Promise<Record<number, unknown>> | null = null;
  constructor(private readonly load: () => Promise<Record<number, unknown>>) {}
  read = async (): Promise<Record<number, unknown>> => {
    if (this.value !== undefined) return this.value;
    this.pending ??= this.load().catch((cause: unknown) => {
      if (cause instanceof TRPCErrorClass) throw cause;
      throw new TRPCErrorClass({
        code: 'BAD_REQUEST',
        message: cause instanceof Error ? cause.message : 'Invalid input',
        cause,
      });
    });
    this.value = await this.pending;
    this.pending = null;
    return this.value;
  };
  result = (): Record<number, unknown> | undefined => this.value;
}

/** The body, as the adapter reads it: a 413 past `maxBodySize` bytes. */
function readBody(req: Request, maxBodySize: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBodySize) {
        chunks.push(chunk);
        return;
      }
      cleanup();
      reject(new TRPCErrorClass({ code: 'PAYLOAD_TOO_LARGE' }));
    };
    const onEnd = () => {
      cleanup();
      resolve(utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks)));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    // A client that leaves mid-body: the procedure fails instead of waiting forever (and holding
    // the count of running procedures that a shutdown waits for).
    const onClose = () => onError(new Error('aborted'));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

/** The query string of `req.url` (what `new URL(req.url).searchParams` reads). */
function searchParams(url: string): URLSearchParams | null {
  const question = url.indexOf('?');
  return question === -1 ? null : new URLSearchParams(url.slice(question + 1));
}

interface Call {
  path: string;
  procedure: AnyProcedure;
}

/**
 * The calls of a request the lean path answers, or null: then tRPC's adapter answers it. Decided
 * from the method, the path, the query string and the headers only — the body is still unread.
 */
function plan(
  req: Request,
  procedures: Record<string, unknown>,
  maxBatchSize: number,
): { calls: Call[]; batch: boolean; params: URLSearchParams | null; type: ProcedureType } | null {
  const method = req.method;
  if (method !== 'GET' && method !== 'POST') return null;
  const headers = req.headers;
  if (wantsStream(headers)) return null;
  if (method === 'POST' && !isJson(headers)) return null;
  const params = searchParams(req.url);
  if (params?.has('connectionParams')) return null;
  const batch = params?.get('batch') === '1';
  // The express adapter's path: what follows the last slash, URL-decoded.
  const raw = req.path.slice(req.path.lastIndexOf('/') + 1);
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const paths = batch ? decoded.split(',') : [decoded];
  if (paths.length > maxBatchSize) return null;
  const type: ProcedureType = method === 'GET' ? 'query' : 'mutation';
  // A batch of mutations is allowed by tRPC but never sent by our client (one per request, each
  // with its Idempotency-Key): the adapter answers it.
  if (batch && type === 'mutation') return null;
  const calls: Call[] = [];
  for (const path of paths) {
    if (!Object.hasOwn(procedures, path)) return null;
    const procedure = procedures[path] as AnyProcedure;
    if (procedure._def.type !== type) return null;
    calls.push({ path, procedure });
  }
  return { calls, batch, params, type };
}

export function createTrpcHandler<TRouter extends AnyTRPCRouter, TContext>(
  opts: TrpcHandlerOptions<TRouter, TContext>,
) {
  const config = opts.router._def._config;
  const procedures = opts.router._def.procedures as Record<string, unknown>;
  const deserialize = (value: unknown) => config.transformer.input.deserialize(value);
  // Everything the lean path does not answer, as before (the live stream included).
  const adapter = createExpressMiddleware({
    router: opts.router,
    maxBodySize: opts.maxBodySize,
    allowBatching: true,
    maxBatchSize: opts.maxBatchSize,
    createContext: ({ req, res, info }) =>
      opts.createContext({ req, res, connectionParams: info.connectionParams }),
    onError: ({ error, path, input, ctx, type, req }) =>
      opts.onError({ error, path, input, ctx: ctx as TContext | undefined, type, req }),
  });

  async function answer(
    req: Request,
    res: Response,
    { calls, batch, params, type }: NonNullable<ReturnType<typeof plan>>,
  ): Promise<void> {
    const inputs = new Inputs(async () => {
      let raw: unknown;
      if (type === 'query') {
        const text = params?.get('input');
        if (text) raw = JSON.parse(text);
      } else {
        // A lone mutation may allow a larger body (ProcedureMeta.maxBodyBytes: the CSV import).
        const own = batch
          ? undefined
          : (calls[0]?.procedure._def.meta as ProcedureMeta | undefined)?.maxBodyBytes;
        raw = JSON.parse(await readBody(req, own ?? opts.maxBodySize));
      }
      const result: Record<number, unknown> = Object.create(null);
      if (raw === undefined) return result;
      if (!batch) {
        result[0] = deserialize(raw);
        return result;
      }
      if (!isObject(raw)) {
        throw new TRPCErrorClass({
          code: 'BAD_REQUEST',
          message: '"input" needs to be an object when doing a batch call',
        });
      }
      for (let index = 0; index < calls.length; index++) {
        const input = raw[index];
        if (input !== undefined) result[index] = deserialize(input);
      }
      return result;
    });
    let ctx: TContext | undefined;
    let ctxError: TRPCError | undefined;
    try {
      ctx = await opts.createContext({ req, res });
    } catch (cause) {
      ctxError = getTRPCErrorFromUnknown(cause);
    }
    const settled = await Promise.all(
      calls.map(async (call, index): Promise<[TRPCError, undefined] | [undefined, unknown]> => {
        try {
          if (ctxError) throw ctxError;
          const data = await call.procedure({
            path: call.path,
            getRawInput: async () => (await inputs.read())[index],
            ctx,
            type,
            // Only a subscription listens to it, and subscriptions take the adapter's path.
            signal: undefined,
            batchIndex: index,
          });
          return [undefined, data];
        } catch (cause) {
          const error = getTRPCErrorFromUnknown(cause);
          opts.onError({ error, path: call.path, input: inputs.result()?.[index], ctx, type, req });
          return [error, undefined];
        }
      }),
    );
    const shapes = settled.map(([error, data], index) => {
      const call = calls[index]!;
      if (!error && batch && isDataStream(data)) {
        error = new TRPCErrorClass({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
        });
      }
      if (!error && !batch && isDataStream(data)) {
        // resolveResponse throws this one to its outer catch: logged without a path.
        error = new TRPCErrorClass({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          message: 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink',
        });
        opts.onError({ error, path: undefined, input: undefined, ctx, type, req });
        return {
          error: getErrorShape({ config, ctx, error, input: undefined, path: undefined, type }),
        };
      }
      if (error) {
        return {
          error: getErrorShape({
            config,
            ctx,
            error,
            input: inputs.result()?.[index],
            path: call.path,
            type,
          }),
        };
      }
      return { result: { data } };
    });
    const body = JSON.stringify(transformTRPCResponse(config, batch ? shapes : shapes[0]!));
    if (res.statusCode === 200) res.statusCode = getHTTPStatusCode(shapes);
    res.setHeader('content-type', 'application/json');
    res.setHeader('vary', VARY);
    res.end(body);
  }

  /** What tRPC's adapter does with an exception of its own: a 500 in the error model. */
  function failed(req: Request, res: Response, cause: unknown) {
    const error = getTRPCErrorFromUnknown(cause);
    const shape = getErrorShape({
      config,
      error,
      type: 'unknown',
      path: undefined,
      input: undefined,
      ctx: undefined,
    });
    opts.onError({ error, path: undefined, input: undefined, ctx: undefined, type: 'unknown', req });
    if (res.headersSent) {
      res.end();
      return;
    }
    res.statusCode = shape.data.httpStatus;
    res.end(JSON.stringify(transformTRPCResponse(config, { error: shape })));
  }

  return (req: Request, res: Response, next: NextFunction): void => {
    const calls = plan(req, procedures, opts.maxBatchSize);
    if (!calls) {
      // Live updates are an SSE stream (docs/live-updates.md): nginx-style proxies must not buffer it.
      if (req.headers.accept?.includes('text/event-stream')) res.setHeader('X-Accel-Buffering', 'no');
      adapter(req, res, next);
      return;
    }
    answer(req, res, calls).catch((cause: unknown) => failed(req, res, cause));
  };
}
