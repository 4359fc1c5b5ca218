import { useDocumentTitle } from '@mantine/hooks';
import { isAdminView, messages } from '@pauta/core';
import { Suspense, useEffect } from 'react';
import { ViewLoading } from '../components/ViewLoading';
import { LiveUpdates } from '../live/LiveUpdates';
import { VIEW_COMPONENTS } from '../views/registry';
import { DatesSettings } from './DatesSettings';
import { ErrorBoundary } from './ErrorBoundary';
import { navigate } from './navigation';
import { RoleGate } from './RoleGate';
import { takeReturnPath } from './return-to';
import { signedInView, useSessionUser } from './session';
import { AdminGate } from './shell/AdminGate';
import { AppLayout } from './shell/AppLayout';
import { ViewHeader } from './shell/ViewHeader';
import { useWorkspace, WorkspaceScope } from './WorkspaceScope';

interface SignedInAppProps {
  pathname: string;
  /** From the session answer; `null` when the server's check failed. */
  hasThemes: boolean | null;
}

/**
 * The app of a signed-in user. `/<view-id>` (or an alias such as `/create-theme`) shows that
 * view; `/` shows the initial view (spec §2.3); `/auth` and unknown paths go to `/`.
 */
export function SignedInApp({ pathname, hasThemes }: SignedInAppProps) {
  const { view, known } = signedInView(pathname, hasThemes);
  const user = useSessionUser();
  const redirectHome = !known;

  useEffect(() => {
    // After signing in at /auth: the view the visitor asked for before, else the initial view.
    if (redirectHome) navigate(takeReturnPath() ?? '/', { replace: true });
  }, [redirectHome]);

  useDocumentTitle(`${messages.views[view].title} · ${messages.common.appName}`);

  const ViewComponent = VIEW_COMPONENTS[view];
  if (!user) return null;
  return (
    <WorkspaceScope userId={user.id}>
      <DatesSettings>
        <WorkspaceLive />
        <AppLayout view={view}>
          <ViewHeader view={view} />
          <ErrorBoundary key={view}>
            <Suspense fallback={<ViewLoading />}>
              <RoleGate view={view}>
                {isAdminView(view) ? (
                  <AdminGate>
                    <ViewComponent />
                  </AdminGate>
                ) : (
                  <ViewComponent />
                )}
              </RoleGate>
            </Suspense>
          </ErrorBoundary>
        </AppLayout>
      </DatesSettings>
    </WorkspaceScope>
  );
}

/** The live stream of the workspace on screen (its events toast whoever in it caused them). */
function WorkspaceLive() {
  const workspace = useWorkspace();
  return workspace ? <LiveUpdates workspaceId={workspace.id} /> : null;
}
