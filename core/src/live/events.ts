// Live updates (docs/live-updates.md): what a browser receives when the worker (or another tab)
// changes one of its posts. Ids, status, platform and timestamps only — never a title, content,
// token or the network's own error text (the pt-BR reason comes from the error code).
import { z } from 'zod';
import { PLATFORMS } from '../constants/platforms.js';
import { POST_STATUSES } from '../constants/statuses.js';

export const liveEventSchema = z.object({
  /** Monotonic (bigserial) id, as a string: the SSE event id the browser reconnects with. */
  id: z.string().regex(/^\d{1,18}$/),
  /** The workspace whose row changed: its members receive the event (docs/workspaces.md). */
  workspaceId: z.uuid(),
  userId: z.uuid(),
  /**
   * 'post': a post's status changed; 'metrics': a published post's metrics were read; 'account':
   * a connected account's health changed (flagged, limited, its expiry announced: errorCode says
   * which — ACCOUNT_NEEDS_RECONNECT, ACCOUNT_EXPIRING, RATE_LIMITED — or null); 'report': a
   * report's status or progress changed (docs/reports.md; errorCode when it failed).
   */
  kind: z.enum(['post', 'metrics', 'account', 'report', 'bulk']),
  postId: z.uuid().nullable(),
  publishedPostId: z.uuid().nullable(),
  /** The report of a 'report' event (absent from the other kinds' payloads). */
  reportId: z.uuid().nullable().default(null),
  /** The network; null only for a 'report' event. */
  platform: z.enum(PLATFORMS).nullable(),
  status: z.enum(POST_STATUSES).nullable(),
  /** The post's ErrorCode when it failed, needs attention, was missed or waits for a retry. */
  errorCode: z.string().max(64).nullable(),
  retryAt: z.coerce.date().nullable(),
  at: z.coerce.date(),
});
export type LiveEvent = z.infer<typeof liveEventSchema>;

/**
 * What the `live.events` subscription yields: an event (replayed: sent again after a reconnect),
 * `sync` (the stream's starting point; nothing to do) or `resync` (events may have been missed:
 * refetch everything shown).
 */
export type LiveMessage =
  | { type: 'event'; event: LiveEvent; replayed: boolean }
  | { type: 'sync' }
  | { type: 'resync' };

/** The PostgreSQL NOTIFY channel the trigger writes to. */
export const LIVE_CHANNEL = 'pauta_live';
