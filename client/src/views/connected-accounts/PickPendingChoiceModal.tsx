import { Alert, Button, Loader, Modal, Radio, Skeleton, Stack, Text } from '@mantine/core';
import { messages } from '@pauta/core';
import type { AppRouter } from '@pauta/server';
import { useQuery } from '@tanstack/react-query';
import type { inferRouterOutputs } from '@trpc/server';
import { useEffect, useState } from 'react';
import { ModalActions } from '../../components/common/ModalActions';
import { useSingleFlight } from '../../lib/actions';
import { errorCodeOf, requestStateText } from '../../lib/errors';
import { showError, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';

const text = messages.accounts;

type PendingChoices = inferRouterOutputs<AppRouter>['accounts']['pendingPages'];

export interface PendingChoiceTexts {
  title: string;
  description: string;
  label: string;
  required: string;
  expired: string;
  confirm: string;
}

export interface PickPendingChoiceModalProps {
  pendingId: string | null;
  onClose: () => void;
  onConnected: () => Promise<unknown>;
  /** The network's name in the success toast. */
  network: string;
  texts: PendingChoiceTexts;
  /** The radio group's name and the id of its load-error toast. */
  name: string;
  /** One radio per choice of the pending connection. */
  option(choice: PendingChoices['pages'][number]): { label: string; description?: string | undefined };
  /** Completes the connection with the chosen id. */
  /** `alreadyConnected`: "Conectar outra conta" picked an option already connected here. */
  select(pendingId: string, choiceId: string): Promise<{ alreadyConnected?: boolean }>;
  /** A refusal that has its own pt-BR text (another Page on reconnect, an account no longer linked). */
  refusal(error: unknown): string | null;
}

/**
 * A pending connection with several choices (Facebook Pages, Instagram accounts linked to them,
 * and through NetworkPendingChoiceModal every network's `pendingChoice`): the person picks the one
 * Pauta publishes to from a radio list; a double click connects once.
 */
export function PickPendingChoiceModal(props: PickPendingChoiceModalProps) {
  const { pendingId, onClose, onConnected, texts } = props;
  const trpc = useTRPC();
  const choices = useQuery({
    ...trpc.accounts.pendingPages.queryOptions({ pendingId: pendingId ?? '' }),
    enabled: pendingId !== null,
    retry: false,
  });
  const [choiceId, setChoiceId] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);

  useEffect(() => {
    if (choices.isError)
      showError(messages.common.error, text.processError, { id: `pick-${props.name}-load` });
  }, [choices.isError, props.name]);

  const expired = choices.isError && errorCodeOf(choices.error) === 'NOT_FOUND';

  const [confirm, connecting] = useSingleFlight(async () => {
    if (!pendingId) return;
    if (!choiceId) {
      setMissing(true);
      return;
    }
    try {
      const result = await props.select(pendingId, choiceId);
      // "Conectar outra conta" that picked an option already connected here: updated in place.
      showSuccess(
        messages.common.success,
        result.alreadyConnected ? text.alreadyConnected : text.connectedSuccess(props.network),
      );
      onClose();
      await onConnected();
    } catch (error) {
      showError(messages.common.error, props.refusal(error) ?? requestStateText(error) ?? text.saveError);
    }
  });

  return (
    <Modal
      opened={pendingId !== null}
      onClose={() => {
        if (!connecting) onClose();
      }}
      title={texts.title}
      centered
    >
      <Stack gap="md">
        <Text size="sm">{texts.description}</Text>
        {choices.isPending && (
          <Stack gap="xs" aria-busy="true" aria-label={messages.common.loading}>
            <Skeleton height={22} />
            <Skeleton height={22} />
          </Stack>
        )}
        {choices.isError && (
          <Alert color="red" role="alert">
            {expired ? texts.expired : text.processError}
          </Alert>
        )}
        {choices.data && (
          <Radio.Group
            name={props.name}
            label={texts.label}
            value={choiceId}
            onChange={(value) => {
              setChoiceId(value);
              setMissing(false);
            }}
            error={missing ? texts.required : undefined}
          >
            <Stack gap="sm" mt="xs">
              {choices.data.pages.map((choice) => (
                <Radio key={choice.id} value={choice.id} {...props.option(choice)} />
              ))}
            </Stack>
          </Radio.Group>
        )}
        <ModalActions onCancel={onClose} busy={connecting} mt="sm">
          <Button
            onClick={() => void confirm()}
            disabled={connecting || !choices.data}
            leftSection={connecting ? <Loader size={16} color="currentColor" aria-hidden /> : undefined}
          >
            {connecting ? messages.common.saving : texts.confirm}
          </Button>
        </ModalActions>
      </Stack>
    </Modal>
  );
}
