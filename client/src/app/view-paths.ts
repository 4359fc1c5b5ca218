// Every in-app view lives at /<view-id> (docs/architecture.md §7), so deep links and Back work.
import type { View } from '@pauta/core';
import { navigate, useSearch } from './navigation';

/** `/scheduled-posts`, or `/scheduled-posts?theme=…` with query parameters. */
export function viewPath(view: View, params?: Record<string, string>): string {
  const query = params ? new URLSearchParams(params).toString() : '';
  return query ? `/${view}?${query}` : `/${view}`;
}

/** Switches the app to a view (spec §2.3 "navigate event"); pushes a history entry. */
export function goToView(view: View, params?: Record<string, string>): void {
  navigate(viewPath(view, params));
}

/** One query parameter of the current URL (`theme` of `/edit?theme=…`); re-renders on navigation. */
export function useViewParam(name: string): string | null {
  const search = useSearch();
  return new URLSearchParams(search).get(name);
}
