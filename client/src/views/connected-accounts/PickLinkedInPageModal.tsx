import { messages } from '@pauta/core';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { errorDetailsOf } from './connection-return';
import { PickPendingChoiceModal } from './PickPendingChoiceModal';

const text = messages.accounts;

interface PickLinkedInPageModalProps {
  pendingId: string | null;
  onClose: () => void;
  onConnected: () => Promise<unknown>;
}

/** Several LinkedIn company Pages the person administers: the one Pauta publishes to (a radio list). */
export function PickLinkedInPageModal(props: PickLinkedInPageModalProps) {
  const trpc = useTRPC();
  const select = useMutation(trpc.accounts.selectLinkedInPage.mutationOptions());
  return (
    <PickPendingChoiceModal
      {...props}
      network="LinkedIn"
      name="linkedin-page"
      texts={{
        title: text.pickLinkedInPageTitle,
        description: text.pickLinkedInPageDescription,
        label: text.pickLinkedInPageLabel,
        required: text.pickLinkedInPageRequired,
        expired: text.pickLinkedInPageExpired,
        confirm: text.pickLinkedInPageConfirm,
      }}
      option={(page) => ({ label: page.name })}
      select={(pendingId, organizationId) => select.mutateAsync({ pendingId, organizationId })}
      // Reconnecting must pick the connected Page: another one is refused, nothing changed.
      refusal={(error) =>
        errorDetailsOf(error)?.reason === 'different_account' ? text.differentLinkedInPage : null
      }
    />
  );
}
