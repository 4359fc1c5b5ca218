import { Alert, Button, Group, Loader, Modal, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { messages } from '@pauta/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSingleFlight } from '../../lib/actions';
import { errorCodeOf, requestStateText } from '../../lib/errors';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { errorDetailsOf } from './connection-return';

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
export function PickInstagramAccountModal({
  pendingId,
  onClose,
  onConnected,
}: PickInstagramAccountModalProps) {
  const trpc = useTRPC();
  const accounts = useQuery({
    ...trpc.accounts.pendingPages.queryOptions({ pendingId: pendingId ?? '' }),
    enabled: pendingId !== null,
    retry: false,
  });
  const select = useMutation(trpc.accounts.selectInstagramAccount.mutationOptions());
  const [accountId, setAccountId] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (accounts.isError) showError(messages.common.error, text.processError, { id: 'pick-instagram-load' });
  }, [accounts.isError]);

  const expired = accounts.isError && errorCodeOf(accounts.error) === 'NOT_FOUND';

  // A double-click on Conectar conta connects once, with one toast.
  const [confirm, connecting] = useSingleFlight(async () => {
    if (!pendingId) return;
    if (!accountId) {
      setMissing(true);
      return;
    }
    try {
      await select.mutateAsync({ pendingId, accountId });
      showSuccess(messages.common.success, text.connectedSuccess('Instagram'));
      onClose();
      await onConnected();
    } catch (error) {
      const unavailable = errorDetailsOf(error)?.reason === 'account_unavailable';
      showError(
        messages.common.error,
        unavailable ? text.instagramAccountUnavailable : (requestStateText(error) ?? text.saveError),
      );
    }
  });

  return (
    <Modal
      opened={pendingId !== null}
      onClose={() => {
        if (!connecting) onClose();
      }}
      title={text.pickInstagramTitle}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{text.pickInstagramDescription}</Text>
        {accounts.isPending && (
          <Stack gap="xs" aria-busy="true" aria-label={messages.common.loading}>
            <Skeleton height={22} />
            <Skeleton height={22} />
          </Stack>
        )}
        {accounts.isError && (
          <Alert color="red" role="alert">
            {expired ? text.pickInstagramExpired : text.processError}
          </Alert>
        )}
        {accounts.data && (
          <Radio.Group
            name="instagram-account"
            label={text.pickInstagramLabel}
            value={accountId}
            onChange={(value) => {
              setAccountId(value);
              setMissing(false);
            }}
            error={missing ? text.pickInstagramRequired : undefined}
          >
            <Stack gap="sm" mt="xs">
              {accounts.data.pages.map((account) => (
                <Radio
                  key={account.id}
                  value={account.id}
                  label={text.instagramHandle(account.name)}
                  description={account.pageName ? text.pageLabel(account.pageName) : undefined}
                />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose} disabled={connecting}>
            {messages.common.cancel}
          </Button>
          <Button
            onClick={() => void confirm()}
            disabled={connecting || !accounts.data}
            leftSection={connecting ? <Loader size={16} color="currentColor" aria-hidden /> : undefined}
          >
            {connecting ? messages.common.saving : text.pickInstagramConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
