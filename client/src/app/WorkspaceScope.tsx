// Chooses the workspace ("cliente") the signed-in app shows (app/workspace.ts) and renders the app
// inside it. A change — the switcher, Back to another cliente, a fallback — drops every cached
// answer of the previous workspace before the app renders again (keyed by the workspace, so the
// views and the live stream start over): nothing of the previous cliente stays on screen.
// A call refused for the cliente on screen (WORKSPACE_UNAVAILABLE: removed; FORBIDDEN: a role
// lowered) re-reads the person's workspaces: a cliente they left moves them to their personal one
// with a notice, a lowered role becomes the `role` every screen reads.
import { membersMessages, messages } from '@pauta/core';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { createContext, Fragment, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ViewLoading } from '../components/ViewLoading';
import { announce } from '../lib/announcer';
import { showWarning } from '../lib/toast';
import { useTRPC } from '../lib/trpc';
import { navigate, useSearch } from './navigation';
import {
  onWorkspaceRefusal,
  rememberWorkspaceId,
  requestedWorkspaceId,
  setCurrentWorkspaceId,
  WORKSPACE_PARAM,
  withWorkspaceParam,
} from './workspace';

export interface WorkspaceSummary {
  id: string;
  name: string;
  color: string | null;
  personal: boolean;
  role: 'owner' | 'editor' | 'reviewer' | 'client';
}

interface WorkspaceState {
  /** The workspace on screen. */
  id: string;
  /** The person's workspaces (empty while loading or when the list failed). */
  workspaces: WorkspaceSummary[];
  /** The person's role in the workspace on screen (null while the list loads or failed). */
  role: WorkspaceSummary['role'] | null;
  /** Goes to another workspace (a new history entry, so Back returns). */
  switchTo: (id: string) => void;
}

/** The least time between two re-reads of the list caused by refusals. */
const REFRESH_GAP_MS = 2000;

const WorkspaceContext = createContext<WorkspaceState | null>(null);

export function useWorkspace(): WorkspaceState | null {
  return useContext(WorkspaceContext);
}

/** The session and the person's workspace list are the person's, not a workspace's: they stay. */
function dropWorkspaceQueries(queryClient: QueryClient) {
  void queryClient.cancelQueries({ predicate: (query) => !isPersonQuery(query.queryKey) });
  queryClient.removeQueries({ predicate: (query) => !isPersonQuery(query.queryKey) });
}

function isPersonQuery(queryKey: readonly unknown[]): boolean {
  const path = JSON.stringify(queryKey[0]);
  return (
    path === JSON.stringify(['auth', 'session']) ||
    path === JSON.stringify(['workspaces', 'list']) ||
    path === JSON.stringify(['system', 'status'])
  );
}

/**
 * The workspace to show: the one asked for when the person is in it; the personal one (or the
 * first) when the list says they are not; the one asked for while the list loads (or failed: the
 * server refuses then with its own message).
 */
export function resolveWorkspace(
  requested: string,
  workspaces: WorkspaceSummary[] | undefined,
): { id: string; unavailable: boolean } {
  if (!workspaces || workspaces.length === 0) return { id: requested, unavailable: false };
  if (workspaces.some((w) => w.id === requested)) return { id: requested, unavailable: false };
  const fallback = workspaces.find((w) => w.personal) ?? workspaces[0];
  return { id: fallback?.id ?? requested, unavailable: true };
}

export function WorkspaceScope({ userId, children }: { userId: string; children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const search = useSearch();
  const list = useQuery(trpc.workspaces.list.queryOptions());
  const workspaces = list.data?.workspaces as WorkspaceSummary[] | undefined;
  const requested = requestedWorkspaceId(search, userId);
  const { id: wanted, unavailable } = resolveWorkspace(requested, workspaces);
  // A workspace other than the personal one is shown once the list confirms it (no screen of
  // refusals first); the personal one at once, so a person with one workspace never waits.
  const confirmed = wanted === userId || workspaces !== undefined || list.isError;
  const [applied, setApplied] = useState<string | null>(() => {
    if (!confirmed) return null;
    setCurrentWorkspaceId(wanted);
    return wanted;
  });

  useLayoutEffect(() => {
    if (!confirmed || wanted === applied) return;
    setCurrentWorkspaceId(wanted);
    if (applied !== null) dropWorkspaceQueries(queryClient);
    setApplied(wanted);
  }, [confirmed, wanted, applied, queryClient]);

  // A refusal for the workspace on screen: read the list again (at most every 2 s).
  const lastRefresh = useRef(0);
  useEffect(
    () =>
      onWorkspaceRefusal((workspaceId) => {
        if (workspaceId !== applied || Date.now() - lastRefresh.current < REFRESH_GAP_MS) return;
        lastRefresh.current = Date.now();
        void queryClient.invalidateQueries(trpc.workspaces.list.queryFilter());
      }),
    [applied, queryClient, trpc],
  );
  // The names of the workspaces seen, so a notice can say which one the person lost.
  const known = useRef(new Map<string, string>());
  for (const w of workspaces ?? []) known.current.set(w.id, w.name);
  // A workspace that was in the person's list and no longer is: they lost access to it.
  const lost = unavailable ? known.current.get(requested) : undefined;

  const several = (workspaces?.length ?? 0) > 1;
  const urlId = new URLSearchParams(search).get(WORKSPACE_PARAM);
  useLayoutEffect(() => {
    if (!confirmed) return;
    if (lost !== undefined)
      showWarning(membersMessages.accessLostTitle, membersMessages.accessLost(lost), {
        id: 'workspace-unavailable',
      });
    else if (unavailable)
      showWarning(messages.workspaces.unavailableTitle, messages.workspaces.unavailable, {
        id: 'workspace-unavailable',
      });
    rememberWorkspaceId(userId, wanted);
    // The URL names the workspace once the person has several (and always after a fallback).
    const current = window.location.pathname + window.location.search + window.location.hash;
    if ((several || unavailable || urlId !== null) && urlId !== wanted)
      navigate(withWorkspaceParam(current, wanted), { replace: true });
  }, [confirmed, unavailable, lost, userId, wanted, several, urlId]);

  const state: WorkspaceState = {
    id: applied ?? wanted,
    workspaces: workspaces ?? [],
    role: workspaces?.find((w) => w.id === (applied ?? wanted))?.role ?? null,
    // The same view in the other cliente, without the previous one's ids (`?theme=…`); the whole
    // page changes, so a screen reader is told where the person is now.
    switchTo: (id) => {
      const target = workspaces?.find((w) => w.id === id);
      navigate(withWorkspaceParam(window.location.pathname, id));
      if (target) announce(messages.workspaces.switched(target.name));
    },
  };

  if (applied === null || applied !== wanted) return <ViewLoading />;
  return (
    <WorkspaceContext.Provider value={state}>
      <Fragment key={applied}>{children}</Fragment>
    </WorkspaceContext.Provider>
  );
}
