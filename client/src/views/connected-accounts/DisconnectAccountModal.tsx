import { Button, Loader, Modal, Text } from '@mantine/core';
import { messages, PLATFORM_LABELS, sharedAccountMessages } from '@pauta/core';
import { useMutation } from '@tanstack/react-query';
import { ModalActions } from '../../components/common/ModalActions';
import { useSingleFlight } from '../../lib/actions';
import { requestStateText } from '../../lib/errors';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import type { AccountCardData } from './types';

const text = messages.accounts;

interface DisconnectAccountModalProps {
  card: AccountCardData | null;
  onClose: () => void;
  onDisconnected: () => Promise<unknown>;
}

/** Confirms, then disconnects softly (spec §4: is_active false): 'Conta {platform} desconectada.'. */
export function DisconnectAccountModal({ card, onClose, onDisconnected }: DisconnectAccountModalProps) {
  const trpc = useTRPC();
  const disconnect = useMutation(trpc.accounts.disconnect.mutationOptions());
  const label = card ? PLATFORM_LABELS[card.platform] : '';
  // The same network account stays active in other workspaces: nothing is revoked at the network.
  const elsewhere = card?.account?.alsoConnectedIn ?? null;
  const stillConnected = elsewhere ? sharedAccountMessages.stillConnected(elsewhere) : null;

  const [confirm, disconnecting] = useSingleFlight(async () => {
    if (!card?.account) return;
    try {
      const result = await disconnect.mutateAsync({ id: card.account.id });
      const kept = result.stillConnectedIn
        ? sharedAccountMessages.stillConnected(result.stillConnectedIn)
        : null;
      showSuccess(
        messages.common.success,
        kept ? `${text.disconnected(label)} ${kept}` : text.disconnected(label),
      );
      onClose();
      await onDisconnected();
    } catch (error) {
      showError(messages.common.error, requestStateText(error) ?? text.disconnectError);
    }
  });

  return (
    <Modal
      opened={card !== null}
      onClose={() => {
        if (!disconnecting) onClose();
      }}
      title={text.confirmDisconnectTitle}
      centered
    >
      {card && <Text>{text.confirmDisconnect(label)}</Text>}
      {stillConnected && (
        <Text mt="sm" size="sm">
          {stillConnected}
        </Text>
      )}
      <ModalActions onCancel={onClose} busy={disconnecting} mt="lg">
        <Button
          color="red"
          onClick={() => void confirm()}
          disabled={disconnecting}
          leftSection={disconnecting ? <Loader size={16} color="currentColor" aria-hidden /> : undefined}
        >
          {disconnecting ? text.disconnecting : text.disconnect}
        </Button>
      </ModalActions>
    </Modal>
  );
}
