import { Button, Checkbox, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { Platform } from '@pauta/core';
import { INPUT_LIMITS, messages, PLATFORM_LABELS } from '@pauta/core';
import type { FormEvent } from 'react';
import { useState } from 'react';
import { counterProps } from '../../components/CharacterCount';
import { ModalActions } from '../../components/common/ModalActions';
import { PlatformIcon } from '../../components/PlatformIcon';
import type { Draft } from '../../lib/themes';
import { showError } from '../../lib/toast';
import { DraftPreview } from './DraftPreview';
import { LengthMeter } from './LengthMeter';

const text = messages.posts;

interface EditDraftModalProps {
  draft: Draft | null;
  /** The theme's networks: a draft may only target these. */
  networks: readonly Platform[];
  onClose: () => void;
  onSave: (draft: Draft) => void;
}

/** Edits a draft in memory (nothing is saved until it is scheduled). */
export function EditDraftModal({ draft, networks, onClose, onSave }: EditDraftModalProps) {
  return (
    <Modal opened={draft !== null} onClose={onClose} title={text.editDraftTitle} size="lg" centered>
      {draft && (
        <DraftForm key={draft.id} draft={draft} networks={networks} onClose={onClose} onSave={onSave} />
      )}
    </Modal>
  );
}

function DraftForm({ draft, networks, onClose, onSave }: EditDraftModalProps & { draft: Draft }) {
  const [title, setTitle] = useState(draft.title);
  const [content, setContent] = useState(draft.content);
  const [platforms, setPlatforms] = useState<Platform[]>(draft.platforms.filter((p) => networks.includes(p)));
  const [platformError, setPlatformError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const options = networks.length > 0 ? networks : draft.platforms;

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim() || !content.trim()) {
      showError(messages.common.error, text.draftFieldsRequired);
      return;
    }
    if (title.trim().length > INPUT_LIMITS.postTitle) {
      const message = text.titleTooLong(INPUT_LIMITS.postTitle);
      setTitleError(message);
      showError(messages.common.error, message);
      return;
    }
    if (platforms.length === 0) {
      setPlatformError(messages.themes.missingNetwork);
      showError(messages.common.error, messages.themes.missingNetwork);
      return;
    }
    onSave({ ...draft, title: title.trim(), content: content.trim(), platforms });
  };

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="md">
        <TextInput
          label={text.title}
          value={title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setTitleError(null);
          }}
          error={titleError}
          withAsterisk
          data-autofocus
          {...counterProps(title, INPUT_LIMITS.postTitle)}
        />
        <Textarea
          label={text.content}
          value={content}
          onChange={(event) => setContent(event.currentTarget.value)}
          autosize
          minRows={6}
          maxRows={14}
          maxLength={INPUT_LIMITS.postContent}
          withAsterisk
          aria-describedby="draft-length"
        />
        <LengthMeter id="draft-length" platforms={platforms} content={content} />
        <Checkbox.Group
          label={text.draftPlatforms}
          description={text.draftNetworksHint}
          value={platforms}
          onChange={(value) => {
            setPlatforms(value as Platform[]);
            setPlatformError(null);
          }}
          error={platformError}
        >
          <Group gap="md" mt={6}>
            {options.map((platform) => (
              <Checkbox
                key={platform}
                value={platform}
                label={
                  <Group gap={6} wrap="nowrap" component="span">
                    <PlatformIcon platform={platform} />
                    {PLATFORM_LABELS[platform]}
                  </Group>
                }
              />
            ))}
          </Group>
        </Checkbox.Group>
        <DraftPreview platforms={platforms} content={content} />
        <Text size="xs" c="dimmed">
          {messages.media.draftHint}
        </Text>
        <ModalActions onCancel={onClose} mt="sm">
          <Button type="submit">{text.applyDraftEdit}</Button>
        </ModalActions>
      </Stack>
    </form>
  );
}
