import { messages } from '@pauta/core';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { errorDetailsOf } from './connection-return';
import { PickPendingChoiceModal } from './PickPendingChoiceModal';

const text = messages.accounts;

interface PickFacebookPageModalProps {
  pendingId: string | null;
  onClose: () => void;
  onConnected: () => Promise<unknown>;
}

/** Several Facebook Pages: the user picks the one Pauta publishes to (a radio list). */
export function PickFacebookPageModal(props: PickFacebookPageModalProps) {
  const trpc = useTRPC();
  const select = useMutation(trpc.accounts.selectFacebookPage.mutationOptions());
  return (
    <PickPendingChoiceModal
      {...props}
      network="Facebook"
      name="facebook-page"
      texts={{
        title: text.pickPageTitle,
        description: text.pickPageDescription,
        label: text.pickPageLabel,
        required: text.pickPageRequired,
        expired: text.pickPageExpired,
        confirm: text.pickPageConfirm,
      }}
      option={(page) => ({ label: page.name })}
      select={(pendingId, pageId) => select.mutateAsync({ pendingId, pageId })}
      // Reconnecting must pick the connected Page: another one is refused, nothing changed.
      refusal={(error) => (errorDetailsOf(error)?.reason === 'different_account' ? text.differentPage : null)}
    />
  );
}
