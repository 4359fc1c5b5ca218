// The owner's list of open invitations, with "Reenviar" (a new link, the old one stops working)
// and "Revogar" (at once). Each button waits while its action runs.
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { formatDate, messages, membersMessages as text, WORKSPACE_ROLE_LABELS } from '@pauta/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '../../components/QueryState';
import { useSingleFlight } from '../../lib/actions';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { refusalText } from './MembersView';

export function InvitationsSection({ timeZone }: { timeZone: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invitations = useQuery(trpc.workspaces.invitations.queryOptions());
  const resend = useMutation(trpc.workspaces.resendInvitation.mutationOptions());
  const revoke = useMutation(trpc.workspaces.revokeInvitation.mutationOptions());
  const [busyId, setBusyId] = useState<string | null>(null);

  const [act, acting] = useSingleFlight(async (kind: 'resend' | 'revoke', id: string, email: string) => {
    setBusyId(`${kind}:${id}`);
    try {
      if (kind === 'resend') {
        await resend.mutateAsync({ invitationId: id });
        showSuccess(messages.common.success, text.resent(email));
      } else {
        await revoke.mutateAsync({ invitationId: id });
        showSuccess(messages.common.success, text.revoked(email));
      }
    } catch (error) {
      showError(kind === 'resend' ? text.resendError : text.revokeError, refusalText(error));
    } finally {
      setBusyId(null);
    }
    await queryClient.invalidateQueries(trpc.workspaces.invitations.queryFilter());
  });

  return (
    <Card withBorder radius="md" padding="md">
      <Title order={2} size="h3" mb="sm">
        {text.pendingTitle}
      </Title>
      <QueryState
        query={invitations}
        errorTitle={text.loadError}
        isEmpty={(data) => data.invitations.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {text.pendingEmpty}
          </Text>
        }
      >
        {(data) => (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {data.invitations.map((invitation) => (
              <Group
                key={invitation.id}
                component="li"
                justify="space-between"
                wrap="wrap"
                gap="xs"
                py="xs"
                style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
              >
                <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {invitation.email}
                  </Text>
                  <Group gap="xs">
                    <Badge variant="light" color="gray">
                      {WORKSPACE_ROLE_LABELS[invitation.role]}
                    </Badge>
                    <Text size="xs" c={invitation.expired ? 'red' : 'dimmed'}>
                      {invitation.expired
                        ? text.invitationExpired
                        : text.invitationExpires(formatDate(new Date(invitation.expiresAt), timeZone))}
                    </Text>
                  </Group>
                  {invitation.invitedBy && (
                    <Text size="xs" c="dimmed">
                      {text.invitedBy(invitation.invitedBy)}
                    </Text>
                  )}
                </Stack>
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="default"
                    loading={busyId === `resend:${invitation.id}`}
                    disabled={acting}
                    onClick={() => void act('resend', invitation.id, invitation.email)}
                  >
                    {text.resend}
                  </Button>
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    loading={busyId === `revoke:${invitation.id}`}
                    disabled={acting}
                    onClick={() => void act('revoke', invitation.id, invitation.email)}
                  >
                    {text.revoke}
                  </Button>
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </QueryState>
    </Card>
  );
}
