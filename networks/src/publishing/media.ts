// Images on a post: the check made before any request against the network's limits (declared once
// in networks/src/<network>/media.ts), and the rule
// that keeps a multi-step publish exactly-once (docs/publishing.md, "Posts with images"): media
// uploads create nothing anyone sees, so a failure before the final create call is never a
// doubtful outcome — it is retried (or stopped), and a retry uploads again.
import {
  formatMediaBytes,
  MEDIA_FORMAT_LABELS,
  type MediaLimits,
  PLATFORM_LABELS,
  type Platform,
} from '@pauta/core';
import type { HttpContext } from './http.js';
import { publishError } from './http.js';
import { PublishError, type PublishMedia } from './types.js';

function typeLabel(mimeType: string): string {
  return (
    (MEDIA_FORMAT_LABELS as Record<string, string | undefined>)[mimeType] ??
    mimeType.replace(/^image\//, '').toUpperCase()
  );
}

/**
 * The first reason `media` cannot go to the network, as a permanent failure whose pt-BR reason
 * names the network and the limit; null when every image fits. Nothing is sent before this.
 *
 * `limits` is the network's one definition (networks/src/<network>/media.ts, the descriptor's
 * `mediaLimits`, `mediaLimitsOf(platform)`), the same the upload validation applies
 * (server/src/media/process-image.ts): an image accepted at upload passes here, and this check
 * only catches what changed since (or a caller that skipped the upload path).
 */
export function checkMedia(
  ctx: Pick<HttpContext, 'platform' | 'secrets'>,
  limits: MediaLimits,
  media: readonly PublishMedia[],
): PublishError | null {
  const refusal = mediaRefusal(
    ctx.platform,
    limits,
    media.map((item) => ({
      mimeType: item.mimeType,
      byteLength: item.bytes.byteLength,
      width: item.width,
      height: item.height,
    })),
  );
  if (!refusal) return null;
  return publishError(ctx, 'permanent', 'REJECTED', `${ctx.platform}: ${refusal.message}`, {
    networkCode: refusal.networkCode,
    reason: refusal.reason,
  });
}

/** What `mediaRefusal` reads of an image: its stored facts (no bytes needed). */
export interface MediaFacts {
  mimeType: string;
  byteLength: number;
  width: number;
  height: number;
}

/**
 * The first reason images with these facts cannot go to the network, or null: `reason` is the
 * pt-BR sentence naming the network and the limit. The publisher's check (`checkMedia`) and the
 * pre-flight (docs/preflight.md) both read it, so they say the same.
 */
export function mediaRefusal(
  platform: Platform,
  limits: MediaLimits,
  media: readonly MediaFacts[],
): { networkCode: string; message: string; reason: string } | null {
  const label = PLATFORM_LABELS[platform];
  const stop = (networkCode: string, message: string, reason: string) => ({ networkCode, message, reason });
  if (media.length > limits.maxImages) {
    return stop(
      'MEDIA_COUNT',
      `${media.length} images, at most ${limits.maxImages}`,
      `O ${label} aceita no máximo ${limits.maxImages} ${limits.maxImages === 1 ? 'imagem' : 'imagens'} por post; este tem ${media.length}. Remova imagens e reagende.`,
    );
  }
  if (limits.gifAlone && media.length > 1 && media.some((item) => item.mimeType === 'image/gif')) {
    return stop(
      'MEDIA_GIF_ALONE',
      `a GIF among ${media.length} images; a GIF must be alone`,
      `No ${label}, um GIF precisa ser a única imagem do post; este tem ${media.length} imagens. Remova imagens e reagende.`,
    );
  }
  const formats: readonly string[] = limits.formats;
  for (const [index, item] of media.entries()) {
    const which = `A imagem ${index + 1}`;
    if (!formats.includes(item.mimeType)) {
      return stop(
        'MEDIA_TYPE',
        `image ${index + 1} is ${item.mimeType}, accepted: ${formats.join(', ')}`,
        `${which} está em ${typeLabel(item.mimeType)}, e o ${label} só aceita ${formats.map(typeLabel).join(', ')}. Troque a imagem e reagende.`,
      );
    }
    const max = item.mimeType === 'image/gif' ? (limits.maxGifBytes ?? limits.maxBytes) : limits.maxBytes;
    if (item.byteLength > max) {
      // "4,0 MB" against "4 MB" would read as equal: a size just over the limit reads "mais de 4 MB".
      const size = formatMediaBytes(item.byteLength);
      return stop(
        'MEDIA_TOO_LARGE',
        `image ${index + 1} has ${item.byteLength} bytes, at most ${max}`,
        `${which} tem ${size === formatMediaBytes(max) ? `mais de ${size}` : size}, e o ${label} aceita até ${formatMediaBytes(max)}. Troque a imagem e reagende.`,
      );
    }
    if (limits.maxPixels !== undefined && item.width * item.height > limits.maxPixels) {
      return stop(
        'MEDIA_TOO_LARGE',
        `image ${index + 1} has ${item.width}×${item.height} pixels, at most ${limits.maxPixels}`,
        `${which} tem ${item.width}×${item.height} pixels, mais do que o ${label} aceita (${Math.floor(limits.maxPixels / 1e6)} megapixels). Troque a imagem e reagende.`,
      );
    }
    if (limits.minWidth !== undefined && item.width < limits.minWidth) {
      return stop(
        'MEDIA_TOO_SMALL',
        `image ${index + 1} is ${item.width} px wide, at least ${limits.minWidth}`,
        `${which} tem ${item.width} px de largura, e o ${label} exige pelo menos ${limits.minWidth} px. Troque a imagem e reagende.`,
      );
    }
    const aspect = limits.aspectRatio;
    if (aspect !== undefined && item.height > 0) {
      const ratio = item.width / item.height;
      // The same 0.5 % of slack as the upload check (a 1079 × 1350 crop is still 4:5).
      if (ratio < aspect.min * 0.995 || ratio > aspect.max * 1.005) {
        return stop(
          'MEDIA_ASPECT',
          `image ${index + 1} is ${item.width}×${item.height}, aspect ${ratio.toFixed(2)} outside ${aspect.min}–${aspect.max}`,
          `${which} tem proporção ${item.width}×${item.height}, e o ${label} só aceita de ${aspect.minLabel} (retrato) a ${aspect.maxLabel} (paisagem). Recorte a imagem e reagende.`,
        );
      }
    }
  }
  return null;
}

/**
 * A doubtful failure (kind `unknown`) of a step before anything visible exists — an upload, a
 * container, a status read — made the plain retry it is: the next attempt uploads again and the
 * orphan is never shown. `moment` says in the message when it failed ("before the post was
 * created"), `reason` is the owner's pt-BR explanation. Other kinds are kept (a 4xx on an upload
 * is a permanent refusal; 401 refreshes; 429 waits).
 */
export function asPlainRetry(error: unknown, step: string, moment: string, reason: string): unknown {
  if (!(error instanceof PublishError) || error.kind !== 'unknown') return error;
  const converted = new PublishError(
    'retryable',
    'NETWORK_UNAVAILABLE',
    `${error.message} (during ${step}, ${moment}: nothing was published)`,
    { ...error.details, reason },
  );
  converted.stack = error.stack;
  return converted;
}

/** Runs one step before anything visible exists, its doubtful failures made plain retries (asPlainRetry). */
export async function invisibleStep<T>(
  work: () => Promise<T>,
  step: string,
  moment: string,
  reason: string,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asPlainRetry(error, step, moment, reason);
  }
}

