// The images of "Novo post" (docs/composer.md): the base's, or one network's own. A button picks
// files (uploaded at once, one after the other); each image shows its thumbnail, its alt text and a
// remove button. Refusals (format, size, count) are said in pt-BR under the field. Or one video
// ("Adicionar vídeo"): its progress in % with "Cancelar envio" while it is sent, then the video
// itself (from the picked file) with its name and a remove button.
import {
  ActionIcon,
  Alert,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Loader,
  Progress,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { MAX_MEDIA_PER_POST, MEDIA_ALT_TEXT_MAX, messages } from '@pauta/core';
import { IconAlertCircle, IconPhotoPlus, IconTrash, IconVideoPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { VIDEO_ACCEPT } from '../media/videoUpload';
import type { ComposerImage, ComposerVideoProgress } from './useComposerMedia';

const text = messages.composer;

export function ComposerMediaField({
  label,
  description,
  images,
  uploading,
  video,
  error,
  disabled,
  onAdd,
  onRemove,
  onAlt,
}: {
  label: string;
  description?: string | undefined;
  images: readonly ComposerImage[];
  uploading: number;
  /** A video being sent to this list; absent when none. */
  video?: ComposerVideoProgress | undefined;
  error: string | undefined;
  disabled: boolean;
  onAdd: (files: File[]) => void;
  onRemove: (id: string) => void;
  onAlt: (id: string, alt: string) => void;
}) {
  const labelId = useId();
  const hasVideo = images.some((item) => item.kind === 'video') || video !== undefined;
  const full = hasVideo || images.length + uploading >= MAX_MEDIA_PER_POST;
  const videoTaken = hasVideo || images.length + uploading > 0;
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId} data-testid="composer-media">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Box>
          <Text id={labelId} size="sm" fw={500}>
            {label}
          </Text>
          {description && (
            <Text size="xs" c="dimmed">
              {description}
            </Text>
          )}
        </Box>
        {/* The two buttons wrap together, never one under the label and one on the right. */}
        <Group gap="xs" wrap="wrap">
          <FileButton
            onChange={(files) => onAdd(files)}
            accept="image/jpeg,image/png,image/webp,image/gif"
            multiple
            disabled={disabled || full}
          >
            {(props) => (
              <Button
                {...props}
                size="compact-sm"
                variant="light"
                leftSection={<IconPhotoPlus size={14} aria-hidden />}
                disabled={disabled || full}
              >
                {text.addImages}
              </Button>
            )}
          </FileButton>
          <FileButton
            onChange={(file) => file && onAdd([file])}
            accept={VIDEO_ACCEPT}
            disabled={disabled || videoTaken}
          >
            {(props) => (
              <Button
                {...props}
                size="compact-sm"
                variant="light"
                leftSection={<IconVideoPlus size={14} aria-hidden />}
                disabled={disabled || videoTaken}
              >
                {text.addVideo}
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
      {images.length === 0 && uploading === 0 && !video && (
        <Text size="xs" c="dimmed">
          {text.noImages}
        </Text>
      )}
      <Stack gap="xs" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {images.map((image, index) =>
          image.kind === 'video' ? (
            <Group key={image.id} component="li" gap="sm" wrap="nowrap" align="flex-start">
              <Box
                component="video"
                src={image.url}
                controls
                preload="metadata"
                aria-label={text.videoOf(image.name ?? '')}
                // Not narrower on a phone: under ~150 px Chromium's controls drop their play button.
                w={160}
                mah={200}
                style={{ borderRadius: 4, background: 'black' }}
              />
              <Text size="xs" style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                {text.videoOf(image.name ?? '')}
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={text.removeVideo}
                onClick={() => onRemove(image.id)}
                disabled={disabled}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ) : (
            <Group key={image.id} component="li" gap="sm" wrap="nowrap" align="flex-start">
              <Image src={image.thumbUrl} alt={image.alt} w={64} h={64} fit="cover" radius="sm" />
              <TextInput
                style={{ flex: 1, minWidth: 0 }}
                size="xs"
                label={text.altOf(index + 1)}
                value={image.alt}
                maxLength={MEDIA_ALT_TEXT_MAX}
                onChange={(event) => onAlt(image.id, event.currentTarget.value)}
                disabled={disabled}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={22}
                aria-label={text.removeImage(index + 1)}
                onClick={() => onRemove(image.id)}
                disabled={disabled}
              >
                <IconTrash size={16} aria-hidden />
              </ActionIcon>
            </Group>
          ),
        )}
      </Stack>
      {video && (
        <Stack gap={4} role="status" data-testid="composer-video-progress">
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {text.uploadingVideo(video.name, video.percent)}
            </Text>
            <Button size="compact-xs" variant="default" onClick={video.cancel}>
              {text.cancelVideo}
            </Button>
          </Group>
          <Progress value={video.percent} size="sm" aria-hidden />
        </Stack>
      )}
      {uploading > 0 && (
        <Group gap="xs" role="status">
          <Loader size="xs" aria-hidden />
          <Text size="xs" c="dimmed">
            {text.uploadingImage}
          </Text>
        </Group>
      )}
      {error && (
        <Alert color="red" icon={<IconAlertCircle size={16} aria-hidden />} p="xs" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
