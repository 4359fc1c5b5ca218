// AI carousels (issue 30 item 8, docs/carousel.md): generate a post's slides with the AI, edit
// them, render each slide to a PNG, and put the slides on the post as its images. Every call is
// the workspace's (the router passes ctx.workspace.id), every change goes through the repository's
// locks and fences, and every refusal is a CAROUSEL_REFUSED with a typed reason.
import { randomUUID } from 'node:crypto';
import {
  AppError,
  CAROUSEL_AI_MAX_SLIDES,
  CAROUSEL_MAX_SLIDES,
  type CarouselFormat,
  type CarouselIssue,
  EDITABLE_POST_STATUSES,
  MEDIA_THUMB_WIDTH,
  type PostStatus,
  type SlideKind,
  slideAltText,
  slidesIssue,
} from '@pauta/core';
import {
  type CarouselChangeRefusal,
  type CarouselRow,
  findCarousel,
  findCarouselPostContext,
  replacePostMediaWithSlides,
  saveGeneratedCarousel,
  setSlideImage,
  updateCarouselSlides,
} from '@pauta/db';
import { mediaLimitsOf, NETWORK_PROFILES } from '@pauta/networks';
import sharp from 'sharp';
import type { AppDeps } from '../deps.js';
import {
  browserMediaUrl,
  decodeImage,
  type MediaServiceDeps,
  storedImageFacts,
  storeImageFiles,
  withDecodeSlot,
} from '../media/media.service.js';
import { processImage } from '../media/process-image.js';
import { renderSlide } from './render-slide.js';

export type CarouselDeps = MediaServiceDeps & Pick<AppDeps, 'drafts'>;

export interface CarouselSlideView {
  id: string;
  kind: SlideKind;
  title: string;
  body: string;
  /** Same-origin signed URLs of the rendered PNG and its thumbnail; null until rendered. */
  image: { url: string; thumbUrl: string; width: number; height: number; sizeBytes: number } | null;
}

export interface CarouselView {
  postId: string;
  format: CarouselFormat;
  version: number;
  slides: CarouselSlideView[];
  /** The post's network takes at most this many images (its registry's maxImages). */
  maxImages: number;
  network: string;
  editable: boolean;
}

const refused = (issue: CarouselIssue) => new AppError('CAROUSEL_REFUSED', issue);

function refusalError(refusal: CarouselChangeRefusal): AppError {
  switch (refusal.refused) {
    case 'NOT_FOUND':
      return new AppError('NOT_FOUND');
    case 'STALE':
      return refused({ reason: 'STALE' });
    case 'NO_CAROUSEL':
      return refused({ reason: 'NO_CAROUSEL' });
    case 'ID_TAKEN':
      return new AppError('IDEMPOTENCY_KEY_REUSED');
    case 'REJECTED':
      return refused({ reason: 'NOT_EDITABLE' });
  }
}

async function context(deps: CarouselDeps, workspaceId: string, postId: string) {
  const post = await findCarouselPostContext(deps.db, workspaceId, postId);
  if (!post) throw new AppError('NOT_FOUND');
  return post;
}

function toView(
  deps: CarouselDeps,
  post: { postId: string; platform: Parameters<typeof mediaLimitsOf>[0]; status: PostStatus },
  row: CarouselRow | undefined,
): CarouselView | null {
  if (!row) return null;
  const sign = (key: string) => browserMediaUrl(deps.media.signingKey, key);
  return {
    postId: post.postId,
    format: row.format,
    version: row.version,
    slides: row.slides.map((s) => ({
      id: s.id,
      kind: s.kind,
      title: s.title,
      body: s.body,
      image: s.image
        ? {
            url: sign(s.image.key),
            thumbUrl: sign(s.image.thumb_key),
            width: s.image.width,
            height: s.image.height,
            sizeBytes: s.image.size_bytes,
          }
        : null,
    })),
    maxImages: mediaLimitsOf(post.platform).maxImages,
    network: NETWORK_PROFILES[post.platform].label,
    editable: (EDITABLE_POST_STATUSES as readonly PostStatus[]).includes(post.status),
  };
}

