// A fake server at the fetch level: the real tRPC client (batched queries, one request per
// mutation with its Idempotency-Key, superjson) talks to handlers keyed by procedure path
// ('auth.session'), so tests exercise the real wire format.
import superjson from 'superjson';
import { vi } from 'vitest';

/** Thrown by a handler to answer with a tRPC error (`message` is the server's ErrorCode). */
export class TrpcErrorResponse extends Error {
  constructor(
    readonly code:
      | 'BAD_REQUEST'
      | 'UNAUTHORIZED'
      | 'FORBIDDEN'
      | 'NOT_FOUND'
      | 'CONFLICT'
      | 'PRECONDITION_FAILED'
      | 'UNPROCESSABLE_CONTENT'
      | 'TOO_MANY_REQUESTS'
      | 'INTERNAL_SERVER_ERROR',
    message: string,
    readonly extra: { details?: Record<string, unknown>; zodError?: unknown } = {},
  ) {
    super(message);
  }
}

const HTTP_STATUS: Record<TrpcErrorResponse['code'], number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
};

const JSON_RPC_CODE: Record<TrpcErrorResponse['code'], number> = {
  BAD_REQUEST: -32600,
  UNAUTHORIZED: -32001,
  FORBIDDEN: -32003,
  NOT_FOUND: -32004,
  CONFLICT: -32009,
  PRECONDITION_FAILED: -32012,
  UNPROCESSABLE_CONTENT: -32022,
  TOO_MANY_REQUESTS: -32029,
  INTERNAL_SERVER_ERROR: -32603,
};

export type Handler = (input: unknown) => unknown;

export interface TrpcCall {
  path: string;
  input: unknown;
  /** The Idempotency-Key header of a mutation's request (null when absent). */
  idempotencyKey: string | null;
  /** The x-pauta-workspace header (the cliente the call is for; null when absent). */
  workspace: string | null;
}

/** A promise the test resolves when it wants the server to answer (to observe pending states). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export const signedOut = { user: null };

export function signedIn(hasThemes: boolean | null = true) {
  return {
    user: {
      id: 'user-1',
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Souza',
      timezone: 'America/Sao_Paulo',
    },
    hasThemes,
  };
}

export const defaultStatus = {
  sandbox: false,
  publishingAvailable: true,
  contactEmail: 'privacidade@pauta.test',
  localMailbox: false,
  aiConfigured: false,
};

/** admin.workers.status of a healthy install: one worker alive, nothing late. */
export const defaultWorkersStatus = {
  health: { status: 'ok', alive: 1, duePosts: 0, lastSeenAt: new Date(), minutesSinceSeen: 0 },
  workers: [
    {
      id: 'w-1',
      host: 'worker-1',
      pid: 4242,
      version: 'v1.2.3',
      startedAt: new Date('2026-11-26T12:00:00Z'),
      lastBeatAt: new Date(),
      stoppedAt: null as Date | null,
      state: 'alive' as 'alive' | 'silent' | 'stopped',
      secondsSinceBeat: 5,
    },
  ],
};

/** posts.budget of an installation where no network has a budget (the composer shows none). */
export const noBudgetUsage = {
  timeZone: 'America/Sao_Paulo',
  month: '2026-11',
  today: '2026-11-20',
  currentMonth: '2026-11',
  networks: [],
  defaults: {
    linkedin: { month: null, day: null, scope: 'installation' },
    facebook: { month: null, day: null, scope: 'installation' },
    x: { month: 1500, day: 17, scope: 'installation' },
    instagram: { month: null, day: 50, scope: 'account' },
    threads: { month: null, day: 250, scope: 'account' },
    linkedin_page: { month: null, day: null, scope: 'installation' },
    mastodon: { month: null, day: 360, scope: 'account' },
    bluesky: { month: null, day: 11_666, scope: 'account' },
    pinterest: { month: null, day: 200, scope: 'installation' },
    google_business: { month: null, day: null, scope: 'installation' },
    youtube: { month: null, day: 6, scope: 'installation' },
    tiktok: { month: null, day: 15, scope: 'account' },
  },
  budgets: {
    linkedin: { month: null, day: null, scope: 'installation' },
    facebook: { month: null, day: null, scope: 'installation' },
    x: { month: null, day: null, scope: 'installation' },
    instagram: { month: null, day: null, scope: 'account' },
    threads: { month: null, day: null, scope: 'account' },
    linkedin_page: { month: null, day: null, scope: 'installation' },
    mastodon: { month: null, day: null, scope: 'account' },
    bluesky: { month: null, day: null, scope: 'account' },
    pinterest: { month: null, day: null, scope: 'installation' },
    google_business: { month: null, day: null, scope: 'installation' },
    youtube: { month: null, day: null, scope: 'installation' },
    tiktok: { month: null, day: null, scope: 'account' },
  },
};

