// The images of "Novo post" (docs/composer.md): chosen once for the base and inherited by each
// network's tab until the tab picks its own (as the text). Each file is uploaded at once to the
// workspace (POST /api/composer/media, checked and EXIF-free; each network's own rules apply at the
// save). A composer closed without saving keeps none of them: its uploads are discarded
// (media.discardComposer), and one that ends after the close is discarded as it arrives; after a
// save, the uploads no network used are discarded too (the save consumed the rest).
//
// A video goes the same way (docs/composer.md, "Video"): one per list, never with images, sent with
// Editar Post's resumable upload (tus, `createVideoUpload` without a post) with its progress and
// "Cancelar envio"; the browser shows it from the file itself. Each network's video rules apply at
// the save (and in its tab's pre-flight).
import { MAX_MEDIA_PER_POST, mediaRejectionMessage, messages } from '@pauta/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTRPCClient } from '../../lib/trpc';
import { newUploadId, precheck, xhrImageUpload } from '../media/upload';
import { createVideoUpload, isVideoFile, type VideoUploadHandlers } from '../media/videoUpload';

const text = messages.composer;

/** An uploaded image as the composer shows and sends it. */
export interface ComposerImage {
  id: string;
  url: string;
  thumbUrl: string;
  alt: string;
  /** A video (its `url` the picked file's object URL; no thumbnail); absent = an image. */
  kind?: 'video';
  /** A video's file name, as the field shows it. */
  name?: string;
}

/** A video being sent: its file name, how far, and how to stop it. */
export interface ComposerVideoProgress {
  name: string;
  percent: number;
  cancel(): void;
}

/** Starts the resumable upload of a composer's video (tests pass their own). */
export type ComposerVideoUploader = (
  file: File,
  handlers: VideoUploadHandlers,
) => { start(): void; cancel(): Promise<void> };

const tusComposerUpload: ComposerVideoUploader = (file, handlers) => {
  const upload = createVideoUpload(null, file, handlers);
  return { start: () => void upload.start(), cancel: () => upload.cancel() };
};

/** Where an image goes: the base, or one network's own list. */
/** The base's list, or a tab's own (a tab's key: a network, or a network's account). */
export type MediaTarget = 'base' | string;

interface UploadAnswer {
  id: string;
  url: string;
  thumbUrl: string;
}

/** Sends one file (tests pass their own); the server's answer or the pt-BR refusal. */
export type ComposerUploader = (options: {
  file: File;
  uploadId: string;
}) => Promise<{ ok: true; media: UploadAnswer } | { ok: false; message: string }>;

const xhrComposerUpload: ComposerUploader = ({ file, uploadId }) =>
  xhrImageUpload<UploadAnswer>({ url: '/api/composer/media', file, uploadId, onProgress: () => undefined });

