import { Button, Modal, Stack, TextInput } from '@mantine/core';
import { type ConnectablePlatform, messages, PLATFORM_LABELS } from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import { type FormEvent, useEffect, useState } from 'react';
import { ModalActions } from '../../components/common/ModalActions';

/** A host name, not prose: no autofill, capitals, spell check; the URL keyboard on phones. */
const HOST_FIELD = {
  autoComplete: 'off',
  autoCapitalize: 'none',
  spellCheck: false,
  inputMode: 'url',
} as const;

interface ConnectPromptModalProps {
  /** The network being connected, when it starts with a typed server (its profile's `connectPrompt`). */
  platform: ConnectablePlatform | null;
  onClose: () => void;
  /** Goes on to the network with what was typed (the server checks it). */
  onSubmit: (platform: ConnectablePlatform, value: string) => void;
}

/**
 * The step before the login of a network of many servers (Mastodon): the person types their server
 * (texts from the network's profile); the server checks it and answers a refusal in pt-BR through
 * the connection return when it cannot be used.
 */
export function ConnectPromptModal({ platform, onClose, onSubmit }: ConnectPromptModalProps) {
  const prompt = platform ? NETWORK_PROFILES[platform].connectPrompt : undefined;
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (platform === null) {
      setValue('');
      setError(null);
    }
  }, [platform]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!platform || !prompt) return;
    const typed = value.trim();
    if (typed === '') {
      setError(prompt.required);
      return;
    }
    onSubmit(platform, typed);
  };

  return (
    <Modal
      opened={platform !== null && prompt !== undefined}
      onClose={onClose}
      title={platform ? messages.accounts.connectPromptTitle(PLATFORM_LABELS[platform]) : ''}
      centered
    >
      {prompt && (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              {...HOST_FIELD}
              label={prompt.label}
              description={prompt.description}
              placeholder={prompt.placeholder}
              value={value}
              onChange={(event) => {
                setValue(event.currentTarget.value);
                setError(null);
              }}
              error={error}
              data-autofocus
              required
            />
            <ModalActions onCancel={onClose}>
              <Button type="submit">{prompt.submit}</Button>
            </ModalActions>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
