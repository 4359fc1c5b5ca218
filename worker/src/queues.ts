// The worker's producer side: re-adding wake-ups (retries, reconciler). Same job ids and payload
// as the web process (core's contract); when Redis is away the reconciler repeats it later.

import { PLATFORMS, type Platform, publishQueueName } from '@pauta/core';
import { type WakeUp, wakeUpJobsByPlatform } from '@pauta/core/schemas/jobs';
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
  wakeUps: readonly WakeUp[],
  now = Date.now(),
): Promise<void> {
  const jobs = wakeUpJobsByPlatform(wakeUps, { now });
  await Promise.all([...jobs].map(([platform, group]) => queues.get(platform)!.addBulk(group)));
}
