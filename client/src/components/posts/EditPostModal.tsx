import { Alert, Box, Button, Group, Modal, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  CONNECTABLE_PLATFORMS,
  carouselMessages,
  messages,
  PLATFORM_LABELS,
  roleMessages,
  WORKSPACE_ROLE_LABELS,
} from '@pauta/core';
import { NETWORK_PROFILES } from '@pauta/networks/browser';
import { IconAlertCircle, IconCarouselHorizontal, IconPencil } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useWorkspaceRole } from '../../app/permissions';
import { useTRPC } from '../../lib/trpc';
import { BestTimeSuggestions } from '../best-time/BestTimeSuggestions';
import { ComposerBudget } from '../budget/ComposerBudget';
import { CarouselDialog } from '../carousel/CarouselDialog';
import { PostSiblings } from '../composer/PostSiblings';
import { PostMediaField } from '../media/PostMediaField';
import { type DialogUploads, useDialogUploads } from '../media/useDialogUploads';
import { AddToQueueButton } from '../posting-queue/AddToQueueButton';
import { PreflightPanel } from '../preflight/PreflightPanel';
import { PostPreview, type PreviewImage, type PreviewVideo } from '../preview/PostPreview';
import { DeliveryTimeline } from './DeliveryTimeline';
import { NetworkOptionsFields } from './edit/NetworkOptionsFields';
import { PostTextFields } from './edit/PostTextFields';
import { RecurrenceSection } from './edit/RecurrenceSection';
import { ScheduleFields } from './edit/ScheduleFields';
import { useEditPost } from './edit/useEditPost';
import { usePostVariant } from './edit/usePostVariant';
import { usePreviewAccount } from './edit/usePreviewAccount';
import { VariantSection } from './edit/VariantSection';
import { FirstCommentField, FirstCommentStatusLine } from './first-comment/FirstCommentField';
import { FirstCommentPreview } from './first-comment/FirstCommentPreview';
import { combineLocalDateTime, normalizeTime } from './time-zone';
import type { PostItem } from './types';

const text = messages.posts;

interface EditPostModalProps {
  /** The post being edited; null closes the dialog. */
  post: PostItem | null;
  timeZone: string;
  onClose: () => void;
}

/**
 * 'Editar Post' (spec §2.3, §4): a focus-trapped dialog with the form beside the network preview
 * on wide screens and above it on small ones. The form remounts for every post.
 */
export function EditPostModal({ post, timeZone, onClose }: EditPostModalProps) {
  // Closing without saving (Cancelar, ×, Escape) drops the images this dialog added.
  const uploads = useDialogUploads(post?.id ?? null);
  const cancel = () => {
    uploads.cancel();
    onClose();
  };
  const saved = () => {
    uploads.keep();
    onClose();
  };
  return (
    <Modal
      opened={post !== null}
      onClose={cancel}
      title={text.editTitle}
      size="min(64rem, 100%)"
      centered
      closeButtonProps={{ 'aria-label': messages.common.close }}
    >
      {post && (
        <EditPostForm
          key={post.id}
          post={post}
          timeZone={timeZone}
          uploads={uploads}
          onCancel={cancel}
          onSaved={saved}
        />
      )}
    </Modal>
  );
}

