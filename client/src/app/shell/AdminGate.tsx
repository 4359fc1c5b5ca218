import { Alert } from '@mantine/core';
import { messages } from '@pauta/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadingState } from '../../components/LoadingScreen';
import { useAdminCheck } from '../session';

/**
 * Admin screens (spec §4, §6): 'Verificando permissões...' while the check loads, then the
 * content for administrators and 'Acesso Negado' for everyone else. The server enforces the
 * same rule on every admin call.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { loading, isAdmin } = useAdminCheck();
  if (loading) return <LoadingState message={messages.auth.checkingPermissions} />;
  if (!isAdmin)
    return (
      <Alert
        color="red"
        variant="light"
        title={messages.auth.accessDeniedTitle}
        icon={<IconLock aria-hidden />}
        role="alert"
      >
        {messages.auth.accessDenied}
      </Alert>
    );
  return children;
}
