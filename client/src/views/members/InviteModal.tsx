// "Convidar pessoa": an email and a role (Editor, Revisor, Cliente), checked before sending; both
// buttons wait while it is sent; the server's refusals are shown in the dialog in pt-BR.
import { Button, Modal, Radio, Stack, Text, TextInput } from '@mantine/core';
import {
  INVITABLE_ROLES,
  type InvitableRole,
  messages,
  membersMessages as text,
  WORKSPACE_ROLE_LABELS,
} from '@pauta/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ModalActions } from '../../components/common/ModalActions';
import { useSingleFlight } from '../../lib/actions';
import { showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { refusalText } from './MembersView';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function InviteModal({ onClose }: { onClose: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const invite = useMutation(trpc.workspaces.invite.mutationOptions());
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('editor');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);

  const [send, sending] = useSingleFlight(async () => {
    const address = email.trim();
    if (!EMAIL.test(address) || address.length > 254) {
      setEmailError(text.inviteEmailInvalid);
      return;
    }
    setServerError(null);
    try {
      await invite.mutateAsync({ email: address, role });
      showSuccess(messages.common.success, text.invited(address.toLowerCase()));
      await queryClient.invalidateQueries(trpc.workspaces.invitations.queryFilter());
      onClose();
    } catch (error) {
      setServerError(refusalText(error));
    }
  });

  return (
    <Modal opened onClose={() => !sending && onClose()} title={text.inviteTitle} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {text.inviteHint}
          </Text>
          <TextInput
            label={text.inviteEmail}
            placeholder={text.inviteEmailPlaceholder}
            type="email"
            autoComplete="off"
            required
            data-autofocus
            value={email}
            error={emailError}
            onChange={(event) => {
              setEmail(event.currentTarget.value);
              setEmailError(null);
            }}
          />
          <Radio.Group
            label={text.inviteRole}
            value={role}
            onChange={(value) => setRole(value as InvitableRole)}
          >
            <Stack gap="xs" mt="xs">
              {INVITABLE_ROLES.map((r) => (
                <Radio key={r} value={r} label={WORKSPACE_ROLE_LABELS[r]} description={text.roleHints[r]} />
              ))}
            </Stack>
          </Radio.Group>
          {serverError && (
            <Text size="sm" c="red" role="alert">
              {serverError}
            </Text>
          )}
          <ModalActions onCancel={onClose} busy={sending} cancelLabel={text.cancel} gap="sm">
            <Button type="submit" loading={sending} disabled={sending}>
              {text.send}
            </Button>
          </ModalActions>
        </Stack>
      </form>
    </Modal>
  );
}
