// Shapes of the themes API as the client sees them (inferred from the router's type), plus the
// cache refresh every theme change needs.
import { useQueryClient } from '@tanstack/react-query';
import type { inferRouterClient } from '@trpc/client';
import { useCallback } from 'react';
import type { AppRouter } from './trpc';
import { useTRPC } from './trpc';

type Themes = inferRouterClient<AppRouter>['themes'];

export type ThemeListItem = Awaited<ReturnType<Themes['list']['query']>>[number];
export type ThemeDetail = Awaited<ReturnType<Themes['get']['query']>>;
type CreateThemeResult = Awaited<ReturnType<Themes['create']['mutate']>>;
export type CreationOutcome = CreateThemeResult['outcome'];
type GeneratedDrafts = Awaited<ReturnType<Themes['generateDrafts']['mutate']>>;
export type Draft = GeneratedDrafts['drafts'][number];
export type DraftSource = GeneratedDrafts['source'];
export type DraftMode = Parameters<Themes['generateDrafts']['mutate']>[0]['mode'];

/**
 * After a theme changed: reload the themes (list, counts, the edited theme) and the session
 * (its `hasThemes` picks the initial view), and mark every other answer (posts, dashboard) stale.
 */
export function useRefreshAfterThemeChange() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries(trpc.themes.pathFilter()),
      queryClient.invalidateQueries(trpc.auth.session.queryFilter()),
      queryClient.invalidateQueries({ refetchType: 'none' }),
    ]);
  }, [queryClient, trpc]);
}
