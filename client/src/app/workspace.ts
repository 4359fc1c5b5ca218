// The workspace ("cliente", docs/workspaces.md) the app works in. The URL carries it
// (`?cliente=<id>`, kept by every navigation), so deep links, Back and reloads keep it; the last
// one is remembered per person in localStorage and used when the URL names none; without either,
// the person's personal workspace (its id is the person's id). Every tRPC call sends it in the
// `x-pauta-workspace` header, the live stream in its connectionParams.
import { WORKSPACE_HEADER } from '@pauta/core';
import type { AppRouter } from '@pauta/server';
import { isTRPCClientError, type TRPCLink } from '@trpc/client';
import { tap } from '@trpc/server/observable';

/** The URL's search parameter that names the workspace. */
export const WORKSPACE_PARAM = 'cliente';

let current: string | null = null;

/** The workspace every call is sent for (null: none named, the server's default). */
export function currentWorkspaceId(): string | null {
  return current;
}

export function setCurrentWorkspaceId(id: string | null): void {
  current = id;
}

/** The header of a tRPC query or mutation. */
export function workspaceHeaders(): Record<string, string> {
  return current ? { [WORKSPACE_HEADER]: current } : {};
}

/** The live stream's connectionParams (an EventSource sends no headers). */
export function workspaceConnectionParams(): Record<string, string> | null {
  return current ? { workspace: current } : null;
}

function storageKey(userId: string): string {
  return `pauta:cliente:${userId}`;
}

export function storedWorkspaceId(userId: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(userId));
  } catch {
    return null;
  }
}

export function rememberWorkspaceId(userId: string, id: string): void {
  try {
    window.localStorage.setItem(storageKey(userId), id);
  } catch {
    // Private mode or storage full: the URL still carries the workspace.
  }
}

/** The workspace asked for: the URL's, else the remembered one, else the personal one. */
export function requestedWorkspaceId(search: string, userId: string): string {
  const fromUrl = new URLSearchParams(search).get(WORKSPACE_PARAM);
  return fromUrl || storedWorkspaceId(userId) || userId;
}

/** `url` (path, search, hash) with `?cliente=<id>` set. */
export function withWorkspaceParam(url: string, id: string): string {
  const parsed = new URL(url, 'http://pauta.invalid');
  parsed.searchParams.set(WORKSPACE_PARAM, id);
  return parsed.pathname + parsed.search + parsed.hash;
}

/**
 * A navigation inside the app keeps the current URL's workspace when the target names none
 * (every link is written as `/<view>`). The sign-in page and other origins are left alone.
 */
export function keepWorkspaceParam(to: string, currentSearch: string): string {
  const id = new URLSearchParams(currentSearch).get(WORKSPACE_PARAM);
  if (!id || !to.startsWith('/') || to.startsWith('//')) return to;
  const parsed = new URL(to, 'http://pauta.invalid');
  if (parsed.searchParams.has(WORKSPACE_PARAM) || parsed.pathname.startsWith('/auth')) return to;
  return withWorkspaceParam(to, id);
}

/** A call refused for the workspace it was sent for: the person is out of it, or lost a permission. */
export type WorkspaceRefusal = 'WORKSPACE_UNAVAILABLE' | 'FORBIDDEN';
type RefusalListener = (workspaceId: string, refusal: WorkspaceRefusal) => void;
const refusalListeners = new Set<RefusalListener>();

/**
 * Listens for refusals of calls sent for a workspace (app/WorkspaceScope.tsx re-reads the
 * person's workspaces then: a removed member moves elsewhere, a lowered role is re-read).
 */
export function onWorkspaceRefusal(listener: RefusalListener): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

/** Tells the listeners; called by workspaceRefusalLink (and tests). */
export function reportWorkspaceRefusal(workspaceId: string, refusal: WorkspaceRefusal): void {
  for (const listener of refusalListeners) listener(workspaceId, refusal);
}

/**
 * A tRPC link that watches every answer — queries, mutations and the live stream — for
 * WORKSPACE_UNAVAILABLE and FORBIDDEN, and reports them with the workspace the call was sent for.
 */
export function workspaceRefusalLink(): TRPCLink<AppRouter> {
  return () =>
    ({ op, next }) => {
      const sentFor = current;
      return next(op).pipe(
        tap({
          error: (error) => {
            if (!sentFor || !isTRPCClientError(error)) return;
            if (error.message === 'WORKSPACE_UNAVAILABLE' || error.message === 'FORBIDDEN')
              reportWorkspaceRefusal(sentFor, error.message);
          },
        }),
      );
    };
}