/** Runs one step before the final create call of a post with images (asPlainRetry). */
export function mediaStep<T>(platform: Platform, step: string, work: () => Promise<T>): Promise<T> {
  return invisibleStep(
    work,
    step,
    'before the post was created',
    `A conexão com o ${PLATFORM_LABELS[platform]} falhou durante o envio das imagens, antes de o post ser criado: nada foi publicado. Uma nova tentativa será feita automaticamente.`,
  );
}

/** What must be left of the call's deadline to send the final create call after media steps. */
export const SEND_RESERVE_MS = 5_000;

/**
 * Before the visible call of a post: when the steps before it left less than `SEND_RESERVE_MS` (or
 * a quarter of the per-request timeout, if smaller) before the deadline, stop with a plain retry —
 * nothing visible exists yet — rather than send a call the deadline could cut off mid-way (a
 * doubtful outcome a person must check). `slow` words it: which steps, which call, the code and
 * the owner's reason.
 */
export function ensureTimeLeft(
  ctx: Pick<HttpContext, 'platform' | 'secrets' | 'timeoutMs'>,
  deadline: number | undefined,
  now: number,
  slow: { steps: string; call: string; networkCode: string; reason: string },
): void {
  if (deadline === undefined) return;
  const reserve = Math.min(SEND_RESERVE_MS, ctx.timeoutMs / 4);
  const left = deadline - now;
  if (left >= reserve) return;
  throw publishError(
    ctx,
    'retryable',
    'NETWORK_UNAVAILABLE',
    `${ctx.platform}: the ${slow.steps} steps left ${Math.max(0, left)} ms before the deadline, less than the ${reserve} ms the ${slow.call} call needs; nothing was published`,
    { networkCode: slow.networkCode, reason: slow.reason },
  );
}

/** ensureTimeLeft before the create call of a post with images (`MEDIA_SLOW`). */
export function ensureTimeToSend(
  ctx: Pick<HttpContext, 'platform' | 'secrets' | 'timeoutMs'>,
  deadline: number | undefined,
  now: number = Date.now(),
): void {
  ensureTimeLeft(ctx, deadline, now, {
    steps: 'media',
    call: 'post',
    networkCode: 'MEDIA_SLOW',
    reason: `O envio das imagens ao ${PLATFORM_LABELS[ctx.platform]} demorou demais e o post não foi criado: nada foi publicado. Uma nova tentativa será feita automaticamente.`,
  });
}

/** The alt text as the network takes it: trimmed and cut at `max` characters. */
export function altTextFor(media: Pick<PublishMedia, 'altText'>, max: number): string {
  const text = media.altText.trim();
  const chars = [...text];
  return chars.length > max ? chars.slice(0, max).join('') : text;
}

/** The bytes as a Blob (multipart uploads). */
export function mediaBlob(media: PublishMedia): Blob {
  return new Blob([media.bytes as Uint8Array<ArrayBuffer>], { type: media.mimeType });
}

/** Runs `work` over the images with at most `limit` in flight, keeping their order. */
export async function mapLimitedMedia<T, R>(
  media: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(media.length);
  let next = 0;
  let failed = false;
  const runners = Array.from({ length: Math.min(limit, media.length) }, async () => {
    while (next < media.length && !failed) {
      const index = next;
      next += 1;
      try {
        results[index] = await work(media[index]!, index);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
  });
  // Every runner settles before the first failure is reported (no upload left running).
  const settled = await Promise.allSettled(runners);
  const rejected = settled.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (rejected !== undefined) throw rejected.reason;
  return results;
}
