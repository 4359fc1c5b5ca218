// The workers' heartbeats as admins see them (admin.workers.status): the shell's no-worker banner
// and the Administração's Workers section share this query (docs/operations.md "Worker vivo").
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

const WORKERS_REFETCH_MS = 30_000;

export function useWorkersStatus(enabled = true) {
  const trpc = useTRPC();
  return useQuery(
    trpc.admin.workers.status.queryOptions(undefined, {
      enabled,
      refetchInterval: WORKERS_REFETCH_MS,
      staleTime: 10_000,
    }),
  );
}
