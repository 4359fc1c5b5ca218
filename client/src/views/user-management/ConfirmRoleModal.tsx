import { Button, Modal, Stack, Text } from '@mantine/core';
import { messages, ROLE_LABELS } from '@pauta/core';
import { ModalActions } from '../../components/common/ModalActions';
import { personName } from '../admin/admin-api';
import type { RoleRequest } from './useRoleChange';

const text = messages.admin.users;

interface ConfirmRoleModalProps {
  pending: RoleRequest | null;
  /** The signed-in admin: demoting oneself is said plainly. */
  meId: string | undefined;
  onConfirm: () => void;
  onCancel: () => void;
}

/** 'Alterar função': who, from which role to which. */
export function ConfirmRoleModal({ pending, meId, onConfirm, onCancel }: ConfirmRoleModalProps) {
  const name = pending ? personName(pending.user.firstName, pending.user.lastName, text.noName) : '';
  const selfDemotion = pending !== null && pending.user.id === meId && pending.role !== 'admin';
  return (
    <Modal opened={pending !== null} onClose={onCancel} title={text.confirmRoleTitle} centered>
      {pending && (
        <Stack gap="sm">
          <Text>{text.confirmRole(name, ROLE_LABELS[pending.user.role], ROLE_LABELS[pending.role])}</Text>
          {selfDemotion && (
            <Text c="red" fw={600}>
              {text.confirmSelfDemotion}
            </Text>
          )}
        </Stack>
      )}
      <ModalActions onCancel={onCancel} mt="lg">
        <Button color={selfDemotion ? 'red' : undefined} onClick={onConfirm}>
          {text.confirmRoleAction}
        </Button>
      </ModalActions>
    </Modal>
  );
}
