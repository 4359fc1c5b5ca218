import { Button, Group, Modal, Text } from '@mantine/core';
import { messages } from '@pauta/core';
import { useMutation } from '@tanstack/react-query';
import type { ThemeListItem } from '../../lib/themes';
import { useRefreshAfterThemeChange } from '../../lib/themes';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const text = messages.themes;

interface DeleteThemeModalProps {
  theme: ThemeListItem | null;
  onClose: () => void;
}

/** Spec §8: confirm before deleting a theme, saying its posts go with it. */
export function DeleteThemeModal({ theme, onClose }: DeleteThemeModalProps) {
  const trpc = useTRPC();
  const refresh = useRefreshAfterThemeChange();
  const remove = useMutation(trpc.themes.delete.mutationOptions());

  const confirm = async () => {
    if (!theme || remove.isPending) return;
    try {
      await remove.mutateAsync({ id: theme.id });
      showSuccess(messages.common.success, text.deleted);
      onClose();
      await refresh();
    } catch {
      showError(messages.common.error, text.deleteError);
    }
  };

  return (
    <Modal
      opened={theme !== null}
      onClose={() => {
        if (!remove.isPending) onClose();
      }}
      title={text.confirmDeleteTitle}
      centered
    >
      {theme && <Text>{text.confirmDelete(theme.name)}</Text>}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={remove.isPending}>
          {text.cancel}
        </Button>
        <Button color="red" onClick={() => void confirm()} disabled={remove.isPending}>
          {remove.isPending ? messages.common.deleting : text.confirmDeleteAction}
        </Button>
      </Group>
    </Modal>
  );
}
