// 'Histórico de entrega' (issue 24, item 4): what happened to one post on its way to the network —
// each attempt's steps (claimed, send started, flagged, asked the network, retry scheduled,
// published…), the network's answer per attempt, and the owner's own actions — for its owner
// only. Built from what is recorded: the steps the delivery trigger derived from the post's
// changes and the publishing log of each attempt (docs/publishing.md, "Delivery timeline").
import { AppError } from '@pauta/core';
import { type Database, listDeliveryTimeline } from '@pauta/db';
import type { Kysely } from 'kysely';

export const DELIVERY_STEP_KINDS = [
  'claimed',
  'send_started',
  'published',
  'resolved_published',
  'failed',
  'flagged',
  'lookup_requested',
  'lookup_unresolved',
  'lookup_absent',
  'retry_scheduled',
  'released',
  'owner_retry',
  'owner_edit',
  'owner_reschedule',
  'missed',
] as const;

export type DeliveryStepKind = (typeof DELIVERY_STEP_KINDS)[number];

export type DeliveryEntry =
  | {
      kind: DeliveryStepKind;
      at: Date;
      attempt: number;
      /** The error code the step carries (a PublishErrorCode), if any. */
      code: string | null;
      /** pt-BR: the reason or result recorded with the step. */
      detail: string | null;
      /** When a retry is due, or the owner's new date. */
      dueAt: Date | null;
    }
  | {
      /** The answer recorded for an attempt (publishing_logs): success with the network's id, or the error. */
      kind: 'answer';
      at: Date;
      attempt: number;
      ok: boolean;
      platformPostId: string | null;
      /** pt-BR summary and the network's detail (status code, message), never a token. */
      detail: string | null;
      /** Who recorded it: the network, the worker, the reconciler. */
      source: string | null;
    };

export interface DeliveryTimeline {
  entries: DeliveryEntry[];
  /** The published post's link on the network, once published. */
  url: string | null;
}

const isStepKind = (kind: string): kind is DeliveryStepKind =>
  (DELIVERY_STEP_KINDS as readonly string[]).includes(kind);

/** NOT_FOUND when the post is not the caller's (or does not exist), as every post procedure. */
export async function deliveryTimeline(
  deps: { db: Kysely<Database> },
  workspaceId: string,
  postId: string,
): Promise<DeliveryTimeline> {
  const found = await listDeliveryTimeline(deps.db, { workspaceId, postId });
  if (found === undefined) throw new AppError('NOT_FOUND');
  const entries: DeliveryEntry[] = [
    ...found.steps.flatMap((step): DeliveryEntry[] =>
      isStepKind(step.kind)
        ? [
            {
              kind: step.kind,
              at: step.created_at,
              attempt: step.attempt,
              code: step.code,
              detail: step.detail,
              dueAt: step.due_at,
            },
          ]
        : [],
    ),
    ...found.attempts.map(
      (attempt): DeliveryEntry => ({
        kind: 'answer',
        at: attempt.attempted_at,
        attempt: attempt.attempt,
        ok: attempt.status === 'success',
        platformPostId: attempt.platform_post_id,
        detail: attempt.error_message,
        source: attempt.error_location,
      }),
    ),
  ];
  // Oldest first; an attempt's answer after its own steps when recorded in the same instant.
  entries.sort(
    (a, b) =>
      a.at.getTime() - b.at.getTime() || (a.kind === 'answer' ? 1 : 0) - (b.kind === 'answer' ? 1 : 0),
  );
  return { entries, url: found.url };
}
