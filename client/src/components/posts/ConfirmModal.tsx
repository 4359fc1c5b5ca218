import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { messages } from '@pauta/core';
import type { ReactNode } from 'react';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** True while the confirmed action runs: the button shows 'Excluindo...' and Cancel is disabled. */
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A destructive confirmation (spec §8: prompts before every delete); focus stays inside. */
export function ConfirmModal({
  opened,
  title,
  message,
  confirmLabel,
  loading = false,
  onConfirm,
  onClose,
}: ConfirmModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!loading) onClose();
      }}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': messages.common.close }}
    >
      <Stack gap="lg">
        <Text>{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {messages.common.cancel}
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
            {loading ? messages.common.deleting : confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