export function useComposerMedia(
  uploader: ComposerUploader = xhrComposerUpload,
  videoUploader: ComposerVideoUploader = tusComposerUpload,
) {
  const client = useTRPCClient();
  const [videos, setVideos] = useState<Partial<Record<MediaTarget, ComposerVideoProgress>>>({});
  // Uploads still running: cancelled (tus termination) when the composer closes.
  const running = useRef(new Set<() => void>());
  const [base, setBase] = useState<ComposerImage[]>([]);
  const [own, setOwn] = useState<Partial<Record<string, ComposerImage[]>>>({});
  const [uploading, setUploading] = useState<Partial<Record<MediaTarget, number>>>({});
  const [errors, setErrors] = useState<Partial<Record<MediaTarget, string>>>({});
  // Every upload of this composer, and whether it was saved or closed (refs: read after unmount).
  const uploaded = useRef(new Set<string>());
  const ended = useRef<'open' | 'saved' | 'closed'>('open');

  // The latest client, read by the unmount cleanup (an effect that depended on it would run its
  // cleanup — and discard every upload — whenever the client object changed).
  const clientRef = useRef(client);
  clientRef.current = client;
  const discard = useCallback((ids: string[]) => {
    if (ids.length === 0) return;
    // Best effort: what is not discarded now expires on the server (the sweeper, after hours).
    clientRef.current.media.discardComposer.mutate({ ids }).catch(() => undefined);
  }, []);

  // Closed without saving (Cancelar, ×, Escape: the form unmounts): nothing uploaded is kept.
  useEffect(() => {
    // Mounted (again, under StrictMode's mount–unmount–mount in development): open.
    if (ended.current === 'closed' && uploaded.current.size === 0) ended.current = 'open';
    return () => {
      if (ended.current === 'open') {
        ended.current = 'closed';
        discard([...uploaded.current]);
        for (const cancel of running.current) cancel();
      }
    };
  }, [discard]);

  const listOf = (target: MediaTarget) => (target === 'base' ? base : (own[target] ?? []));
  const setList = (target: MediaTarget, change: (list: ComposerImage[]) => ComposerImage[]) => {
    if (target === 'base') setBase(change);
    else setOwn((current) => ({ ...current, [target]: change(current[target] ?? []) }));
  };

  const refuse = (target: MediaTarget, message: string) =>
    setErrors((current) => ({ ...current, [target]: message }));

  function addVideo(target: MediaTarget, file: File) {
    const list = listOf(target);
    if (videos[target] || list.some((item) => item.kind === 'video'))
      return refuse(target, mediaRejectionMessage({ reason: 'ONE_VIDEO' }));
    if (list.length > 0 || (uploading[target] ?? 0) > 0)
      return refuse(target, mediaRejectionMessage({ reason: 'VIDEO_WITH_IMAGES' }));
    const stop = () => {
      running.current.delete(cancel);
      setVideos((current) => ({ ...current, [target]: undefined }));
    };
    const upload = videoUploader(file, {
      onProgress: (sent, total) =>
        setVideos((current) =>
          current[target]
            ? { ...current, [target]: { ...current[target], percent: Math.floor((sent / total) * 100) } }
            : current,
        ),
      onRetry: () => undefined,
      onSuccess: (id) => {
        running.current.delete(cancel);
        if (ended.current === 'closed') return discard([id]);
        stop();
        uploaded.current.add(id);
        const url = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : '';
        setList(target, (current) => [
          ...current,
          { id, url, thumbUrl: '', alt: '', kind: 'video', name: file.name },
        ]);
      },
      onError: (message) => {
        stop();
        if (ended.current !== 'closed') refuse(target, message);
      },
    });
    const cancel = () => {
      stop();
      void upload.cancel();
    };
    running.current.add(cancel);
    setVideos((current) => ({ ...current, [target]: { name: file.name, percent: 0, cancel } }));
    upload.start();
  }

  async function add(target: MediaTarget, files: File[]) {
    setErrors((current) => ({ ...current, [target]: undefined }));
    const video = files.find(isVideoFile);
    if (video) {
      if (files.length > 1) return refuse(target, mediaRejectionMessage({ reason: 'VIDEO_WITH_IMAGES' }));
      return addVideo(target, video);
    }
    if (listOf(target).some((item) => item.kind === 'video') || videos[target])
      return refuse(target, mediaRejectionMessage({ reason: 'IMAGES_WITH_VIDEO' }));
    const room = MAX_MEDIA_PER_POST - listOf(target).length - (uploading[target] ?? 0);
    if (files.length > room) {
      setErrors((current) => ({ ...current, [target]: text.tooManyImages(MAX_MEDIA_PER_POST) }));
      files = files.slice(0, Math.max(0, room));
    }
    for (const file of files) {
      const refused = precheck(file);
      if (refused) {
        setErrors((current) => ({ ...current, [target]: refused }));
        continue;
      }
      const uploadId = newUploadId();
      setUploading((current) => ({ ...current, [target]: (current[target] ?? 0) + 1 }));
      const result = await uploader({ file, uploadId });
      if (ended.current === 'closed') {
        if (result.ok) discard([result.media.id]);
        return;
      }
      setUploading((current) => ({ ...current, [target]: Math.max(0, (current[target] ?? 1) - 1) }));
      if (!result.ok) {
        setErrors((current) => ({ ...current, [target]: result.message }));
        continue;
      }
      uploaded.current.add(result.media.id);
      const { id, url, thumbUrl } = result.media;
      setList(target, (list) => [...list, { id, url, thumbUrl, alt: '' }]);
    }
  }

  return {
    base,
    own,
    uploading,
    /** The videos being sent, per list. */
    videos,
    errors,
    add: (target: MediaTarget, files: File[]) => void add(target, files),
    remove(target: MediaTarget, id: string) {
      setList(target, (list) => list.filter((image) => image.id !== id));
    },
    alt(target: MediaTarget, id: string, alt: string) {
      setList(target, (list) => list.map((image) => (image.id === id ? { ...image, alt } : image)));
    },
    /** The tab picks its own images, starting from the base's. */
    chooseOwn(platform: string) {
      setOwn((current) => ({ ...current, [platform]: base.map((image) => ({ ...image })) }));
    },
    /** The tab goes back to the base's images. */
    inheritBase(platform: string) {
      setOwn((current) => {
        const { [platform]: _dropped, ...rest } = current;
        return rest;
      });
      setErrors((current) => ({ ...current, [platform]: undefined }));
    },
    /** The images a network publishes: its own, or the base's. */
    of: (platform: string) => own[platform] ?? base,
    busy:
      Object.values(uploading).some((count) => (count ?? 0) > 0) ||
      Object.values(videos).some((video) => video !== undefined),
    /** The save went through: the uploads no network used are discarded (the others were consumed). */
    saved(used: readonly string[]) {
      ended.current = 'saved';
      discard([...uploaded.current].filter((id) => !used.includes(id)));
    },
  };
}