/** The post's carousel, or null when none was generated yet. */
export async function getCarousel(
  deps: CarouselDeps,
  options: { workspaceId: string; postId: string },
): Promise<{ carousel: CarouselView | null; maxImages: number; network: string }> {
  const post = await context(deps, options.workspaceId, options.postId);
  const row = await findCarousel(deps.db, options.workspaceId, options.postId);
  return {
    carousel: toView(deps, post, row),
    maxImages: mediaLimitsOf(post.platform).maxImages,
    network: NETWORK_PROFILES[post.platform].label,
  };
}

/** "Gerar carrossel com IA": the AI writes the slides; they replace the post's carousel, not yet rendered. */
export async function generateCarousel(
  deps: CarouselDeps,
  options: {
    workspaceId: string;
    userId: string;
    postId: string;
    format: CarouselFormat;
    requestId?: string;
  },
): Promise<CarouselView> {
  const post = await context(deps, options.workspaceId, options.postId);
  if (!(EDITABLE_POST_STATUSES as readonly PostStatus[]).includes(post.status))
    throw refused({ reason: 'NOT_EDITABLE' });
  const write = deps.drafts.writeCarousel;
  if (!write || deps.drafts.aiConfigured !== true) throw new AppError('AI_NOT_CONFIGURED');
  const written = await write({
    userId: options.userId,
    postTitle: post.title,
    postText: post.content,
    themeName: post.themeName,
    requestId: options.requestId,
  });
  const slides = written
    .slice(0, CAROUSEL_AI_MAX_SLIDES)
    .map((s) => ({ id: randomUUID(), ...s, image: null }));
  const result = await saveGeneratedCarousel(deps.db, {
    workspaceId: options.workspaceId,
    postId: options.postId,
    userId: options.userId,
    format: options.format,
    slides,
  });
  if ('refused' in result) throw refusalError(result);
  deps.media.kickSweeper?.();
  return toView(deps, post, result.carousel)!;
}

/** Saves the person's slides (text, order, removals, format); changed slides lose their image. */
export async function saveCarouselSlides(
  deps: CarouselDeps,
  options: {
    workspaceId: string;
    postId: string;
    expectedVersion: number;
    format: CarouselFormat;
    slides: { id: string; kind: SlideKind; title: string; body: string }[];
  },
): Promise<CarouselView> {
  const slides = options.slides.map((s) => ({ ...s, title: s.title.trim(), body: s.body.trim() }));
  const issue = slidesIssue(slides);
  if (issue) throw refused(issue);
  if (new Set(slides.map((s) => s.id)).size !== slides.length) throw refused({ reason: 'STALE' });
  const post = await context(deps, options.workspaceId, options.postId);
  const result = await updateCarouselSlides(deps.db, { ...options, slides });
  if ('refused' in result) throw refusalError(result);
  deps.media.kickSweeper?.();
  return toView(deps, post, result.carousel)!;
}

async function logoPng(deps: CarouselDeps, logoKey: string | null): Promise<Buffer | null> {
  if (logoKey === null) return null;
  try {
    const webp = await deps.media.storage.get(logoKey);
    return await withDecodeSlot(() =>
      sharp(webp).resize({ height: 176, withoutEnlargement: true }).png().toBuffer(),
    );
  } catch (error) {
    // A missing logo file must not block the carousel: the workspace's name is drawn instead.
    deps.logger.warn({ err: error }, 'logo do cliente ilegível; o carrossel usa o nome');
    return null;
  }
}

/**
 * Renders one slide to a PNG (and a WebP thumbnail) and attaches it, fenced by the slide's
 * content: a slide edited meanwhile answers STALE and keeps no image of its old text.
 */
