// One Idempotency-Key per user action (docs/idempotency.md). A tRPC link in front of the HTTP
// links: every mutation gets the key of its action — the same procedure with the same input — so
// a double-click, a repeat after a lost answer or a retry of the same action carries the same
// key and the server runs it once. The same action already in flight is not sent again: its
// callers share the one answer. The key is forgotten once the server has answered for good.
import { canonicalJson } from '@pauta/core';
import type { AppRouter } from '@pauta/server';
import { isTRPCClientError, type TRPCLink } from '@trpc/client';
import { type Observable, share, tap } from '@trpc/server/observable';
import { currentWorkspaceId } from '../app/workspace';
import { httpStatusOf } from './errors';

const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Well inside the server's 24 h: an older key would be a new action there anyway. */
const KEY_LIFETIME_MS = 12 * 60 * 60 * 1000;

/**
 * 128 random bits as 32 hex characters. crypto.getRandomValues, not randomUUID: randomUUID
 * exists only in secure contexts, and Pauta may be opened over plain http on a local network.
 */
function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * True when the server is done with the key: it answered (success, or a refusal after which it
 * released the key). Kept on no answer (offline, a timeout), a 5xx (a proxy may have given up while
 * the server still works) and REQUEST_IN_PROGRESS, so the next try of the action replays.
 */
function settlesKey(error: unknown): boolean {
  if (!isTRPCClientError(error)) return false;
  const status = httpStatusOf(error);
  if (status === undefined || status >= 500) return false;
  return error.message !== 'REQUEST_IN_PROGRESS';
}

interface Action {
  key: string;
  createdAt: number;
}

// biome-ignore lint/suspicious/noExplicitAny: the shared answer is whatever the next link emits.
type Answer = Observable<any, any>;

export function idempotencyLink(
  options: { now?: () => number; newKey?: () => string } = {},
): TRPCLink<AppRouter> {
  const now = options.now ?? Date.now;
  const newKey = options.newKey ?? newIdempotencyKey;
  const actions = new Map<string, Action>();
  const inFlight = new Map<string, Answer>();
  return () =>
    ({ op, next }) => {
      if (op.type !== 'mutation') return next(op);
      // The same input in another workspace ("cliente") is another action.
      const action = `${currentWorkspaceId() ?? ''}\n${op.path}\n${canonicalJson(op.input)}`;
      const running = inFlight.get(action);
      if (running) return running;
      for (const [kept, { createdAt }] of actions)
        if (now() - createdAt > KEY_LIFETIME_MS) actions.delete(kept);
      let known = actions.get(action);
      if (!known) {
        known = { key: newKey(), createdAt: now() };
        actions.set(action, known);
      }
      const done = () => inFlight.delete(action);
      const answer: Answer = next({ ...op, context: { ...op.context, idempotencyKey: known.key } }).pipe(
        tap({
          next: () => actions.delete(action),
          error: (error) => {
            if (settlesKey(error)) actions.delete(action);
            done();
          },
          complete: done,
        }),
        share(),
      );
      inFlight.set(action, answer);
      return answer;
    };
}

/** The key the idempotency link put on the operation (for the HTTP link's headers). */
export function idempotencyHeaders(op: { context: Record<string, unknown> }): Record<string, string> {
  const key = op.context.idempotencyKey;
  return typeof key === 'string' ? { [IDEMPOTENCY_HEADER]: key } : {};
}
