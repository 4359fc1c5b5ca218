// One network's tab of "Novo post" (docs/composer.md): whether it inherits the base text, its own
// text with the network's counter and limit, its media rule, its options and its live preview.
import { Alert, Badge, Box, Button, Group, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { mediaRequiredOn, messages } from '@pauta/core';
import { IconAlertCircle, IconArrowBackUp, IconLink, IconPencil, IconPhoto } from '@tabler/icons-react';
import { useRef } from 'react';
import { CharacterCount } from '../CharacterCount';
import { NetworkOptionsFields } from '../posts/edit/NetworkOptionsFields';
import { usePreviewAccount } from '../posts/edit/usePreviewAccount';
import { FirstCommentField } from '../posts/first-comment/FirstCommentField';
import { FirstCommentPreview } from '../posts/first-comment/FirstCommentPreview';
import { PreflightPanel } from '../preflight/PreflightPanel';
import { PostPreview, type PreviewVideo } from '../preview/PostPreview';
import { InsertSnippetMenu } from '../snippets/InsertSnippetMenu';
import { ComposerMediaField } from './ComposerMediaField';
import type { ComposerState, NetworkDraft } from './useComposer';

const text = messages.composer;

/** Whether the tab takes the base post's text (or media) — gray, with a link — or has its own. */
function SourceBadge({
  inherits,
  inheritedLabel,
  ownLabel,
  OwnIcon,
}: {
  inherits: boolean;
  inheritedLabel: string;
  ownLabel: string;
  OwnIcon: typeof IconPencil;
}) {
  return inherits ? (
    <Badge variant="light" color="gray" tt="none" leftSection={<IconLink size={12} aria-hidden />}>
      {inheritedLabel}
    </Badge>
  ) : (
    <Badge variant="light" tt="none" leftSection={<OwnIcon size={12} aria-hidden />}>
      {ownLabel}
    </Badge>
  );
}

export function NetworkTab({ draft, state }: { draft: NetworkDraft; state: ComposerState }) {
  const { platform, key } = draft;
  // The network's name, with the account's @handle where the network has several.
  const network = draft.label;
  // The chosen account's name and photo in the preview (several accounts), else the network's one.
  const account = usePreviewAccount(platform, draft.accountId);
  const disabled = state.saving || !state.canWrite;
  const contentRef = useRef<HTMLTextAreaElement>(null);
  // The tab's video (the base's or its own), drawn as the network shows a video: from the picked
  // file, its size and length read from its metadata; no cover before the save (Editar Post's).
  const attached = draft.media.find((item) => item.kind === 'video');
  const previewVideo: PreviewVideo | null = attached
    ? { url: attached.url, coverUrl: null, durationSeconds: null, width: null, height: null }
    : null;
  return (
    // Text and options beside the preview on wide screens, above it on a phone.
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
      <Stack gap="sm" miw={0}>
        {draft.issue && (
          <Alert
            color="red"
            icon={<IconAlertCircle size={18} aria-hidden />}
            role="alert"
            data-testid="network-issue"
          >
            {draft.issue}
          </Alert>
        )}
        <Group justify="space-between" gap="xs" wrap="wrap">
          <SourceBadge
            inherits={draft.inherits}
            inheritedLabel={text.inherits}
            ownLabel={text.ownText}
            OwnIcon={IconPencil}
          />
          {!draft.inherits && (
            <Button
              size="compact-sm"
              variant="subtle"
              leftSection={<IconArrowBackUp size={14} aria-hidden />}
              onClick={() => state.set.backToBase(key)}
              disabled={disabled}
            >
              {text.useBase}
            </Button>
          )}
        </Group>
        <Textarea
          ref={contentRef}
          label={text.textOf(network)}
          value={draft.content}
          onChange={(event) => state.set.own(key, event.currentTarget.value)}
          autosize
          minRows={5}
          maxRows={14}
          disabled={disabled}
          // Red past the limit; the sentence is the tab's alert above (and the counter's).
          error={draft.over || undefined}
          description={
            <>
              <CharacterCount used={draft.used} limit={draft.limit} testId="network-count" />
              {draft.inherits && <Text span size="xs" c="dimmed">{` · ${text.inheritsHint}`}</Text>}
            </>
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        {/* A snippet goes into this network's text only: an inheriting tab becomes "Texto próprio"
            (the base text with the snippet), as typing there does; "Usar o texto base" undoes it. */}
        <Group>
          <InsertSnippetMenu
            target={contentRef}
            value={draft.content}
            onChange={(next) => {
              // A signature the text already ends with changes nothing: the tab keeps inheriting.
              if (next !== draft.content || !draft.inherits) state.set.own(key, next);
            }}
            disabled={disabled}
          />
        </Group>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <SourceBadge
            inherits={draft.inheritsMedia}
            inheritedLabel={text.inheritsMedia}
            ownLabel={text.ownMedia}
            OwnIcon={IconPhoto}
          />
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={
              draft.inheritsMedia ? (
                <IconPhoto size={14} aria-hidden />
              ) : (
                <IconArrowBackUp size={14} aria-hidden />
              )
            }
            onClick={() => (draft.inheritsMedia ? state.media.chooseOwn(key) : state.media.inheritBase(key))}
            disabled={disabled}
          >
            {draft.inheritsMedia ? text.chooseOwnMedia : text.useBaseMedia}
          </Button>
        </Group>
        {!draft.inheritsMedia && (
          <ComposerMediaField
            label={text.mediaOf(network)}
            images={draft.media}
            uploading={state.media.uploading[key] ?? 0}
            video={state.media.videos[key]}
            error={state.media.errors[key]}
            disabled={disabled}
            onAdd={(files) => state.media.add(key, files)}
            onRemove={(id) => state.media.remove(key, id)}
            onAlt={(id, alt) => state.media.alt(key, id, alt)}
          />
        )}
        {mediaRequiredOn(platform) && draft.media.length === 0 && (
          <Text size="xs" c="dimmed">
            {text.needsImageHint(network)}
          </Text>
        )}
        <FirstCommentField
          platform={platform}
          value={draft.firstComment}
          onChange={(next) => state.set.firstComment(key, next)}
          disabled={disabled}
        />
        <NetworkOptionsFields
          platform={platform}
          values={draft.options}
          errors={draft.optionErrors}
          hasVideo={draft.hasVideo}
          disabled={disabled}
          onChange={(option, value) => state.set.option(key, option, value)}
        />
        {/* "Antes de agendar" (docs/preflight.md) for this network, before anything is saved. */}
        <PreflightPanel {...draft.preflight} />
      </Stack>
      <Box component="section" aria-label={`${messages.posts.preview}: ${network}`} miw={0}>
        <Text size="xs" fw={700} tt="uppercase" c="dimmed">
          {messages.posts.preview}
        </Text>
        <Text size="xs" c="dimmed" mb="xs">
          {messages.posts.previewHint}
        </Text>
        <PostPreview
          platform={platform}
          text={draft.content}
          account={account}
          images={draft.media
            .filter((item) => item.kind !== 'video')
            .map((image) => ({ url: image.url, alt: image.alt }))}
          video={previewVideo}
          textLimit={draft.limit}
        />
        <FirstCommentPreview platform={platform} text={draft.firstComment} account={account} />
      </Box>
    </SimpleGrid>
  );
}
