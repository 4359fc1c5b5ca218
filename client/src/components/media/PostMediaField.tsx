// The images of a post (issue 15, docs/media.md): pick or drop up to four images, see each upload's
// progress, put them in order with buttons (keyboard and screen reader friendly: no drag needed),
// describe each one (alt text, saved when the field is left) and remove them. Every change is saved
// at once on the server; refusals are shown in pt-BR with the network and the limit.
import {
  Alert,
  Box,
  Button,
  CloseButton,
  Group,
  Image,
  Input,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import {
  MAX_MEDIA_PER_POST,
  MEDIA_ALT_TEXT_MAX,
  mediaRequiredOn,
  messages,
  PLATFORM_LABELS,
  type Platform,
  videoFieldMessages,
} from '@pauta/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconArrowRight,
  IconPhotoPlus,
  IconSparkles,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useSystemStatus } from '../../app/session';
import { useSingleFlight } from '../../lib/actions';
import { announce } from '../../lib/announcer';
import { describeError } from '../../lib/errors';
import { showErrorText } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { counterProps } from '../CharacterCount';
import { TooltipIconButton } from '../TooltipIconButton';
import classes from './PostMediaField.module.css';
import { VideoCard, VideoUploadCard } from './PostVideoField';
import type { MediaItem } from './types';
import { newUploadId, precheck, type Uploader, xhrUpload } from './upload';
import { isVideoFile, VIDEO_ACCEPT } from './videoUpload';

const text = messages.media;
const videoText = videoFieldMessages;
const ACCEPT = `image/jpeg,image/png,image/webp,image/gif,${VIDEO_ACCEPT}`;

interface PostMediaFieldProps {
  postId: string;
  /** False while the post is publishing or published: the images are shown, nothing changes. */
  editable: boolean;
  /** The post's network: one that publishes only posts with an image gets a hint while it has none. */
  platform?: Platform;
  /** The upload transport (tests pass their own). */
  uploader?: Uploader;
  /** Told of every image uploaded here (a cancelled dialog removes the ones it added). */
  onUploaded?: (mediaId: string) => void;
}

interface PendingUpload {
  id: string;
  name: string;
  progress: number;
}

interface FailedUpload {
  id: string;
  text: string;
}

