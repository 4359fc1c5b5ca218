// The one error model end to end, without a database: a procedure throws an AppError; the caller
// gets the code's tRPC code, the HTTP answer its status, the pt-BR text and the typed details.
import { AppError, errorMessages } from '@pauta/core';
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { describe, expect, it } from 'vitest';
import { TRPC_CODE_OF, userMessageOf } from './errors.js';
import { type Context, publicProcedure, router } from './trpc.js';

const testRouter = router({
  themeLimit: publicProcedure.query(() => {
    throw new AppError('THEME_LIMIT_REACHED', { max: 3 });
  }),
  rateLimited: publicProcedure.query(() => {
    throw new AppError('RATE_LIMITED', { retryAfterSeconds: 42 });
  }),
  upstream: publicProcedure.query(() => {
    throw new AppError('OAUTH_FAILED', { platform: 'x', reason: 'network' }, { upstream: true });
  }),
  bug: publicProcedure.query(() => {
    throw new Error('secret internal detail');
  }),
  // What node-postgres throws when PostgreSQL restarts under a statement (pg_ctl restart -m fast).
  databaseRestarting: publicProcedure.query(() => {
    throw Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
  }),
  databaseGone: publicProcedure.query(() => {
    throw new Error('Connection terminated unexpectedly');
  }),
});

function context(headers: Record<string, string> = {}): Context {
  return {
    deps: {} as Context['deps'],
    user: null,
    requestId: 'test',
    ip: '127.0.0.1',
    cookies: {} as Context['cookies'],
    res: {
      setHeader: (name: string, value: string) => {
        headers[name] = value;
      },
    } as unknown as Context['res'],
  };
}

async function call(path: string, createContext?: () => Context) {
  const headers: Record<string, string> = {};
  const response = await fetchRequestHandler({
    endpoint: '/trpc',
    req: new Request(`http://localhost/trpc/${path}`),
    router: testRouter,
    createContext: createContext ?? (() => context(headers)),
  });
  const body = (await response.json()) as {
    error: { json: { message: string; data: Record<string, unknown> } };
  };
  return { status: response.status, headers, error: body.error.json };
}

describe('AppError through tRPC', () => {
  it('gives every code a tRPC code', () => {
    expect(Object.keys(TRPC_CODE_OF).sort()).toEqual(Object.keys(errorMessages).sort());
  });

  it('answers the code, its HTTP status, its pt-BR text and its typed details', async () => {
    const { status, error } = await call('themeLimit');
    expect(status).toBe(403);
    expect(error.message).toBe('THEME_LIMIT_REACHED');
    expect(error.data).toMatchObject({
      code: 'FORBIDDEN',
      httpStatus: 403,
      details: { max: 3 },
      userMessage: errorMessages.THEME_LIMIT_REACHED,
    });
  });

  it('says when to come back on RATE_LIMITED', async () => {
    const { status, headers, error } = await call('rateLimited');
    expect(status).toBe(429);
    expect(headers['Retry-After']).toBe('42');
    expect(error.data.details).toEqual({ retryAfterSeconds: 42 });
  });

  it('answers 502 for a failure of the outside world', async () => {
    const { status, error } = await call('upstream');
    expect(status).toBe(502);
    expect(error.message).toBe('OAUTH_FAILED');
    expect(error.data.details).toEqual({ platform: 'x', reason: 'network' });
  });

  it('keeps any other error on the server', async () => {
    const { status, error } = await call('bug');
    expect(status).toBe(500);
    expect(error.message).toBe('INTERNAL');
    expect(JSON.stringify(error)).not.toContain('secret internal detail');
  });

  it('answers 503 with the pt-BR "try again" while PostgreSQL is away, never a 500', async () => {
    for (const path of ['databaseRestarting', 'databaseGone']) {
      const { status, headers, error } = await call(path);
      expect(status, path).toBe(503);
      expect(headers['Retry-After']).toBe('5');
      expect(error.message).toBe('DATABASE_UNAVAILABLE');
      expect(error.data.userMessage).toBe(
        'Estamos com uma instabilidade temporária. Tente de novo em alguns instantes.',
      );
      expect(JSON.stringify(error)).not.toContain('administrator command');
    }
  });

  it('answers 503 when the session lookup of the context meets PostgreSQL away', async () => {
    const { status, error } = await call('themeLimit', () => {
      throw new AppError('DATABASE_UNAVAILABLE');
    });
    expect(status).toBe(503);
    expect(error.message).toBe('DATABASE_UNAVAILABLE');
  });

  it('throws the mapped TRPCError to a direct caller, with the AppError as its cause', async () => {
    const caller = router({ t: testRouter }).createCaller(context());
    await expect(caller.t.themeLimit()).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'THEME_LIMIT_REACHED',
      cause: { code: 'THEME_LIMIT_REACHED', details: { max: 3 } },
    });
  });
});

describe('userMessageOf a refused post option (docs/post-options.md)', () => {
  it('is the first option’s own sentence; other VALIDATION_FAILED keep the code’s text', () => {
    const refused = new AppError('VALIDATION_FAILED', {
      field: 'networkOptions',
      optionIssues: [
        { key: 'privacy', message: 'Escolha “Privacidade” nas Opções do TikTok antes de agendar.' },
        { key: 'title', message: 'outra' },
      ],
    });
    expect(userMessageOf(refused)).toBe('Escolha “Privacidade” nas Opções do TikTok antes de agendar.');
    expect(userMessageOf(new AppError('VALIDATION_FAILED', { field: 'scheduledFor' }))).toBe(
      errorMessages.VALIDATION_FAILED,
    );
  });
});
