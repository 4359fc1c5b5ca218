import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { messages } from '@pauta/core';
import type { ReactNode } from 'react';
import { useSingleFlight } from '../../lib/actions';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** True while the confirmed action runs: the button shows 'Excluindo...' and Cancel is disabled. */
  loading?: boolean;
  /** Runs once per click; a returned promise keeps the button busy until it settles. */
  onConfirm: () => unknown;
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
  // A double-click on the confirm button confirms once.
  const [confirm, confirming] = useSingleFlight(onConfirm);
  const busy = loading || confirming;
  return (
    <Modal
      opened={opened}
      onClose={() => {
        if (!busy) onClose();
      }}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': messages.common.close }}
    >
      <Stack gap="lg">
        <Text>{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {messages.common.cancel}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={busy} data-autofocus>
            {busy ? messages.common.deleting : confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The confirmation before deleting one item of a list: open while `target` is set, and confirming
 * deletes it by id through `remove` (whose success clears the target).
 */
export function ConfirmDeleteModal({
  target,
  remove,
  ...props
}: Omit<ConfirmModalProps, 'opened' | 'loading' | 'onConfirm'> & {
  target: { id: string } | null;
  remove: { isPending: boolean; mutate: (input: { id: string }) => void };
}) {
  return (
    <ConfirmModal
      {...props}
      opened={target !== null}
      loading={remove.isPending}
      onConfirm={() => target && remove.mutate({ id: target.id })}
    />
  );
}
