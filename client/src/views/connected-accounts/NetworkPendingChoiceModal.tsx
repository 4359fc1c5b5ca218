import { PLATFORM_LABELS } from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { errorDetailsOf, type PendingChoiceReturn } from './connection-return';
import { PickPendingChoiceModal } from './PickPendingChoiceModal';

interface NetworkPendingChoiceModalProps {
  /** The network whose picker opens and its pending choice (the OAuth return), or null: closed. */
  pending: PendingChoiceReturn | null;
  onClose: () => void;
  onConnected: () => Promise<unknown>;
}

/**
 * The shared picker of every network whose browser profile declares a `pendingChoice` (a LinkedIn
 * Page, a Pinterest board, a Google Business Profile location): its texts come from the profile,
 * the chosen id goes to `accounts.selectPendingChoice`, and a reconnect that picks another option
 * than the connected one shows the profile's `differentChoice`.
 */
export function NetworkPendingChoiceModal({ pending, onClose, onConnected }: NetworkPendingChoiceModalProps) {
  const trpc = useTRPC();
  const select = useMutation(trpc.accounts.selectPendingChoice.mutationOptions());
  const choice = pending ? NETWORK_PROFILES[pending.platform].pendingChoice : undefined;
  if (!pending || !choice) return null;
  return (
    <PickPendingChoiceModal
      pendingId={pending.pendingId}
      onClose={onClose}
      onConnected={onConnected}
      network={PLATFORM_LABELS[pending.platform]}
      name={`pick-${pending.platform}`}
      texts={choice}
      option={(option) => ({ label: option.name })}
      select={(pendingId, choiceId) => select.mutateAsync({ pendingId, choiceId })}
      refusal={(error) =>
        errorDetailsOf(error)?.reason === 'different_account' ? choice.differentChoice : null
      }
    />
  );
}
