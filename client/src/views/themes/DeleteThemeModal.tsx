import { Button, Loader, Modal, Text } from '@mantine/core';
import { messages } from '@pauta/core';
import { useMutation } from '@tanstack/react-query';
import { ModalActions } from '../../components/common/ModalActions';
import { useSingleFlight } from '../../lib/actions';
import { requestStateText } from '../../lib/errors';
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

  const [confirm, deleting] = useSingleFlight(async () => {
    if (!theme) return;
    try {
      await remove.mutateAsync({ id: theme.id });
      showSuccess(messages.common.success, text.deleted);
      onClose();
      await refresh();
    } catch (error) {
      showError(messages.common.error, requestStateText(error) ?? text.deleteError);
    }
  });

  return (
    <Modal
      opened={theme !== null}
      onClose={() => {
        if (!deleting) onClose();
      }}
      title={text.confirmDeleteTitle}
      centered
    >
      {theme && <Text>{text.confirmDelete(theme.name)}</Text>}
      <ModalActions onCancel={onClose} busy={deleting} cancelLabel={text.cancel} mt="lg">
        <Button
          color="red"
          onClick={() => void confirm()}
          disabled={deleting}
          leftSection={deleting ? <Loader size={16} color="currentColor" aria-hidden /> : undefined}
        >
          {deleting ? messages.common.deleting : text.confirmDeleteAction}
        </Button>
      </ModalActions>
    </Modal>
  );
}
