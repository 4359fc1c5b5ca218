// What Instagram's and Facebook's video publishing share (docs/publishing.md, "Exactly once"):
// every step before the one that makes the post visible (a container, an upload session, chunks,
// status reads) creates nothing anyone sees, so a doubtful outcome there is a plain retry, told
// to the owner in pt-BR as such; and the visible call is sent only with enough deadline left.
import { PLATFORM_LABELS, type Platform } from '@pauta/core';
import { type HttpContext, publishError } from '../publishing/http.js';
import { SEND_RESERVE_MS } from '../publishing/media.js';
import { PublishError } from '../publishing/types.js';

/** Runs one invisible step of a video publish; its doubtful failures become plain retries. */
export async function videoStep<T>(platform: Platform, step: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof PublishError) || error.kind !== 'unknown') throw error;
    const converted = new PublishError(
      'retryable',
      'NETWORK_UNAVAILABLE',
      `${error.message} (during ${step}, before the post was made visible: nothing was published)`,
      {
        ...error.details,
        reason: `A conexão com o ${PLATFORM_LABELS[platform]} falhou durante o envio do vídeo, antes de o post ser criado: nada foi publicado. Uma nova tentativa será feita automaticamente.`,
      },
    );
    converted.stack = error.stack;
    throw converted;
  }
}

/**
 * Before the visible call of a video post: when the upload and processing left less than
 * `SEND_RESERVE_MS` (or a quarter of the per-request timeout) of the call's deadline, stop with a
 * plain retry rather than send a call the deadline could cut off (a doubtful outcome).
 */
export function ensureTimeToPublishVideo(
  ctx: Pick<HttpContext, 'platform' | 'secrets' | 'timeoutMs'>,
  deadline: number | undefined,
  now: number = Date.now(),
): void {
  if (deadline === undefined) return;
  const reserve = Math.min(SEND_RESERVE_MS, ctx.timeoutMs / 4);
  const left = deadline - now;
  if (left >= reserve) return;
  throw publishError(
    ctx,
    'retryable',
    'NETWORK_UNAVAILABLE',
    `${ctx.platform}: the video steps left ${Math.max(0, left)} ms before the deadline, less than the ${reserve} ms the publish call needs; nothing was published`,
    {
      networkCode: 'VIDEO_SLOW',
      reason: `O envio do vídeo ao ${PLATFORM_LABELS[ctx.platform]} demorou demais e o post não foi criado: nada foi publicado. Uma nova tentativa será feita automaticamente.`,
    },
  );
}
