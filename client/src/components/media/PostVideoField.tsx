// A post's video in the edit dialog (issue 26, docs/media.md "Vídeo"): the resumable upload of the
// file the person picked (progress, Pausar / Continuar, Cancelar envio, automatic resume after a
// dropped connection), then the video itself from its signed URL with its length and size, the
// network's word when it does not publish video yet, and the cover: a frame of the video ("Usar
// este quadro", drawn on a canvas in the browser and saved as an image) or an uploaded image.
import { Alert, Button, Group, Image, Paper, Progress, Stack, Text } from '@mantine/core';
import { type MediaRejection, mediaRejectionMessage, messages, videoFieldMessages } from '@pauta/core';
import { IconPhoto, IconPlayerPause, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { workspaceHeaders } from '../../app/workspace';
import { useSingleFlight } from '../../lib/actions';
import { announce } from '../../lib/announcer';
import { CardDeleteButton } from '../posts/PostCardShell';
import classes from './PostMediaField.module.css';
import type { MediaItem } from './types';
import { createVideoUpload, type VideoUpload } from './videoUpload';

const text = videoFieldMessages;

type Phase = 'sending' | 'paused' | 'retrying' | 'checking';

/** The upload of a picked video, until the server has recorded it (or it is cancelled/refused). */
export function VideoUploadCard({
  postId,
  file,
  onDone,
  onStopped,
}: {
  postId: string;
  file: File;
  /** The server recorded the video (its id). */
  onDone: (mediaId: string) => void;
  /** Cancelled, or refused (`message`, pt-BR). */
  onStopped: (message: string | null) => void;
}) {
  const [percent, setPercent] = useState(0);
  const [phase, setPhase] = useState<Phase>('sending');
  const uploadRef = useRef<VideoUpload | null>(null);
  const finished = useRef(false);
  const callbacks = useRef({ onDone, onStopped });
  callbacks.current = { onDone, onStopped };

  useEffect(() => {
    const upload = createVideoUpload(postId, file, {
      onProgress: (sent, total) => {
        const value = total > 0 ? Math.floor((sent / total) * 100) : 0;
        setPercent(value);
        setPhase(sent === total ? 'checking' : 'sending');
      },
      onRetry: () => setPhase('retrying'),
      onSuccess: (mediaId) => {
        finished.current = true;
        callbacks.current.onDone(mediaId);
      },
      onError: (message) => {
        finished.current = true;
        callbacks.current.onStopped(message);
      },
    });
    uploadRef.current = upload;
    void upload.start();
    return () => {
      // The dialog closed (Cancelar, ×, Escape) while it was sending: nothing is kept.
      if (!finished.current) void upload.cancel();
    };
  }, [postId, file]);

  const [pause, pausing] = useSingleFlight(async () => {
    await uploadRef.current?.pause();
    setPhase('paused');
    announce(text.paused(file.name, percent));
  });
  const resume = () => {
    setPhase('sending');
    uploadRef.current?.resume();
  };
  const [cancel, cancelling] = useSingleFlight(async () => {
    finished.current = true;
    await uploadRef.current?.cancel();
    announce(text.cancelled);
    callbacks.current.onStopped(null);
  });

  const paused = phase === 'paused';
  const label = paused
    ? text.paused(file.name, percent)
    : phase === 'checking'
      ? text.checking
      : text.uploading(file.name, percent);
  return (
    <Paper withBorder radius="md" p="sm" data-testid="video-upload">
      <Stack gap={8}>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }} aria-live="polite">
          {label}
        </Text>
        <Progress
          value={percent}
          aria-label={text.uploading(file.name, percent)}
          animated={phase === 'sending' || phase === 'checking'}
        />
        {phase === 'retrying' && (
          <Text size="xs" c="orange.8">
            {text.retrying}
          </Text>
        )}
        <Group gap="xs">
          {/* One button that turns from Pausar into Continuar (and keeps the focus). */}
          <Button
            size="xs"
            variant="light"
            leftSection={
              paused ? <IconPlayerPlay size={14} aria-hidden /> : <IconPlayerPause size={14} aria-hidden />
            }
            onClick={paused ? resume : () => void pause()}
            disabled={paused ? cancelling : pausing || cancelling || phase === 'checking'}
          >
            {paused ? text.resume : text.pause}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconX size={14} aria-hidden />}
            onClick={() => void cancel()}
            disabled={cancelling || phase === 'checking'}
          >
            {text.cancel}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** Sends the cover image (a captured frame or a picked file) to the cover route. */
