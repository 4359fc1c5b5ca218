// Job payloads: the contract between the web process (which enqueues) and the worker. Jobs carry
// ids only — never tokens or post text (docs/security.md S2).
import { z } from 'zod';
import type { Platform } from '../constants/platforms.js';
import { JOB_NAMES, publishJobId } from '../constants/queues.js';

export const publishJobSchema = z.strictObject({
  postId: z.uuid(),
  version: z.number().int().min(1),
  /** The web request that scheduled the post, for log correlation. */
  requestId: z.string().max(64).optional(),
});
export type PublishJob = z.infer<typeof publishJobSchema>;

/** One version of a scheduled post to wake the worker for: what both producers enqueue. */
export interface WakeUp {
  id: string;
  version: number;
  scheduled_for: Date;
  platform: Platform;
}

/** A BullMQ bulk-add entry (`Queue.addBulk`), without depending on BullMQ here. */
export interface WakeUpJob {
  name: typeof JOB_NAMES.publishPost;
  data: PublishJob;
  opts: { jobId: string; delay: number; removeOnComplete: true; removeOnFail: true; attempts: 1 };
}

/**
 * The wake-up jobs of `wakeUps`, grouped by network (one publish queue each): the job id of the
 * post version (a repeat is a no-op), a delay to its time, and nothing kept once it ran, because a
 * kept completed or failed job would block re-adding its id (docs/publishing.md). The web process
 * (server/src/queue/queue-gateway.ts) and the worker (worker/src/queues.ts) both enqueue these.
 */
export function wakeUpJobsByPlatform(
  wakeUps: readonly WakeUp[],
  options: { now: number; requestId?: string | undefined },
): Map<Platform, WakeUpJob[]> {
  const byPlatform = new Map<Platform, WakeUpJob[]>();
  for (const wakeUp of wakeUps) {
    const job: WakeUpJob = {
      name: JOB_NAMES.publishPost,
      data: {
        postId: wakeUp.id,
        version: wakeUp.version,
        ...(options.requestId ? { requestId: options.requestId } : {}),
      },
      opts: {
        jobId: publishJobId(wakeUp.id, wakeUp.version),
        delay: Math.max(0, wakeUp.scheduled_for.getTime() - options.now),
        removeOnComplete: true,
        removeOnFail: true,
        attempts: 1,
      },
    };
    const group = byPlatform.get(wakeUp.platform);
    if (group) group.push(job);
    else byPlatform.set(wakeUp.platform, [job]);
  }
  return byPlatform;
}