function EditPostForm({
  post,
  timeZone,
  uploads,
  onCancel,
  onSaved,
}: {
  post: PostItem;
  timeZone: string;
  uploads: DialogUploads;
  onCancel: () => void;
  onSaved: () => void;
}) {
  // The images the field below shows (the same query, so one request): the preview lays them out.
  const trpc = useTRPC();
  const media = useQuery(trpc.media.list.queryOptions({ postId: post.id }));
  const hasVideo = (media.data ?? []).some((item) => item.kind === 'video');
  const state = useEditPost(
    post,
    timeZone,
    onSaved,
    () => uploads.count() > 0,
    () => hasVideo,
  );
  const role = useWorkspaceRole();
  const roleLabel = role ? WORKSPACE_ROLE_LABELS[role] : '';
  const images: PreviewImage[] = (media.data ?? [])
    .filter((item) => item.kind === 'image')
    .map((item) => ({ url: item.url, alt: item.altText }));
  // The post's video (one at most): its cover, else its first frame, as the network shows it.
  const stored = (media.data ?? []).find((item) => item.kind === 'video');
  const video: PreviewVideo | null = stored
    ? {
        url: stored.url,
        coverUrl: stored.video?.coverUrl ?? stored.thumbUrl,
        durationSeconds: stored.video?.durationSeconds ?? null,
        width: stored.width,
        height: stored.height,
      }
    : null;
  const variant = usePostVariant(post, state.fields, timeZone);
  // The chosen account's name and photo (several accounts of the network), else the network's one.
  const account = usePreviewAccount(post.platform, state.account.chosen?.id);
  const network = PLATFORM_LABELS[post.platform];
  const scheduledFor = combineLocalDateTime(state.fields.date, normalizeTime(state.fields.time), timeZone);
  const declaresOptions = (NETWORK_PROFILES[post.platform].postOptions ?? []).length > 0;
  const [carouselOpen, setCarouselOpen] = useState(false);

  return (
    <form onSubmit={state.submit} noValidate>
      <Stack gap="md">
        {!state.editable && (
          <Alert color="yellow" icon={<IconAlertCircle size={18} aria-hidden />}>
            {state.canWrite ? text.notEditableHint : roleMessages.readOnly(roleLabel)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" verticalSpacing="md">
          <Stack gap="md" miw={0}>
            <PostTextFields post={post} state={state} />
            <PostMediaField
              postId={post.id}
              editable={state.editable}
              platform={post.platform}
              onUploaded={uploads.uploaded}
            />
            <Group gap="xs" wrap="nowrap">
              <Button
                variant="light"
                leftSection={<IconCarouselHorizontal size={16} aria-hidden />}
                onClick={() => setCarouselOpen(true)}
              >
                {carouselMessages.open}
              </Button>
              <Text size="xs" c="dimmed">
                {carouselMessages.openHint}
              </Text>
            </Group>
            <CarouselDialog
              postId={carouselOpen ? post.id : null}
              editable={state.editable}
              onClose={() => setCarouselOpen(false)}
            />
            <NetworkOptionsFields
              platform={post.platform}
              values={state.options.values}
              errors={state.options.errors}
              hasVideo={hasVideo}
              disabled={!state.editable || state.saving}
              onChange={state.options.change}
            />
            <FirstCommentField
              platform={post.platform}
              value={state.firstComment.value}
              onChange={state.firstComment.change}
              error={state.firstComment.error}
              disabled={!state.editable || state.saving}
            />
            {post.firstComment && post.status === 'published' && (
              <FirstCommentStatusLine status={post.firstComment.status} error={post.firstComment.error} />
            )}
            <ScheduleFields state={state} timeZone={timeZone} />
            {state.editable && (
              <BestTimeSuggestions
                postId={post.id}
                platform={post.platform}
                timeZone={timeZone}
                disabled={state.saving}
                current={state.fields}
                onPick={(date, time) => {
                  state.set.date(date);
                  state.set.time(time);
                }}
              />
            )}
            <ComposerBudget
              post={post}
              accountId={state.account.value ?? post.accountId}
              scheduledFor={scheduledFor}
              timeZone={timeZone}
            />
            {state.editable && (
              <PreflightPanel
                postId={post.id}
                platform={post.platform}
                accountId={state.account.value}
                content={state.fields.content}
                scheduledFor={scheduledFor}
                networkOptions={declaresOptions ? state.options.values : undefined}
                mediaKey={(media.data ?? []).map((item) => item.id).join(',')}
              />
            )}
          </Stack>
          <Box component="section" aria-label={text.preview} miw={0}>
            {/* Beside a long form (a video, its cover, the network's options) the preview stays in
                view as the dialog scrolls, below the dialog's own sticky header. */}
            <Box pos={{ base: 'static', md: 'sticky' }} top={72}>
              <Text size="xs" fw={700} tt="uppercase" c="dimmed">
                {text.preview}
              </Text>
              <Text size="xs" c="dimmed" mb="xs">
                {text.previewHint}
              </Text>
              <PostPreview
                platform={post.platform}
                text={state.fields.content}
                account={account}
                images={images}
                video={video}
                textLimit={state.counter.limit}
              />
              <FirstCommentPreview
                platform={post.platform}
                text={state.firstComment.value}
                account={account}
              />
              {/* Instagram cannot be connected yet (CONNECTABLE_PLATFORMS): no hint to do it. */}
              {!account && (CONNECTABLE_PLATFORMS as readonly string[]).includes(post.platform) && (
                <Text size="xs" c="dimmed" mt="xs">
                  {messages.preview.noAccount(network)}
                </Text>
              )}
            </Box>
          </Box>
        </SimpleGrid>

        <PostSiblings postId={post.id} />
        <RecurrenceSection
          postId={post.id}
          platform={post.platform}
          timeZone={timeZone}
          // A draft repeats nothing (the server refuses it): schedule it first.
          editable={state.editable && !state.draft}
          canWrite={state.canWrite}
        />

        <VariantSection variant={variant} disabled={!state.editable} />

        <DeliveryTimeline postId={post.id} platform={post.platform} timeZone={timeZone} />

        {state.blockingReason && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {state.blockingReason}
          </Alert>
        )}

        {state.budgetConfirm}
        {state.draft && state.editable && (
          <Alert color="grape" icon={<IconPencil size={18} aria-hidden />}>
            {messages.posts.draftHint}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {state.editable ? (
            <>
              {/* The queue's next free slot (docs/posting-queue.md); unsaved changes are dropped, as with Cancelar. */}
              {(post.status === 'scheduled' || post.status === 'draft') && !post.queued && (
                <AddToQueueButton
                  postId={post.id}
                  disabled={state.saving}
                  onQueued={onCancel}
                  variant="default"
                />
              )}
              <Button variant="default" onClick={onCancel} disabled={state.saving}>
                {messages.common.cancel}
              </Button>
              {state.draft ? (
                <>
                  {/* Enter keeps it a draft; only "Agendar" schedules it (docs/composer.md). */}
                  <Button type="submit" variant="light" loading={state.saving} disabled={state.saving}>
                    {messages.posts.saveDraft}
                  </Button>
                  <Button onClick={state.schedule} loading={state.saving} disabled={state.saving}>
                    {messages.posts.scheduleDraft}
                  </Button>
                </>
              ) : (
                <Button type="submit" loading={state.saving}>
                  {state.saving ? messages.common.saving : messages.common.save}
                </Button>
              )}
            </>
          ) : (
            // Read-only (publishing or published): nothing to save, only to close.
            <Button variant="default" onClick={onCancel}>
              {messages.common.close}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
