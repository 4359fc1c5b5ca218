import { Button, Loader, Modal, Text } from '@mantine/core';
import { messages, PLATFORM_LABELS, sharedAccountMessages } from '@pauta/core';
import { useMutation } from '@tanstack/react-query';
import { ModalActions } from '../../components/common/ModalActions';
import { useSingleFlight } from '../../lib/actions';
import { requestStateText } from '../../lib/errors';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { accountDisplayName, cardAccounts, type DisconnectTarget } from './types';

const text = messages.accounts;

interface DisconnectAccountModalProps {
  /** The card and the one account to disconnect (several per network: that one is named). */
  target: DisconnectTarget | null;
  onClose: () => void;
  onDisconnected: () => Promise<unknown>;
}

/**
 * Confirms, then disconnects softly (spec §4: is_active false): 'Conta {platform} desconectada.'.
 * Where the network has several accounts in the workspace, the dialog and the notice name the one.
 */
export function DisconnectAccountModal({ target, onClose, onDisconnected }: DisconnectAccountModalProps) {
  const trpc = useTRPC();
  const disconnect = useMutation(trpc.accounts.disconnect.mutationOptions());
  const label = target ? PLATFORM_LABELS[target.card.platform] : '';
  const named =
    target && cardAccounts(target.card).length > 1
      ? accountDisplayName(target.card.platform, target.account)
      : null;
  const question = named ? text.confirmDisconnectAccount(named, label) : text.confirmDisconnect(label);
  const done = named ? text.disconnectedAccount(named, label) : text.disconnected(label);
  // The same network account stays active in other workspaces: nothing is revoked at the network.
  const elsewhere = target?.account.alsoConnectedIn ?? null;
  const stillConnected = elsewhere ? sharedAccountMessages.stillConnected(elsewhere) : null;

  const [confirm, disconnecting] = useSingleFlight(async () => {
    if (!target) return;
    try {
      const result = await disconnect.mutateAsync({ id: target.account.id });
      const kept = result.stillConnectedIn
        ? sharedAccountMessages.stillConnected(result.stillConnectedIn)
        : null;
      showSuccess(messages.common.success, kept ? `${done} ${kept}` : done);
      onClose();
      await onDisconnected();
    } catch (error) {
      showError(messages.common.error, requestStateText(error) ?? text.disconnectError);
    }
  });

  return (
    <Modal
      opened={target !== null}
      onClose={() => {
        if (!disconnecting) onClose();
      }}
      title={text.confirmDisconnectTitle}
      centered
    >
      {target && <Text>{question}</Text>}
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