export async function renderCarouselSlide(
  deps: CarouselDeps,
  options: { workspaceId: string; postId: string; slideId: string },
): Promise<CarouselView> {
  const post = await context(deps, options.workspaceId, options.postId);
  const row = await findCarousel(deps.db, options.workspaceId, options.postId);
  // No carousel: the slide id is not this workspace's (another's, or gone): NOT_FOUND, as for any id.
  if (!row) throw new AppError('NOT_FOUND');
  const index = row.slides.findIndex((s) => s.id === options.slideId);
  const slide = row.slides[index];
  if (!slide) throw new AppError('NOT_FOUND');
  // Already rendered from this text (a retried click): nothing to do.
  if (slide.image) return toView(deps, post, row)!;
  const rendered = await renderSlide({
    slide,
    index,
    total: row.slides.length,
    format: row.format,
    themeColor: post.themeColor,
    logoPng: await logoPng(deps, post.logoKey),
    workspaceName: post.workspaceName,
  });
  const thumb = await withDecodeSlot(() =>
    sharp(rendered.png).resize({ width: MEDIA_THUMB_WIDTH }).webp({ quality: 80 }).toBuffer(),
  );
  const { storageKey: key, thumbKey } = await storeImageFiles(
    deps,
    { workspaceId: options.workspaceId, postId: options.postId, id: randomUUID() },
    { bytes: rendered.png, mimeType: 'image/png', thumb },
  );
  const result = await setSlideImage(deps.db, {
    workspaceId: options.workspaceId,
    postId: options.postId,
    rendered: { id: slide.id, kind: slide.kind, title: slide.title, body: slide.body },
    format: row.format,
    image: {
      key,
      thumb_key: thumbKey,
      width: rendered.width,
      height: rendered.height,
      size_bytes: rendered.png.length,
    },
  });
  if ('refused' in result) throw refusalError(result);
  deps.media.kickSweeper?.();
  return toView(deps, post, result.carousel)!;
}

/**
 * "Usar no post": the slides become the post's images, in order, each processed as an upload for
 * the post's network (format, limits) with the slide's text as alt text. Refused when the network
 * takes fewer images than there are slides, or when a slide has no image yet.
 */
export async function useCarouselInPost(
  deps: CarouselDeps,
  options: { workspaceId: string; userId: string; postId: string; expectedVersion: number },
): Promise<{ count: number }> {
  const post = await context(deps, options.workspaceId, options.postId);
  const row = await findCarousel(deps.db, options.workspaceId, options.postId);
  if (!row) throw refused({ reason: 'NO_CAROUSEL' });
  if (row.version !== options.expectedVersion) throw refused({ reason: 'STALE' });
  if (!(EDITABLE_POST_STATUSES as readonly PostStatus[]).includes(post.status))
    throw refused({ reason: 'NOT_EDITABLE' });
  const limits = mediaLimitsOf(post.platform);
  const network = NETWORK_PROFILES[post.platform].label;
  if (limits.maxImages === 0) throw refused({ reason: 'NETWORK_NO_IMAGES', network });
  const max = Math.min(limits.maxImages, CAROUSEL_MAX_SLIDES);
  if (row.slides.length > max)
    throw refused({ reason: 'NETWORK_TOO_MANY', network, max, count: row.slides.length });
  if (row.slides.some((s) => s.image === null)) throw refused({ reason: 'NOT_RENDERED' });

  const items = [];
  const written: string[] = [];
  try {
    for (const slide of row.slides) {
      const png = await deps.media.storage.get(slide.image!.key);
      const image = await decodeImage(() => processImage(png, post.platform, limits));
      const id = randomUUID();
      const { storageKey, thumbKey } = await storeImageFiles(
        deps,
        { workspaceId: options.workspaceId, postId: options.postId, id },
        image,
        written,
      );
      items.push({
        id,
        userId: options.userId,
        storageKey,
        thumbKey,
        ...storedImageFacts(image),
        altText: slideAltText(slide),
      });
    }
  } catch (error) {
    // The reservations are the safety net; delete what was written now.
    await deps.media.storage.delete(written).catch(() => undefined);
    throw error;
  }
  const result = await replacePostMediaWithSlides(deps.db, {
    workspaceId: options.workspaceId,
    postId: options.postId,
    expectedVersion: options.expectedVersion,
    items,
  });
  if ('refused' in result) {
    await deps.media.storage.delete(written).catch(() => undefined);
    throw refusalError(result);
  }
  deps.media.kickSweeper?.();
  return result;
}
