import { Button, Group, type GroupProps } from '@mantine/core';
import { messages } from '@pauta/core';
import type { ReactNode } from 'react';

/**
 * The foot of a dialog: "Cancelar" (disabled while `busy`, so the request in flight is not left
 * behind), then the dialog's own action (`children`), at the end of the line.
 */
export function ModalActions({
  onCancel,
  busy = false,
  cancelLabel = messages.common.cancel,
  children,
  ...group
}: {
  onCancel: () => void;
  busy?: boolean;
  cancelLabel?: string;
  children: ReactNode;
} & Omit<GroupProps, 'children' | 'justify'>) {
  return (
    <Group justify="flex-end" {...group}>
      <Button variant="default" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      {children}
    </Group>
  );
}