/**
 * Replaces `fetch` with the fake server. Values in `handlers` answer as they are; functions get
 * the call's input and may return a promise or throw a TrpcErrorResponse.
 */
export const personalWorkspace = {
  id: 'user-1',
  name: 'Pessoal',
  color: null,
  personal: true,
  role: 'owner',
} as const;

export function mockTrpc(handlers: Record<string, unknown>) {
  const calls: TrpcCall[] = [];
  const table: Record<string, unknown> = {
    'system.status': defaultStatus,
    'admin.workers.status': defaultWorkersStatus,
    // The shell's account banner reads it on every view: no account needs anything by default.
    'accounts.list': [],
    'posts.budget': noBudgetUsage,
    // A post without images (the edit dialog's image field asks for them).
    'media.list': [],
    // The edit dialog's 'Histórico de entrega': nothing happened yet.
    'posts.deliveryTimeline': { entries: [], url: null },
    // The edit dialog's "Antes de agendar" (docs/preflight.md): nothing to report.
    'posts.preflight': (input: { platform?: string }) => ({
      platform: input?.platform ?? 'linkedin',
      level: 'ok',
      checks: [],
    }),
    // The edit dialog's "Inserir trecho": no saved snippets.
    'snippets.list': { snippets: [], max: 50 },
    // Only the personal workspace ("cliente"), whose id is the person's.
    'workspaces.list': { workspaces: [personalWorkspace] },
    ...handlers,
  };

  const answer = async (
    path: string,
    input: unknown,
    idempotencyKey: string | null,
    workspace: string | null,
  ) => {
    calls.push({ path, input, idempotencyKey, workspace });
    if (!Object.hasOwn(table, path)) throw new TrpcErrorResponse('NOT_FOUND', `no handler for ${path}`);
    const handler = table[path];
    return typeof handler === 'function' ? await (handler as Handler)(input) : handler;
  };

  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const parsed = new URL(String(url), 'http://localhost');
    const batched = parsed.searchParams.get('batch') === '1';
    const paths = decodeURIComponent(parsed.pathname.replace(/^\/trpc\//, '')).split(',');
    const body: unknown =
      init?.method === 'POST'
        ? JSON.parse(String(init.body ?? '{}'))
        : JSON.parse(parsed.searchParams.get('input') ?? '{}');
    // A batch sends { 0: input, 1: input }; a single request sends the input itself.
    const rawInputs = (batched ? body : { 0: body }) as Record<string, unknown>;
    const idempotencyKey = new Headers(init?.headers).get('idempotency-key');
    const workspace = new Headers(init?.headers).get('x-pauta-workspace');
    const items = await Promise.all(
      paths.map(async (path, index) => {
        const raw = rawInputs[index] as Parameters<typeof superjson.deserialize>[0] | undefined;
        const input = raw ? superjson.deserialize(raw) : undefined;
        try {
          return {
            result: { data: superjson.serialize(await answer(path, input, idempotencyKey, workspace)) },
          };
        } catch (error) {
          const failure =
            error instanceof TrpcErrorResponse
              ? error
              : new TrpcErrorResponse('INTERNAL_SERVER_ERROR', 'INTERNAL');
          return {
            error: superjson.serialize({
              message: failure.message,
              code: JSON_RPC_CODE[failure.code],
              data: {
                code: failure.code,
                httpStatus: HTTP_STATUS[failure.code],
                path,
                zodError: failure.extra.zodError ?? null,
                details: failure.extra.details ?? null,
              },
            }),
          };
        }
      }),
    );
    if (batched)
      return new Response(JSON.stringify(items), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    const [item] = items;
    const failure = item && 'error' in item ? (item.error?.json as { data?: { httpStatus?: number } }) : null;
    const status = failure?.data?.httpStatus ?? 200;
    return new Response(JSON.stringify(item), { status, headers: { 'content-type': 'application/json' } });
  });

  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** Calls of one procedure, in order. */
    callsTo: (path: string) => calls.filter((call) => call.path === path),
    /** Changes an answer for the next calls. */
    set: (path: string, handler: unknown) => {
      table[path] = handler;
    },
  };
}
