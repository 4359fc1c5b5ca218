// The workspace ("cliente", docs/workspaces.md) the app works in. The URL carries it
// (`?cliente=<id>`, kept by every navigation), so deep links, Back and reloads keep it; the last
// one is remembered per person in localStorage and used when the URL names none; without either,
// the person's personal workspace (its id is the person's id). Every tRPC call sends it in the
// `x-pauta-workspace` header, the live stream in its connectionParams.
import { WORKSPACE_HEADER } from '@pauta/core';

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
