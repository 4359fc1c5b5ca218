// A view the person's role may not open in this workspace (a Cliente on the team's views, a
// bookmark, an old link) is replaced by their own view, "Para aprovar" — never a screen of
// refusals. The server refuses the calls anyway (workspaceProcedure); this spares the person them.
import type { View } from '@pauta/core';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { ViewLoading } from '../components/ViewLoading';
import { navigate } from './navigation';
import { useWorkspaceRole, viewAllowed } from './permissions';
import { viewPath } from './view-paths';

export function RoleGate({ view, children }: { view: View; children: ReactNode }) {
  const allowed = viewAllowed(useWorkspaceRole(), view);
  useEffect(() => {
    if (!allowed) navigate(viewPath('client-view'), { replace: true });
  }, [allowed]);
  return allowed ? <>{children}</> : <ViewLoading />;
}
