import {
  Alert,
  Button,
  Group,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  getErrorMessage,
  isBeyondScheduleHorizon,
  isEditablePostStatus,
  measurePostLength,
  messages,
  PLATFORM_LABELS,
  PLATFORM_TEXT_LIMITS,
  scheduleHorizon,
  truncate,
} from '@pauta/core';
import { IconAlertCircle, IconCalendar, IconClock } from '@tabler/icons-react';
import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { useGuardedMutation } from '../../lib/actions';
import { requestStateText } from '../../lib/errors';
import { showError, showInfo, showSuccess } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { PostMediaField } from '../media/PostMediaField';
import { PlatformIcon } from '../PlatformIcon';
import { describeUpdateError } from './post-errors';
import {
  combineLocalDateTime,
  localDayKey,
  localTime,
  normalizeTime,
  parseDayKey,
  parseTime,
} from './time-zone';
import type { PostItem } from './types';
import { isConflict, useRefreshPosts } from './usePostActions';

const text = messages.posts;
const PREVIEW_LENGTH = 100;

interface EditPostModalProps {
  /** The post being edited; null closes the dialog. */
  post: PostItem | null;
  timeZone: string;
  onClose: () => void;
}

/** 'Editar Post' (spec §2.3, §4): a focus-trapped dialog. The form remounts for every post. */
export function EditPostModal({ post, timeZone, onClose }: EditPostModalProps) {
  return (
    <Modal
      opened={post !== null}
      onClose={onClose}
      title={text.editTitle}
      size="lg"
      centered
      closeButtonProps={{ 'aria-label': messages.common.close }}
    >
      {post && <EditPostForm key={post.id} post={post} timeZone={timeZone} onClose={onClose} />}
    </Modal>
  );
}

interface FieldErrors {
  title?: string;
  content?: string;
  date?: string;
  time?: string;
}

