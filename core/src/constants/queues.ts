/**
 * BullMQ queue and job names: the contract between the server (which enqueues) and the worker
 * (which processes). Job ids never contain ':' because BullMQ uses it as its key separator.
 */

import type { Platform } from './platforms.js';

export const QUEUES = {
  publish: 'publish',
  metrics: 'metrics',
} as const;

export const JOB_NAMES = {
  publishPost: 'publish-post',
  syncMetrics: 'sync-metrics',
} as const;

const JOB_ID_PART = /^[A-Za-z0-9_-]+$/;
const PUBLISH_JOB_ID = /^post-([A-Za-z0-9_-]+)-v(\d+)$/;

/**
 * Id of the delayed job that wakes the worker for one version of a post: `post-<id>-v<version>`.
 * Rescheduling bumps the version, so the old job finds nothing to claim and the new one does not
 * collide with it.
 */
export function publishJobId(postId: string, version: number): string {
  if (!JOB_ID_PART.test(postId)) {
    throw new RangeError(`Invalid post id for a job id: ${JSON.stringify(postId)}`);
  }
  if (!Number.isSafeInteger(version) || version < 0) {
    throw new RangeError(`Invalid post version for a job id: ${version}`);
  }
  return `post-${postId}-v${version}`;
}

/** Inverse of `publishJobId`; `null` for any other id. */
export function parsePublishJobId(jobId: string): { postId: string; version: number } | null {
  const match = PUBLISH_JOB_ID.exec(jobId);
  if (!match) return null;
  const version = Number(match[2]);
  if (!Number.isSafeInteger(version)) return null;
  return { postId: match[1]!, version };
}

/**
 * One publish queue per network, so each network has its own rate limiter and a 429 from one
 * network never slows the others (docs/reliability.md W8).
 */
export function publishQueueName(platform: Platform): string {
  return `${QUEUES.publish}-${platform}`;
}
