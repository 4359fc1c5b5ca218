import { Group, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { INPUT_LIMITS, messages, PLATFORM_LABELS } from '@pauta/core';
import { useId, useRef } from 'react';
import { counterProps } from '../../CharacterCount';
import { PlatformIcon } from '../../PlatformIcon';
import { InsertSnippetMenu } from '../../snippets/InsertSnippetMenu';
import type { PostItem } from '../types';
import { AccountField } from './AccountField';
import type { EditPostState } from './useEditPost';

const text = messages.posts;

/**
 * Read-only network and theme, the account where the network has several, the title, and the text with its live counter against the network's
 * limit and "Inserir trecho" (saved hashtag groups and signatures, docs/snippets.md).
 */
export function PostTextFields({ post, state }: { post: PostItem; state: EditPostState }) {
  const counterId = useId();
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const { fields, set, errors, counter } = state;
  const network = PLATFORM_LABELS[post.platform];
  return (
    <>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextInput
          label={text.platform}
          value={network}
          readOnly
          variant="filled"
          leftSection={<PlatformIcon platform={post.platform} />}
        />
        <TextInput label={text.theme} value={post.themeName} readOnly variant="filled" />
      </SimpleGrid>
      {/* "Conta", under the network, where it has several accounts (docs/workspaces.md). */}
      <AccountField post={post} state={state} />

      <TextInput
        label={text.title}
        value={fields.title}
        onChange={(event) => set.title(event.currentTarget.value)}
        error={errors.title}
        required
        data-autofocus
        {...counterProps(fields.title, INPUT_LIMITS.postTitle)}
      />

      <div>
        <Textarea
          ref={contentRef}
          label={text.content}
          value={fields.content}
          onChange={(event) => set.content(event.currentTarget.value)}
          autosize
          minRows={4}
          maxRows={12}
          error={errors.content}
          required
          aria-describedby={counterId}
        />
        <Group justify="space-between" align="flex-start" gap="xs" mt={4} wrap="nowrap">
          {state.editable ? (
            <InsertSnippetMenu
              target={contentRef}
              value={fields.content}
              onChange={set.content}
              disabled={state.saving}
            />
          ) : (
            <span />
          )}
          <Text
            id={counterId}
            size="xs"
            ta="right"
            fw={counter.over ? 700 : 500}
            c={counter.over ? 'red' : 'dimmed'}
            aria-live="polite"
            data-over={counter.over || undefined}
          >
            {text.contentLength(counter.used, counter.limit)}
            {counter.over && ` · ${text.contentTooLong(network, counter.limit)}`}
          </Text>
        </Group>
      </div>
    </>
  );
}