async function sendCover(
  postId: string,
  mediaId: string,
  image: Blob,
  timeSeconds: number | null,
): Promise<{ ok: true; media: MediaItem } | { ok: false; message: string }> {
  const query = timeSeconds === null ? '' : `?t=${timeSeconds.toFixed(3)}`;
  try {
    const res = await fetch(
      `/api/posts/${encodeURIComponent(postId)}/media/${encodeURIComponent(mediaId)}/cover${query}`,
      {
        method: 'POST',
        headers: { 'Content-Type': image.type || 'image/jpeg', ...workspaceHeaders() },
        body: image,
      },
    );
    const body = (await res.json().catch(() => null)) as {
      media?: MediaItem;
      message?: string;
      details?: MediaRejection;
    } | null;
    if (res.ok && body?.media) return { ok: true, media: body.media };
    if (body?.details?.reason) return { ok: false, message: mediaRejectionMessage(body.details) };
    return { ok: false, message: body?.message ?? text.coverFailed };
  } catch {
    return { ok: false, message: messages.errors.network };
  }
}

/** The frame on screen as a JPEG (same-origin video: the canvas is not tainted). */
function captureFrame(video: HTMLVideoElement): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = video.videoWidth;
  canvas.height = video.videoHeight;
  const context = canvas.getContext('2d');
  if (!context || canvas.width === 0) return Promise.resolve(null);
  context.drawImage(video, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve) => canvas.toBlob((blob) => resolve(blob), 'image/jpeg', 0.9));
}

/** A stored video: the player, its facts, the network's word, the cover and removal. */
export function VideoCard({
  postId,
  item,
  editable,
  removing,
  onRemove,
  onChanged,
}: {
  postId: string;
  item: MediaItem;
  editable: boolean;
  removing: boolean;
  onRemove: () => void;
  onChanged: (item: MediaItem) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const facts = item.video;
  const save = async (image: Blob | null, time: number | null) => {
    setError(null);
    if (!image) {
      setError(text.coverFailed);
      return;
    }
    const result = await sendCover(postId, item.id, image, time);
    if (result.ok) {
      onChanged(result.media);
      announce(text.coverSaved);
    } else {
      setError(result.message);
      announce(result.message, { assertive: true });
    }
  };
  const [takeFrame, savingFrame] = useSingleFlight(async () => {
    const video = videoRef.current;
    if (!video) return;
    video.pause();
    await save(await captureFrame(video), video.currentTime);
  });
  const [uploadCover, savingImage] = useSingleFlight(async (file: File) => save(file, null));
  const saving = savingFrame || savingImage;

  return (
    <Paper withBorder radius="md" p="sm" data-testid="post-video">
      <Stack gap="xs">
        <div className={classes.player}>
          {/* biome-ignore lint/a11y/useMediaCaption: the person's own video, shown to pick its cover; captions are not Pauta's to add. */}
          <video
            ref={videoRef}
            src={item.url}
            controls
            preload="metadata"
            playsInline
            aria-label={text.player}
            className={classes.video}
          />
        </div>
        {facts && (
          <Text size="sm" c="dimmed" data-testid="video-facts">
            {text.facts(facts.durationSeconds, item.width, item.height)}
          </Text>
        )}
        {facts?.notPublished && (
          <Alert color="yellow" variant="light" p="xs" data-testid="video-not-published">
            <Text size="sm">{facts.notPublished}</Text>
          </Alert>
        )}
        <Group gap="sm" align="center" wrap="nowrap">
          {item.thumbUrl ? (
            <Image src={item.thumbUrl} alt={text.coverAlt} w={48} h={64} radius="sm" fit="cover" />
          ) : (
            <div className={classes.coverEmpty} aria-hidden>
              <IconPhoto size={20} />
            </div>
          )}
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {text.coverTitle}
            </Text>
            <Text size="xs" c="dimmed" data-testid="video-cover-state">
              {facts?.coverTimeSeconds != null
                ? text.coverAt(facts.coverTimeSeconds)
                : item.thumbUrl
                  ? text.coverImage
                  : text.coverNone}
            </Text>
          </Stack>
        </Group>
        {editable && (
          <>
            <Text size="xs" c="dimmed">
              {text.coverHint}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="light"
                onClick={() => void takeFrame()}
                disabled={saving || removing}
              >
                {savingFrame ? text.savingCover : text.useFrame}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => fileRef.current?.click()}
                disabled={saving || removing}
              >
                {savingImage ? text.savingCover : text.uploadCover}
              </Button>
              <CardDeleteButton
                size="xs"
                label={text.remove}
                onClick={onRemove}
                disabled={saving || removing}
                loading={removing}
              />
            </Group>
            <input
              ref={fileRef}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              hidden
              tabIndex={-1}
              aria-hidden
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (file) void uploadCover(file);
              }}
            />
          </>
        )}
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
