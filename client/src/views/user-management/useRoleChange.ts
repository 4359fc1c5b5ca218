import { messages, type Role } from '@pauta/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { navigate } from '../../app/navigation';
import { useRefreshSession } from '../../app/session';
import { useSingleFlight } from '../../lib/actions';
import { showError, showInfo, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { type AdminUser, refusalReason } from '../admin/admin-api';

const text = messages.admin.users;

export interface RoleRequest {
  user: AdminUser;
  role: Role;
}

/**
 * A role change: asked for (`request`), confirmed (`confirm`), then saved one at a time — the
 * selects wait (`changing`) until it is saved; `changingId` is the row being saved.
 */
export function useRoleChange() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refreshSession = useRefreshSession();
  const setRole = useMutation(trpc.admin.users.setRole.mutationOptions());
  const [changingId, setChangingId] = useState<string | null>(null);
  // Every role change is confirmed first (who, from which role to which; a self-demotion says
  // plainly that the admin area goes away).
  const [pending, setPending] = useState<RoleRequest | null>(null);
  const [changeRole, changing] = useSingleFlight(async (user: AdminUser, role: Role) => {
    if (role === user.role) return;
    setChangingId(user.id);
    try {
      const result = await setRole.mutateAsync({ userId: user.id, role });
      if (result.selfDemoted) {
        // The server kept this session: the person stays signed in, as a user, on their
        // initial view, and is told why the admin area is gone.
        showInfo(text.selfDemotedTitle, text.selfDemoted, { autoClose: 12_000 });
        await queryClient.invalidateQueries(trpc.auth.adminCheck.queryFilter());
        await refreshSession();
        navigate('/');
        return;
      }
      showSuccess(messages.common.success, text.roleUpdated);
    } catch (error) {
      showError(
        messages.common.error,
        refusalReason(error) === 'LAST_ADMIN' ? text.lastAdmin : text.roleUpdateError,
      );
    } finally {
      setChangingId(null);
    }
    await queryClient.invalidateQueries(trpc.admin.users.pathFilter());
  });

  return {
    pending,
    changing,
    changingId,
    request: (user: AdminUser, role: Role) => role !== user.role && setPending({ user, role }),
    cancel: () => setPending(null),
    confirm: () => {
      if (!pending) return;
      setPending(null);
      void changeRole(pending.user, pending.role);
    },
  };
}
