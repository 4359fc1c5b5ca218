// Job payloads: the contract between the web process (which enqueues) and the worker. Jobs carry
// ids only — never tokens or post text (RELIABILITY S2).
import { z } from 'zod';

export const publishJobSchema = z.strictObject({
  postId: z.uuid(),
  version: z.number().int().min(1),
  /** The web request that scheduled the post, for log correlation. */
  requestId: z.string().max(64).optional(),
});
export type PublishJob = z.infer<typeof publishJobSchema>;
