// Deletes the files of deleted images (docs/media.md): every minute, and soon after a removal in
// this process, it sweeps media_garbage — filled in the same transaction as any post_media delete
// (a post, a theme or a user deleted, by whatever statement) and by uploads that never finished.
import {
  expireComposerMedia,
  type MediaStorage,
  sweepExpiredVideoUploads,
  sweepMediaGarbage,
} from '@pauta/db';
import type { AppDeps } from '../deps.js';
import type { Logger } from '../logger.js';

/** How long an image uploaded in "Novo post" waits for the composer's save (docs/composer.md). */
export const COMPOSER_MEDIA_MAX_AGE_MS = 6 * 3_600_000;

export interface MediaSweeper {
  /** Sweep soon (coalesced with a sweep already running). */
  kick(): void;
  /** Sweep now and wait (tests, shutdown). Returns the number of files deleted. */
  sweepNow(): Promise<number>;
  stop(): Promise<void>;
}

export function startMediaSweeper(
  deps: { db: AppDeps['db']; storage: MediaStorage; logger: Logger },
  intervalMs = 60_000,
): MediaSweeper {
  let running: Promise<number> | null = null;
  let again = false;
  const sweep = (): Promise<number> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      let total = 0;
      try {
        do {
          again = false;
          // Video uploads left unfinished past their expiry (docs/media.md): aborted, rows gone,
          // their staging bytes queued below.
          for (;;) {
            const n = await sweepExpiredVideoUploads(deps.db, deps.storage);
            if (n < 100) break;
          }
          // Composer uploads never saved nor cancelled (a closed browser, docs/composer.md): rows
          // gone, their files queued below.
          await expireComposerMedia(deps.db, COMPOSER_MEDIA_MAX_AGE_MS);
          for (;;) {
            const n = await sweepMediaGarbage(deps.db, deps.storage);
            total += n;
            if (n < 500) break;
          }
        } while (again);
        if (total)
          deps.logger.debug({ deleted: total }, 'arquivos de imagens apagadas removidos do armazenamento');
      } catch (error) {
        deps.logger.warn(
          { err: error },
          'falha ao apagar arquivos de imagens; nova tentativa no próximo ciclo',
        );
      } finally {
        running = null;
      }
      return total;
    })();
    return running;
  };
  const timer = setInterval(() => void sweep(), intervalMs);
  timer.unref();
  return {
    kick: () => void sweep(),
    sweepNow: sweep,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
