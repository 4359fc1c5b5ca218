import { Alert, Button, Loader, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { type ConnectablePlatform, messages, PLATFORM_LABELS } from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ModalActions } from '../../components/common/ModalActions';
import { useSingleFlight } from '../../lib/actions';
import { errorCodeOf, requestStateText } from '../../lib/errors';
import { showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { describeConnectionError, errorDetailsOf } from './connection-return';

const text = messages.accounts;

interface ConnectFormModalProps {
  /** The network whose connect form is open (its browser profile's `connectForm`), or null. */
  platform: ConnectablePlatform | null;
  /** Opened by "Conectar outra conta": a different account may join the network's active ones. */
  another?: boolean;
  onClose: () => void;
  onConnected: () => Promise<unknown>;
}

/**
 * A network that logs in without an OAuth redirect (Bluesky: handle and app password): its form,
 * declared by the network (`connectForm`), sent once to the server; the network's refusal is
 * shown in the dialog in pt-BR and the typed password is cleared. The view mounts it afresh (a
 * `key`) each time it opens, so no password is left from the last attempt.
 */
export function ConnectFormModal({ platform, another, onClose, onConnected }: ConnectFormModalProps) {
  const trpc = useTRPC();
  const connect = useMutation(trpc.accounts.connectForm.mutationOptions());
  const form = platform ? NETWORK_PROFILES[platform].connectForm : undefined;
  const [values, setValues] = useState<Record<string, string>>({});
  const [missing, setMissing] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);

  const [submit, sending] = useSingleFlight(async () => {
    if (!platform || !form) return;
    const empty = form.fields.filter((field) => field.required && (values[field.name] ?? '').trim() === '');
    setMissing(empty.map((field) => field.name));
    if (empty.length > 0) return;
    setRefusal(null);
    try {
      const result = await connect.mutateAsync({
        platform,
        fields: {
          identifier: values.identifier ?? '',
          password: values.password ?? '',
          ...(values.service ? { service: values.service } : {}),
        },
        ...(another ? { another: true } : {}),
      });
      showSuccess(
        messages.common.success,
        result.alreadyConnected ? text.alreadyConnected : text.connectedSuccess(PLATFORM_LABELS[platform]),
        { id: 'account-connection' },
      );
      onClose();
      await onConnected();
    } catch (error) {
      setValues((current) => ({ ...current, password: '' }));
      const code = errorCodeOf(error);
      setRefusal(
        code === 'OAUTH_FAILED' || code === 'PLATFORM_NOT_CONFIGURED'
          ? describeConnectionError(code, errorDetailsOf(error)?.reason ?? null, platform).message
          : (requestStateText(error) ?? text.processError),
      );
    }
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  return (
    <Modal
      opened={platform !== null && form !== undefined}
      onClose={() => {
        if (!sending) onClose();
      }}
      title={form?.title}
      centered
    >
      {form && (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm">{form.help}</Text>
            {refusal && (
              <Alert color="red" role="alert">
                {refusal}
              </Alert>
            )}
            {form.fields.map((field) => {
              const Input = field.kind === 'password' ? PasswordInput : TextInput;
              return (
                <Input
                  key={field.name}
                  name={field.name}
                  label={field.label}
                  placeholder={field.placeholder}
                  required={field.required}
                  autoComplete={field.kind === 'password' ? 'off' : 'username'}
                  value={values[field.name] ?? ''}
                  onChange={(event) => {
                    const value = event.currentTarget.value;
                    setValues((current) => ({ ...current, [field.name]: value }));
                    setMissing((current) => current.filter((name) => name !== field.name));
                  }}
                  error={missing.includes(field.name) ? text.formFieldRequired(field.label) : undefined}
                />
              );
            })}
            <ModalActions onCancel={onClose} busy={sending} mt="sm">
              <Button
                type="submit"
                disabled={sending}
                leftSection={sending ? <Loader size={16} color="currentColor" aria-hidden /> : undefined}
              >
                {sending ? text.connecting : form.submit}
              </Button>
            </ModalActions>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
