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

interface PickFacebookPageModalProps {
  pendingId: string | null;
  onClose: () => void;
  onConnected: () => Promise<unknown>;
}

/** Several Facebook Pages: the user picks the one Pauta publishes to (a radio list). */
export function PickFacebookPageModal({ pendingId, onClose, onConnected }: PickFacebookPageModalProps) {
  const trpc = useTRPC();
  const pages = useQuery({
    ...trpc.accounts.pendingPages.queryOptions({ pendingId: pendingId ?? '' }),
    enabled: pendingId !== null,
    retry: false,
  });
  const select = useMutation(trpc.accounts.selectFacebookPage.mutationOptions());
  const [pageId, setPageId] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (pages.isError) showError(messages.common.error, text.processError, { id: 'pick-page-load' });
  }, [pages.isError]);

  const expired = pages.isError && errorCodeOf(pages.error) === 'NOT_FOUND';

  // A double-click on Conectar Página connects once, with one toast.
  const [confirm, connecting] = useSingleFlight(async () => {
    if (!pendingId) return;
    if (!pageId) {
      setMissing(true);
      return;
    }
    try {
      await select.mutateAsync({ pendingId, pageId });
      showSuccess(messages.common.success, text.connectedSuccess('Facebook'));
      onClose();
      await onConnected();
    } catch (error) {
      // Reconnecting must pick the connected Page: another one is refused, nothing changed.
      const otherPage = errorDetailsOf(error)?.reason === 'different_account';
      showError(
        messages.common.error,
        otherPage ? text.differentPage : (requestStateText(error) ?? text.saveError),
      );
    }
  });

  return (
    <Modal
      opened={pendingId !== null}
      onClose={() => {
        if (!connecting) onClose();
      }}
      title={text.pickPageTitle}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{text.pickPageDescription}</Text>
        {pages.isPending && (
          <Stack gap="xs" aria-busy="true" aria-label={messages.common.loading}>
            <Skeleton height={22} />
            <Skeleton height={22} />
          </Stack>
        )}
        {pages.isError && (
          <Alert color="red" role="alert">
            {expired ? text.pickPageExpired : text.processError}
          </Alert>
        )}
        {pages.data && (
          <Radio.Group
            name="facebook-page"
            label={text.pickPageLabel}
            value={pageId}
            onChange={(value) => {
              setPageId(value);
              setMissing(false);
            }}
            error={missing ? text.pickPageRequired : undefined}
          >
            <Stack gap="sm" mt="xs">
              {pages.data.pages.map((page) => (
                <Radio key={page.id} value={page.id} label={page.name} />
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
            disabled={connecting || !pages.data}
            leftSection={connecting ? <Loader size={16} color="currentColor" aria-hidden /> : undefined}
          >
            {connecting ? messages.common.saving : text.pickPageConfirm}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
