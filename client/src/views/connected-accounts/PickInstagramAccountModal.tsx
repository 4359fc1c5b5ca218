import { messages } from '@pauta/core';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { errorDetailsOf } from './connection-return';
import { PickPendingChoiceModal } from './PickPendingChoiceModal';

const text = messages.accounts;

interface PickInstagramAccountModalProps {
  pendingId: string | null;
  onClose: () => void;
  onConnected: () => Promise<unknown>;
}

/**
 * Several Instagram professional accounts are linked to the person's Pages: they pick the one
 * Pauta publishes to (a radio list of @username with its Page), as the Facebook Page choice.
 */
export function PickInstagramAccountModal(props: PickInstagramAccountModalProps) {
  const trpc = useTRPC();
  const select = useMutation(trpc.accounts.selectInstagramAccount.mutationOptions());
  return (
    <PickPendingChoiceModal
      {...props}
      network="Instagram"
      name="instagram-account"
      texts={{
        title: text.pickInstagramTitle,
        description: text.pickInstagramDescription,
        label: text.pickInstagramLabel,
        required: text.pickInstagramRequired,
        expired: text.pickInstagramExpired,
        confirm: text.pickInstagramConfirm,
      }}
      option={(account) => ({
        label: text.instagramHandle(account.name),
        description: account.pageName ? text.pageLabel(account.pageName) : undefined,
      })}
      select={(pendingId, accountId) => select.mutateAsync({ pendingId, accountId })}
      refusal={(error) =>
        errorDetailsOf(error)?.reason === 'account_unavailable' ? text.instagramAccountUnavailable : null
      }
    />
  );
}
