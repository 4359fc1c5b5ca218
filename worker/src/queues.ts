// The worker's producer side: re-adding wake-ups (retries, reconciler). Same job ids and payload
// as the web process (core's contract); when Redis is away the reconciler repeats it later.

import { JOB_NAMES, PLATFORMS, type Platform, publishJobId, publishQueueName } from '@pauta/core';
import type { PublishJob } from '@pauta/core/schemas/jobs';
import type { DueWakeUp } from '@pauta/db';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';

export function createPublishQueues(connection: Redis, prefix: string): Map<Platform, Queue> {
  return new Map(
    PLATFORMS.map((platform) => {
      const queue = new Queue(publishQueueName(platform), { connection, prefix });
      queue.on('error', () => {});
      return [platform, queue] as const;
    }),
  );
}

export async function addWakeUps(
  queues: Map<Platform, Queue>,
  wakeUps: DueWakeUp[],
  now = Date.now(),
): Promise<void> {
  const byPlatform = new Map<Platform, DueWakeUp[]>();
  for (const w of wakeUps) byPlatform.set(w.platform, [...(byPlatform.get(w.platform) ?? []), w]);
  await Promise.all(
    [...byPlatform].map(([platform, group]) =>
      queues.get(platform)!.addBulk(
        group.map((w) => {
          const data: PublishJob = { postId: w.id, version: w.version };
          return {
            name: JOB_NAMES.publishPost,
            data,
            opts: {
              jobId: publishJobId(w.id, w.version),
              delay: Math.max(0, w.scheduled_for.getTime() - now),
              removeOnComplete: true,
              removeOnFail: true,
              attempts: 1,
            },
          };
        }),
      ),
    ),
  );
}