export function PostMediaField({
  postId,
  editable,
  platform,
  uploader = xhrUpload,
  onUploaded,
}: PostMediaFieldProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listOptions = trpc.media.list.queryOptions({ postId });
  const list = useQuery(listOptions);
  const media = list.data ?? [];
  const [pending, setPending] = useState<PendingUpload[]>([]);
  const [failures, setFailures] = useState<FailedUpload[]>([]);
  const [dragging, setDragging] = useState(false);
  /** The video being sent (one at a time; a post has images or one video). */
  const [videoFile, setVideoFile] = useState<File | null>(null);
  const video = media.find((m) => m.kind === 'video');
  /** The button to focus after a reorder (the moved image's, in its new place). */
  const [focusAfterMove, setFocusAfterMove] = useState<string | null>(null);
  const rootRef = useRef<HTMLDivElement>(null);

  /** Lists and the calendar show the first image: they are refreshed after any change. */
  const refreshPosts = () => void queryClient.invalidateQueries({ queryKey: trpc.posts.pathKey() });
  const setList = (items: MediaItem[]) => {
    queryClient.setQueryData(listOptions.queryKey, items);
    refreshPosts();
  };
  const fail = (message: string) =>
    setFailures((current) => [...current, { id: newUploadId(), text: message }]);
  const onMutationError = (error: unknown) => {
    const { message } = describeError(error);
    fail(message);
    announce(message, { assertive: true });
    void list.refetch();
  };

  const reorder = useMutation(
    trpc.media.reorder.mutationOptions({ onSuccess: setList, onError: onMutationError }),
  );
  const remove = useMutation(
    trpc.media.remove.mutationOptions({
      onSuccess: (items) => {
        setList(items);
        announce(text.removed);
      },
      onError: onMutationError,
    }),
  );
  const setAlt = useMutation(
    trpc.media.setAlt.mutationOptions({
      onSuccess: (item) => {
        // From the cache as it is now, not as it was when this save started: saves of several
        // alt texts in a row (tabbing through them) each keep the others'.
        queryClient.setQueryData(listOptions.queryKey, (current: MediaItem[] | undefined) =>
          current?.map((m) => (m.id === item.id ? item : m)),
        );
        refreshPosts();
        announce(text.altSaved);
      },
      onError: onMutationError,
    }),
  );
  const busy = reorder.isPending || remove.isPending;
  // "Sugerir texto alternativo" exists only with the AI configured (system status says so).
  const aiConfigured = useSystemStatus().data?.aiConfigured === true;
  const suggestAlt = useMutation(trpc.media.suggestAlt.mutationOptions());
  const suggest = async (mediaId: string): Promise<string | null> => {
    try {
      const { altText } = await suggestAlt.mutateAsync({ postId, mediaId });
      return altText;
    } catch (error) {
      showErrorText(describeError(error), { id: 'media-alt-suggestion' });
      return null;
    }
  };

  useEffect(() => {
    if (!focusAfterMove) return;
    rootRef.current?.querySelector<HTMLButtonElement>(`[data-focus-key="${focusAfterMove}"]`)?.focus();
    setFocusAfterMove(null);
  });

  const slots = MAX_MEDIA_PER_POST - media.length - pending.length;
  // Said before the worker would stop the post with MEDIA_REQUIRED at its time (only once the list
  // is known, so it never flashes while the images load).
  const needsImage =
    editable &&
    platform !== undefined &&
    mediaRequiredOn(platform) &&
    list.isSuccess &&
    media.length === 0 &&
    pending.length === 0;

  async function addFiles(picked: File[]) {
    if (!editable || picked.length === 0) return;
    setFailures([]);
    // A video goes through the resumable upload, alone: a post has images or one video.
    const videos = picked.filter(isVideoFile);
    const files = picked.filter((file) => !isVideoFile(file));
    for (const [index, file] of videos.entries()) {
      if (index > 0 || videoFile !== null || video !== undefined)
        fail(videoText.failed(file.name, videoText.onlyOne));
      else if (files.length > 0 || media.length > 0 || pending.length > 0)
        fail(videoText.failed(file.name, videoText.videoAndImages));
      else setVideoFile(file);
    }
    let free = slots;
    const queue: { file: File; id: string }[] = [];
    for (const file of files) {
      const refused = precheck(file);
      if (refused) fail(text.failed(file.name, refused));
      else if (free <= 0) fail(text.failed(file.name, text.full));
      else {
        queue.push({ file, id: newUploadId() });
        free -= 1;
      }
    }
    setPending((current) => [
      ...current,
      ...queue.map((q) => ({ id: q.id, name: q.file.name, progress: 0 })),
    ]);
    // One at a time, in the order picked: the images keep that order, and the server decodes one.
    for (const { file, id } of queue) {
      const result = await uploader({
        postId,
        file,
        uploadId: id,
        onProgress: (progress) =>
          setPending((current) => current.map((p) => (p.id === id ? { ...p, progress } : p))),
      });
      setPending((current) => current.filter((p) => p.id !== id));
      if (result.ok) {
        onUploaded?.(result.media.id);
        queryClient.setQueryData(listOptions.queryKey, (current: MediaItem[] | undefined) => {
          const others = (current ?? []).filter((m) => m.id !== result.media.id);
          return [...others, result.media].sort((a, b) => a.position - b.position);
        });
        announce(text.uploaded(file.name));
      } else {
        const message = text.failed(file.name, result.message);
        fail(message);
        announce(message, { assertive: true });
      }
    }
    void queryClient.invalidateQueries({ queryKey: listOptions.queryKey });
    refreshPosts();
  }

  const move = (index: number, by: -1 | 1) => {
    // One change at a time (the arrows stay enabled so the focus can stay on them).
    if (busy) return;
    const order = media.map((m) => m.id);
    const target = index + by;
    const moved = order[index];
    const other = order[target];
    if (moved === undefined || other === undefined) return;
    order[index] = other;
    order[target] = moved;
    // Shown at once; the server's answer (or a refetch on error) settles it.
    setList(order.map((id, position) => ({ ...(media.find((m) => m.id === id) as MediaItem), position })));
    // Keep the focus on the same arrow of the moved image, unless it hit an end.
    const edge = (by === -1 && target === 0) || (by === 1 && target === order.length - 1);
    setFocusAfterMove(`${moved}:${edge ? (by === -1 ? 'after' : 'before') : by === -1 ? 'before' : 'after'}`);
    announce(text.moved(index + 1, target + 1));
    reorder.mutate({ postId, order });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void addFiles(Array.from(event.dataTransfer.files));
  };

  return (
    <Box
      ref={rootRef}
      role="group"
      aria-labelledby={`${hintId}-label`}
      aria-describedby={needsImage ? `${hintId} ${hintId}-required` : hintId}
    >
      <Input.Label labelElement="div" id={`${hintId}-label`}>
        {text.label}
      </Input.Label>
      <Input.Description id={hintId} mb={6}>
        {editable ? `${text.hint} ${videoText.hint}` : text.notEditable}
      </Input.Description>
      {needsImage && (
        <Group
          id={`${hintId}-required`}
          gap={6}
          wrap="nowrap"
          align="flex-start"
          mb={6}
          className={classes.required}
          data-testid="media-required"
        >
          <IconAlertTriangle size={16} aria-hidden className={classes.requiredIcon} />
          <Text size="sm">{text.requiredHint(PLATFORM_LABELS[platform])}</Text>
        </Group>
      )}

      {list.isError && (
        <Text size="xs" c="red" mb="xs">
          {text.loadError}
        </Text>
      )}

      {videoFile && (
        <Box mb="xs">
          <VideoUploadCard
            postId={postId}
            file={videoFile}
            onDone={(mediaId) => {
              onUploaded?.(mediaId);
              announce(videoText.uploaded(videoFile.name));
              void list.refetch().then(() => setVideoFile(null));
              refreshPosts();
            }}
            onStopped={(message) => {
              setVideoFile(null);
              if (message) {
                const line = videoText.failed(videoFile.name, message);
                fail(line);
                announce(line, { assertive: true });
              }
            }}
          />
        </Box>
      )}
      {video && !videoFile && (
        <Box mb="xs">
          <VideoCard
            postId={postId}
            item={video}
            editable={editable}
            removing={remove.isPending}
            onRemove={() => remove.mutate({ postId, mediaId: video.id })}
            onChanged={(item) => {
              queryClient.setQueryData(listOptions.queryKey, (current: MediaItem[] | undefined) =>
                current?.map((m) => (m.id === item.id ? item : m)),
              );
              refreshPosts();
            }}
          />
        </Box>
      )}

      {!video && (media.length > 0 || pending.length > 0) && (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" mb="xs">
          {media.map((item, index) => (
            <Paper key={item.id} withBorder radius="md" p={6} className={classes.card}>
              <Stack gap={6}>
                <div className={classes.frame}>
                  <Image
                    src={item.thumbUrl}
                    alt={item.altText || text.image(index + 1)}
                    className={classes.thumb}
                    loading="lazy"
                  />
                  <Text className={classes.badge} size="xs" fw={700} aria-hidden>
                    {index + 1}
                  </Text>
                </div>
                {editable && (
                  <Group gap={4} justify="space-between" wrap="nowrap">
                    <Group gap={2} wrap="nowrap">
                      <TooltipIconButton
                        tooltip={text.moveBefore(index + 1)}
                        icon={IconArrowLeft}
                        variant="default"
                        size="md"
                        disabled={index === 0}
                        onClick={() => move(index, -1)}
                        data-focus-key={`${item.id}:before`}
                      />
                      <TooltipIconButton
                        tooltip={text.moveAfter(index + 1)}
                        icon={IconArrowRight}
                        variant="default"
                        size="md"
                        disabled={index === media.length - 1}
                        onClick={() => move(index, 1)}
                        data-focus-key={`${item.id}:after`}
                      />
                    </Group>
                    <TooltipIconButton
                      tooltip={text.remove(index + 1)}
                      icon={IconTrash}
                      variant="light"
                      color="red"
                      size="md"
                      disabled={busy}
                      loading={remove.isPending && remove.variables?.mediaId === item.id}
                      onClick={() => remove.mutate({ postId, mediaId: item.id })}
                    />
                  </Group>
                )}
                <AltTextInput
                  key={`${item.id}:${item.altText}`}
                  item={item}
                  index={index}
                  editable={editable}
                  onSave={(altText) => setAlt.mutate({ postId, mediaId: item.id, altText })}
                  {...(editable && aiConfigured ? { onSuggest: () => suggest(item.id) } : {})}
                />
              </Stack>
            </Paper>
          ))}
          {pending.map((upload) => (
            <Paper key={upload.id} withBorder radius="md" p="xs" className={classes.card}>
              <Stack gap={6} justify="center" h="100%">
                <Text size="xs" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                  {text.uploading(upload.name)}
                </Text>
                <Progress
                  value={Math.round(upload.progress * 100)}
                  aria-label={text.uploading(upload.name)}
                  animated
                />
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}

      {editable && slots > 0 && !video && !videoFile && (
        // biome-ignore lint/a11y/noStaticElementInteractions: the drop target only adds to the button inside it, which is the keyboard's way in.
        <div
          className={classes.drop}
          data-dragging={dragging || undefined}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <IconPhotoPlus size={22} aria-hidden className={classes.dropIcon} />
          <Text size="sm" c="dimmed" component="span">
            {text.dropHere}
          </Text>
          <Button
            variant="light"
            size="xs"
            onClick={() => inputRef.current?.click()}
            aria-describedby={hintId}
          >
            {text.add}
          </Button>
          <input
            ref={inputRef}
            type="file"
            accept={ACCEPT}
            multiple
            hidden
            tabIndex={-1}
            aria-hidden
            onChange={(event) => {
              const files = Array.from(event.currentTarget.files ?? []);
              event.currentTarget.value = '';
              void addFiles(files);
            }}
          />
        </div>
      )}
      {editable && slots <= 0 && pending.length === 0 && !video && (
        <Text size="xs" c="dimmed">
          {text.full}
        </Text>
      )}

      {failures.length > 0 && (
        <Alert
          color="red"
          mt="xs"
          role="alert"
          withCloseButton={false}
          title={messages.common.error}
          data-testid="media-errors"
        >
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Stack gap={2}>
              {failures.map((f) => (
                <Text key={f.id} size="sm">
                  {f.text}
                </Text>
              ))}
            </Stack>
            <CloseButton size="sm" aria-label={messages.common.close} onClick={() => setFailures([])} />
          </Group>
        </Alert>
      )}
    </Box>
  );
}

function AltTextInput({
  item,
  index,
  editable,
  onSave,
  onSuggest,
}: {
  item: MediaItem;
  index: number;
  editable: boolean;
  onSave: (altText: string) => void;
  /** Asks the AI for a description (null: failed, already said in a toast). Absent: no button. */
  onSuggest?: () => Promise<string | null>;
}) {
  const [value, setValue] = useState(item.altText);
  const tooLong = value.trim().length > MEDIA_ALT_TEXT_MAX;
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  // One request at a time per image; the button says so while it runs.
  const [suggest, suggesting] = useSingleFlight(async () => {
    if (!onSuggest) return;
    const suggestion = await onSuggest();
    if (suggestion === null) return;
    setValue(suggestion);
    // The person reviews it in the field; leaving the field saves it, as with typed text.
    fieldRef.current?.focus();
    announce(text.altSuggested(index + 1));
  });
  const field = (
    <Textarea
      ref={fieldRef}
      label={text.altShort}
      aria-label={text.altLabel(index + 1)}
      placeholder={text.altPlaceholder}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onBlur={() => {
        // Longer than the limit: said on the field and not saved (never cut).
        if (!tooLong && value.trim() !== item.altText) onSave(value.trim());
      }}
      error={tooLong ? messages.common.tooLong(MEDIA_ALT_TEXT_MAX) : undefined}
      {...(editable ? counterProps(value, MEDIA_ALT_TEXT_MAX) : {})}
      autosize
      minRows={1}
      maxRows={4}
      size="xs"
      readOnly={!editable}
      classNames={{ label: classes.altLabel }}
    />
  );
  if (!onSuggest) return field;
  return (
    <Stack gap={4}>
      {field}
      <Button
        variant="subtle"
        size="compact-xs"
        leftSection={<IconSparkles size={14} aria-hidden />}
        onClick={() => void suggest()}
        disabled={suggesting}
        aria-label={suggesting ? text.suggestingAlt : text.suggestAltFor(index + 1)}
        classNames={{ root: classes.suggest, inner: classes.suggestInner, label: classes.suggestLabel }}
      >
        {suggesting ? text.suggestingAlt : text.suggestAlt}
      </Button>
    </Stack>
  );
}