function EditPostForm({
  post,
  timeZone,
  onClose,
}: {
  post: PostItem;
  timeZone: string;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const refresh = useRefreshPosts();
  const counterId = useId();
  const [title, setTitle] = useState(post.title);
  const [content, setContent] = useState(post.content);
  const [date, setDate] = useState<string | null>(localDayKey(post.scheduledFor, timeZone));
  const [time, setTime] = useState(localTime(post.scheduledFor, timeZone));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const limit = PLATFORM_TEXT_LIMITS[post.platform];
  const used = measurePostLength(post.platform, content);
  const over = used > limit;
  const editable = isEditablePostStatus(post.status);
  // The server refuses dates more than 2 years ahead; the picker stops at that day.
  const latestDay = localDayKey(scheduleHorizon(new Date()), timeZone);

  const update = useGuardedMutation(
    trpc.posts.update.mutationOptions({
      onSuccess: async (_saved, input) => {
        // Say what was changed: the text, the date, or both (spec §1 has the date's own toast).
        const textChanged = input.title !== post.title || input.content !== post.content;
        const dateChanged = input.scheduledFor.getTime() !== new Date(post.scheduledFor).getTime();
        showSuccess(
          messages.common.success,
          textChanged ? (dateChanged ? text.updatedWithDate : text.updated) : text.dateUpdated,
        );
        onClose();
        await refresh();
      },
      onError: async (error) => {
        setServerError(describeUpdateError(error, post.platform));
        showError(messages.common.error, requestStateText(error) ?? text.updateError);
        if (isConflict(error)) await refresh();
      },
    }),
  );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const found: FieldErrors = {};
    if (title.trim() === '') found.title = text.titleRequired;
    if (content.trim() === '') found.content = text.contentRequired;
    else if (over) found.content = text.tooLongFor(PLATFORM_LABELS[post.platform], limit);
    // Spec §4: the new date-time is combined only when both parts exist; without them nothing is saved.
    if (!parseDayKey(date)) found.date = text.dateRequired;
    const typedTime = normalizeTime(time);
    if (typedTime === '') found.time = text.timeRequired;
    else if (!parseTime(typedTime)) found.time = text.invalidTime;
    const scheduledFor = combineLocalDateTime(date, typedTime, timeZone);
    if (scheduledFor && isBeyondScheduleHorizon(scheduledFor, new Date()))
      found.date = getErrorMessage('SCHEDULE_OUT_OF_RANGE');
    setErrors(found);
    if (Object.keys(found).length > 0 || !scheduledFor) return;
    const unchanged =
      title.trim() === post.title &&
      content === post.content &&
      scheduledFor.getTime() === new Date(post.scheduledFor).getTime();
    if (unchanged) {
      showInfo(messages.common.info, text.nothingChanged);
      onClose();
      return;
    }
    update.mutate({ id: post.id, title: title.trim(), content, scheduledFor });
  };

  const blockingReason = errors.date ?? errors.time;

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {!editable && (
          <Alert color="yellow" icon={<IconAlertCircle size={18} aria-hidden />}>
            {text.notEditableHint}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={text.platform}
            value={PLATFORM_LABELS[post.platform]}
            readOnly
            variant="filled"
            leftSection={<PlatformIcon platform={post.platform} />}
          />
          <TextInput label={text.theme} value={post.themeName} readOnly variant="filled" />
        </SimpleGrid>

        <TextInput
          label={text.title}
          value={title}
          onChange={(event) => setTitle(event.currentTarget.value)}
          error={errors.title}
          required
          data-autofocus
        />

        <div>
          <Textarea
            label={text.content}
            value={content}
            onChange={(event) => setContent(event.currentTarget.value)}
            autosize
            minRows={4}
            maxRows={12}
            error={errors.content}
            required
            aria-describedby={counterId}
          />
          <Text
            id={counterId}
            size="xs"
            mt={4}
            ta="right"
            fw={over ? 700 : 500}
            c={over ? 'red' : 'dimmed'}
            aria-live="polite"
            data-over={over || undefined}
          >
            {text.contentLength(used, limit)}
            {over && ` · ${text.contentTooLong(PLATFORM_LABELS[post.platform], limit)}`}
          </Text>
        </div>

        <PostMediaField postId={post.id} editable={editable} />

        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DatePickerInput
            label={text.publishDate}
            placeholder={text.pickDate}
            value={date}
            onChange={(value) => setDate(value)}
            valueFormat="DD/MM/YYYY"
            maxDate={latestDay}
            clearable
            clearButtonProps={{ 'aria-label': messages.common.clear }}
            required
            error={errors.date}
            leftSection={<IconCalendar size={16} aria-hidden />}
            popoverProps={{ withinPortal: true }}
          />
          {/* A text field, not <input type="time">: the browser shows that one in its own locale
              ("10:00 AM" in an English Chromium); pt-BR uses 24 h, so the field is HH:mm. */}
          <TextInput
            label={text.publishTime}
            value={time}
            onChange={(event) => setTime(event.currentTarget.value)}
            onBlur={() => setTime((current) => normalizeTime(current))}
            placeholder="HH:mm"
            inputMode="numeric"
            autoComplete="off"
            maxLength={5}
            required
            error={errors.time}
            leftSection={<IconClock size={16} aria-hidden />}
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-8}>
          {text.dateTimeIn(timeZone)}
        </Text>

        <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
          <Text size="xs" fw={700} tt="uppercase" c="dimmed">
            {text.preview}
          </Text>
          <Text size="xs" c="dimmed" mb={4}>
            {text.previewHint}
          </Text>
          <Text
            size="sm"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="post-preview"
          >
            {truncate(content, PREVIEW_LENGTH)}
          </Text>
        </Paper>

        {(serverError ?? blockingReason) && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
            {serverError ?? blockingReason}
          </Alert>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            {messages.common.cancel}
          </Button>
          <Button type="submit" loading={update.isPending} disabled={!editable}>
            {update.isPending ? messages.common.saving : messages.common.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
