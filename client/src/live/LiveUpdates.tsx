// Mounted once for a signed-in user: the `live.events` SSE stream (docs/live-updates.md). The
// browser's EventSource reconnects by itself and tRPC sends the last event id it saw, so the
// server replays what was missed; a `resync` refetches every screen.
import { Anchor, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import { useMemo } from 'react';
import { Link } from '../app/Link';
import { useCan } from '../app/permissions';
import { showError, showInfo, showSuccess, showWarning } from '../lib/toast';
import { useTRPC } from '../lib/trpc';
import { createLiveHandler, type LiveToast } from './live-events';

function showLiveToast(toast: LiveToast) {
  const message = (
    <Stack gap={4}>
      {toast.message && <Text size="sm">{toast.message}</Text>}
      {toast.link && (
        <Anchor component={Link} href={toast.link.href} size="sm">
          {toast.link.label}
        </Anchor>
      )}
    </Stack>
  );
  const show = { success: showSuccess, error: showError, warning: showWarning, info: showInfo }[toast.kind];
  show(toast.title, message, { autoClose: toast.kind === 'success' ? 6000 : 10_000 });
}

/** The stream of the workspace on screen; a role that may not read the workspace (Cliente) opens none. */
export function LiveUpdates({ workspaceId }: { workspaceId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canRead = useCan('workspace.read');
  const handler = useMemo(
    () =>
      createLiveHandler({
        queryClient,
        workspaceId,
        toast: showLiveToast,
        filters: {
          posts: trpc.posts.pathFilter(),
          published: trpc.published.pathFilter(),
          dashboard: trpc.dashboard.pathFilter(),
          bestTime: trpc.bestTime.pathFilter(),
          postingQueue: trpc.postingQueue.pathFilter(),
          reports: trpc.reports.pathFilter(),
          themes: trpc.themes.pathFilter(),
          approval: trpc.approval.pathFilter(),
          // Contas Conectadas' list and every active account (the composer's picker, cards).
          accounts: {
            predicate: (query) => {
              const path = query.queryKey[0];
              return (
                Array.isArray(path) && path[0] === 'accounts' && (path[1] === 'list' || path[1] === 'active')
              );
            },
          },
          adminLogs: [trpc.admin.logs.pathFilter(), trpc.admin.stats.pathFilter()],
        },
      }),
    [queryClient, trpc, workspaceId],
  );
  useSubscription(
    trpc.live.events.subscriptionOptions(
      {},
      {
        // No EventSource (old browsers, jsdom): the screens still refetch on navigation.
        enabled: typeof EventSource !== 'undefined' && canRead,
        onData: (tracked) => handler.handle(tracked.data),
      },
    ),
  );
  return null;
}
