// A view the person's role may not open in this workspace (a Cliente on the team's views, a
// bookmark, an old link) is replaced by their own view, "Para aprovar" — never a screen of
// refusals; a view that only changes things, for a role that may not, by a notice. The server refuses the calls anyway (workspaceProcedure); this spares the person them.
import { Button } from '@mantine/core';
import { messages, roleMessages, type View } from '@pauta/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import { StateMessage } from '../components/StateMessage';
import { ViewLoading } from '../components/ViewLoading';
import { Link } from './Link';
import { navigate } from './navigation';
import { useWorkspaceRole, viewAllowed, viewReadOnly } from './permissions';
import { viewPath } from './view-paths';

export function RoleGate({ view, children }: { view: View; children: ReactNode }) {
  const role = useWorkspaceRole();
  const allowed = viewAllowed(role, view);
  useEffect(() => {
    if (!allowed) navigate(viewPath('client-view'), { replace: true });
  }, [allowed]);
  if (!allowed) return <ViewLoading />;
  // A view that only changes things (create or edit a theme, AI drafts) for a read-only role.
  if (viewReadOnly(role, view))
    return (
      <StateMessage
        icon={IconLock}
        title={roleMessages.readOnlyTitle}
        description={roleMessages.cannotWriteThemes}
      >
        <Button component={Link} href={viewPath('themes')} variant="light">
          {messages.views.themes.title}
        </Button>
      </StateMessage>
    );
  return <>{children}</>;
}
