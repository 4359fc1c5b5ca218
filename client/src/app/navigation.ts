// Client-side navigation without a router dependency: the URL path is the state, read through
// useSyncExternalStore and changed with history.pushState (plus popstate for Back/Forward).
import { useSyncExternalStore } from 'react';
import { keepWorkspaceParam } from './workspace';

const NAVIGATE_EVENT = 'pauta:navigate';

interface NavigateOptions {
  /** Replace the current history entry instead of pushing a new one. */
  replace?: boolean;
}

/** Goes to a same-origin URL (`/auth`, `/connected-accounts?connection=true`) without reloading. */
export function navigate(target: string, { replace = false }: NavigateOptions = {}): void {
  // The workspace ("cliente") in the URL follows the person from view to view.
  const to = keepWorkspaceParam(target, window.location.search);
  const current = window.location.pathname + window.location.search + window.location.hash;
  if (to !== current) {
    if (replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
  }
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
  if (!replace) window.scrollTo(0, 0);
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('popstate', onChange);
  window.addEventListener(NAVIGATE_EVENT, onChange);
  return () => {
    window.removeEventListener('popstate', onChange);
    window.removeEventListener(NAVIGATE_EVENT, onChange);
  };
}

/** The current path without a trailing slash (`/` stays `/`); re-renders on every navigation. */
export function usePathname(): string {
  return useSyncExternalStore(subscribe, readPathname, renderedPathname);
}

/** The current query string (`?connection=true`, or `''`); re-renders on every navigation. */
export function useSearch(): string {
  return useSyncExternalStore(subscribe, readSearch, renderedSearch);
}

/** The path a build-time render shows (client/src/prerender.tsx); there is no window there. */
let prerenderPathname = '/';

/** Sets the path the build-time render of a public page renders (client/src/prerender.tsx). */
export function setPrerenderPathname(pathname: string): void {
  prerenderPathname = normalizePathname(pathname);
}

// The "server snapshot": read during the build-time render and while the browser hydrates it.
// A prerendered page is sent only for its own path, so in the browser it is the URL's.
function renderedPathname(): string {
  return typeof window === 'undefined' ? prerenderPathname : readPathname();
}

function renderedSearch(): string {
  return typeof window === 'undefined' ? '' : readSearch();
}

function readPathname(): string {
  return normalizePathname(window.location.pathname);
}

function readSearch(): string {
  return window.location.search;
}

export function normalizePathname(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
